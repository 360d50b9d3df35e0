package in.results.alerts;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;

/**
 * The key a subscription's webhooks are signed with, and the bearer secret its owner manages it with. Its text form
 * is Standard Webhooks' {@code whsec_} followed by the key in base64 (the standard alphabet, with padding).
 *
 * <p>{@link #toString()} never shows the key; {@link #equals} compares the keys' bytes.
 */
public record WebhookSecret(byte[] key) {
    /** The prefix of the text form. */
    public static final String PREFIX = "whsec_";

    /**
     * Bytes of a generated key: 256 bits, the size of an HMAC-SHA256 output, within the 24 to 64 bytes Standard
     * Webhooks asks for.
     */
    static final int GENERATED_BYTES = 32;

    private static final int MIN_BYTES = 24;
    private static final int MAX_BYTES = 64;

    /**
     * A secret with a copy of {@code key}.
     *
     * @throws IllegalArgumentException when the key is not 24 to 64 bytes
     */
    public WebhookSecret {
        if (key.length < MIN_BYTES || key.length > MAX_BYTES) {
            throw new IllegalArgumentException("a webhook key is " + MIN_BYTES + " to " + MAX_BYTES + " bytes");
        }
        key = key.clone();
    }

    /** A new secret of 32 bytes from {@code random}. */
    public static WebhookSecret generate(SecureRandom random) {
        byte[] key = new byte[GENERATED_BYTES];
        random.nextBytes(key);
        return new WebhookSecret(key);
    }

    /**
     * The secret of a text form made by {@link #text()}.
     *
     * @throws IllegalArgumentException when {@code text} is null, lacks the {@code whsec_} prefix, is not base64 in
     *     the canonical form {@link #text()} writes, or holds a key of the wrong size; the message never repeats it
     */
    public static WebhookSecret parse(String text) {
        if (text == null || !text.startsWith(PREFIX)) {
            throw new IllegalArgumentException("a webhook secret starts with " + PREFIX);
        }
        byte[] key;
        try {
            key = Base64.getDecoder().decode(text.substring(PREFIX.length()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a webhook secret is " + PREFIX + " and base64 after it");
        }
        WebhookSecret secret = new WebhookSecret(key);
        // The decoder also takes unpadded text and stray low bits; one key has one text, so that matches() holds for
        // every secret parse() takes.
        if (!secret.text().equals(text)) {
            throw new IllegalArgumentException("a webhook secret is " + PREFIX + " and padded base64 after it");
        }
        return secret;
    }

    /** A copy of the key's bytes. */
    @Override
    public byte[] key() {
        return key.clone();
    }

    /** {@code whsec_} and the key in base64: what the subscriber is given once and presents as a bearer token. */
    public String text() {
        return PREFIX + Base64.getEncoder().encodeToString(key);
    }

    /**
     * Whether {@code presented} (the token of an {@code Authorization: Bearer} header; null for none) is this secret's
     * {@link #text()}, compared in time that does not depend on where the two first differ.
     */
    public boolean matches(String presented) {
        return presented != null
                && MessageDigest.isEqual(
                        text().getBytes(StandardCharsets.UTF_8), presented.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof WebhookSecret that && MessageDigest.isEqual(key, that.key);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(key);
    }

    @Override
    public String toString() {
        return "WebhookSecret[" + key.length + " bytes]";
    }
}
