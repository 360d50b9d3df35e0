package in.results.alerts;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * The bearer token an app reads and ends its webhook subscription with, apart from the signing secret (which the
 * receiving end holds too): {@code subtok_} and 32 random bytes in base64url. It is shown once, when the subscription
 * is made; the database keeps only its SHA-256, so that a copy of the database does not hand out control of the
 * subscriptions (a hash of 256 random bits needs no salt nor a slow hash: there is nothing to guess).
 */
final class ManagementToken {
    static final String PREFIX = "subtok_";
    private static final int BYTES = 32;

    private ManagementToken() {}

    /** A new token from {@code random}. */
    static String generate(SecureRandom random) {
        byte[] bytes = new byte[BYTES];
        random.nextBytes(bytes);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The SHA-256 of {@code token}'s UTF-8 bytes, lower-case hex: what the database keeps. */
    static String hashOf(String token) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /**
     * Whether {@code presented} (a bearer token; null for none) is the token whose hash is {@code hash}, compared in
     * time that does not depend on where the two hashes first differ.
     */
    static boolean matches(String presented, String hash) {
        return presented != null
                && MessageDigest.isEqual(
                        hashOf(presented).getBytes(StandardCharsets.US_ASCII),
                        hash.getBytes(StandardCharsets.US_ASCII));
    }
}
