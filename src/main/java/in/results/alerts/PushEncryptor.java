package in.results.alerts;

import com.zerodeplibs.webpush.EncryptedPushMessage;
import com.zerodeplibs.webpush.MessageEncryptions;
import com.zerodeplibs.webpush.PushMessage;
import com.zerodeplibs.webpush.UserAgentMessageEncryptionKeyInfo;
import com.zerodeplibs.webpush.VAPIDKeyPair;
import com.zerodeplibs.webpush.VAPIDKeyPairs;
import com.zerodeplibs.webpush.jwt.VAPIDJWTParam;
import com.zerodeplibs.webpush.key.PrivateKeySources;
import com.zerodeplibs.webpush.key.PublicKeySources;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Makes the request that hands one message to a browser's push service (RFC 8030 §5): the payload encrypted for the
 * subscription's keys (RFC 8291, {@code aes128gcm}) and a VAPID token signed with the service's keys (RFC 8292).
 *
 * <p>Sending is the caller's: with its own client and timeouts, redirects not followed. 201 means accepted; 404 and
 * 410 mean the subscription is gone; 429 and 5xx are worth another attempt, with a new request (the token ages and
 * each encryption takes a fresh key and salt). Thread-safe.
 */
public final class PushEncryptor {
    /**
     * The largest payload taken, before encryption. One aes128gcm record of the usual 4,096 bytes holds 3,993 bytes
     * of plaintext; some push services take less, and a compact alert needs far less than either.
     */
    public static final int MAX_PAYLOAD_BYTES = 3_000;

    /**
     * How long a VAPID token is valid. RFC 8292 allows at most 24 hours and push services check that against their
     * own clocks; half of it leaves room for a clock that runs ahead.
     */
    static final Duration TOKEN_LIFETIME = Duration.ofHours(12);

    private final VAPIDKeyPair vapid;
    private final Clock clock;

    /** @param clock for the expiry of VAPID tokens */
    public PushEncryptor(VapidKeys keys, Clock clock) {
        this.vapid = VAPIDKeyPairs.of(
                PrivateKeySources.ofECPrivateKey(keys.privateKey()), PublicKeySources.ofECPublicKey(keys.publicKey()));
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * A POST of {@code payload} to {@code to}'s endpoint, encrypted for its keys, with the headers RFC 8030 asks for
     * ({@code TTL}, {@code Urgency: high}) and {@code Authorization: vapid t=<token>, k=<public key>}, the token's
     * audience being the endpoint's origin.
     *
     * @param ttl how long the push service should keep the message for a browser that is offline (whole seconds)
     * @param vapidSubject how the push service's operator can reach us: a {@code mailto:} or {@code https:} URI
     * @throws IllegalArgumentException when the payload is longer than {@link #MAX_PAYLOAD_BYTES}, the TTL negative
     *     or the subject not a mailto: or https: URI
     */
    OutgoingPost request(PushSubscription to, byte[] payload, Duration ttl, String vapidSubject) {
        if (payload.length > MAX_PAYLOAD_BYTES) {
            throw new IllegalArgumentException(
                    "a push payload is at most " + MAX_PAYLOAD_BYTES + " bytes, not " + payload.length);
        }
        if (ttl.isNegative()) {
            throw new IllegalArgumentException("a push message's TTL is not negative");
        }
        if (!isVapidSubject(vapidSubject)) {
            throw new IllegalArgumentException("the VAPID subject is a mailto: or https: URI");
        }
        VAPIDJWTParam token = VAPIDJWTParam.getBuilder()
                .resourceURLString(to.origin())
                .expirationTime(clock.instant().plus(TOKEN_LIFETIME))
                .subject(vapidSubject)
                .build();
        // A new encryption per request: it holds a MAC that is not safe to share between threads.
        EncryptedPushMessage body = MessageEncryptions.of()
                .encrypt(UserAgentMessageEncryptionKeyInfo.of(to.p256dh(), to.auth()), PushMessage.of(payload));
        return new OutgoingPost(
                to.endpoint().toString(),
                Map.of(
                        "Content-Type", body.mediaType(),
                        "Content-Encoding", body.contentEncoding(),
                        "TTL", Long.toString(ttl.toSeconds()),
                        "Urgency", "high",
                        "Authorization", vapid.generateAuthorizationHeaderValue(token)),
                body.toBytes());
    }

    /**
     * Whether {@code subject} can be a VAPID token's {@code sub} (RFC 8292 §2.1): a {@code mailto:} URI or an
     * {@code https:} URL, which push services use to reach the sender's operator. For checking a setting at start-up.
     */
    public static boolean isVapidSubject(String subject) {
        if (subject == null || subject.isBlank()) {
            return false;
        }
        URI uri;
        try {
            uri = new URI(subject);
        } catch (URISyntaxException e) {
            return false;
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        return switch (scheme) {
            case "mailto" -> uri.getSchemeSpecificPart().contains("@");
            case "https" -> uri.getHost() != null;
            default -> false;
        };
    }
}
