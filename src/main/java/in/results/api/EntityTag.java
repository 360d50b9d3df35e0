package in.results.api;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;

/**
 * Entity tags of answer bodies and the {@code If-None-Match} check, so that a client holding an answer gets
 * {@code 304 Not Modified} instead of the body again. Tags are weak ({@code W/"…"}): the body may go out compressed
 * or not, and {@code If-None-Match} compares weakly anyway (RFC 9110 §13.1.2).
 */
final class EntityTag {
    private static final int TAG_BYTES = 16;

    private EntityTag() {}

    /** The tag of a body: the first 128 bits of its SHA-256, base64url. */
    static String of(byte[] body) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(body);
            return "W/\"" + Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, TAG_BYTES))
                    + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /**
     * Whether an {@code If-None-Match} header value names {@code tag}: {@code *}, or a comma-separated list holding
     * the tag, weak or strong. A missing header matches nothing.
     */
    static boolean matches(String ifNoneMatch, String tag) {
        if (ifNoneMatch == null) {
            return false;
        }
        String opaque = opaque(tag);
        for (String candidate : ifNoneMatch.split(",")) {
            String listed = candidate.strip();
            if (listed.equals("*") || opaque(listed).equals(opaque)) {
                return true;
            }
        }
        return false;
    }

    private static String opaque(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }
}
