package in.results.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Objects;

/**
 * A browser's push subscription: the push service's URL for it and the browser's message encryption keys (RFC 8291).
 * Keys are kept in their canonical text form, base64url without padding, so two forms of one subscription are equal.
 *
 * <p>Only the shape is checked here; whether the endpoint's host may be reached (the same rules as a webhook URL) is
 * decided by the caller, at subscription and again at each delivery. A bad field is an
 * {@link IllegalArgumentException} whose message starts with the field as the browser's JSON names it ({@code
 * endpoint}, {@code keys.p256dh}, {@code keys.auth}).
 *
 * @param endpoint the push service's URL for this subscription: absolute, http or https, with a host, at most 2,000
 *     characters. Real push services use https; http is taken for push services on an intranet and in tests.
 * @param p256dh the browser's P-256 public key, the uncompressed point (65 bytes)
 * @param auth the browser's authentication secret (16 bytes)
 */
public record PushSubscription(URI endpoint, String p256dh, String auth) {
    /** The longest endpoint taken, as for webhook URLs. */
    public static final int MAX_ENDPOINT_LENGTH = 2_000;

    static final int AUTH_BYTES = 16;

    public PushSubscription {
        Objects.requireNonNull(endpoint, "endpoint");
        checkEndpoint(endpoint);
        p256dh = P256Keys.toBase64Url(P256Keys.uncompressed(
                P256Keys.publicKey(P256Keys.fromBase64Url(p256dh, "keys.p256dh"), "keys.p256dh")));
        byte[] secret = P256Keys.fromBase64Url(auth, "keys.auth");
        if (secret.length != AUTH_BYTES) {
            throw new IllegalArgumentException("keys.auth is not a " + AUTH_BYTES + "-byte authentication secret (got "
                    + secret.length + " bytes)");
        }
        auth = P256Keys.toBase64Url(secret);
    }

    private static void checkEndpoint(URI endpoint) {
        if (endpoint.toString().length() > MAX_ENDPOINT_LENGTH) {
            throw new IllegalArgumentException("endpoint is longer than " + MAX_ENDPOINT_LENGTH + " characters");
        }
        String scheme = endpoint.getScheme() == null ? "" : endpoint.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            throw new IllegalArgumentException("endpoint is not an http or https URL");
        }
        if (endpoint.getHost() == null) {
            throw new IllegalArgumentException("endpoint has no host");
        }
    }

    /**
     * The subscription in the JSON a browser's {@code PushSubscription.toJSON()} gives: {@code {"endpoint": …,
     * "expirationTime": …, "keys": {"p256dh": …, "auth": …}}}. {@code expirationTime} is not read: browsers send
     * null, and a subscription that has ended is learned from the push service's 404 or 410.
     *
     * @throws IllegalArgumentException naming the field that is missing or bad
     */
    public static PushSubscription fromJson(JsonNode json) {
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException("the subscription is not a JSON object");
        }
        String endpoint = text(json, "endpoint", "endpoint");
        JsonNode keys = json.get("keys");
        if (keys == null || keys.isNull()) {
            throw new IllegalArgumentException("keys is missing");
        }
        if (!keys.isObject()) {
            throw new IllegalArgumentException("keys is not a JSON object");
        }
        return new PushSubscription(
                endpointOf(endpoint), text(keys, "p256dh", "keys.p256dh"), text(keys, "auth", "keys.auth"));
    }

    private static String text(JsonNode object, String field, String path) {
        JsonNode value = object.get(field);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException(path + " is missing");
        }
        if (!value.isTextual()) {
            throw new IllegalArgumentException(path + " is not a string");
        }
        return value.textValue();
    }

    private static URI endpointOf(String text) {
        try {
            return new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("endpoint is not a URL");
        }
    }

    /** The browser's keys as a subscription keeps them: {@code "<p256dh> <auth>"}. */
    String keysText() {
        return p256dh + " " + auth;
    }

    /**
     * Whether {@code keysText} (as {@link #keysText()} wrote it) holds the authentication secret {@code auth} (canonical
     * base64url), compared in time that does not depend on where the two first differ.
     */
    static boolean authMatches(String keysText, String auth) {
        return MessageDigest.isEqual(
                authOf(keysText).getBytes(StandardCharsets.US_ASCII), auth.getBytes(StandardCharsets.US_ASCII));
    }

    /** The authentication secret in {@code keysText} (as {@link #keysText()} wrote it). */
    static String authOf(String keysText) {
        return keysText.substring(keysText.indexOf(' ') + 1);
    }

    /**
     * The endpoint's origin ({@code scheme://host[:port]}, lower case, the scheme's default port left out): the
     * audience of the VAPID token (RFC 8292 §2).
     */
    public String origin() {
        String scheme = endpoint.getScheme().toLowerCase(Locale.ROOT);
        int port = endpoint.getPort();
        boolean defaultPort =
                port == -1 || (scheme.equals("https") && port == 443) || (scheme.equals("http") && port == 80);
        return scheme + "://" + endpoint.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
    }
}
