package in.results.alerts;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.SequencedMap;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Webhook signatures as Standard Webhooks specifies them: {@code v1,} and the base64 HMAC-SHA256, keyed with the
 * secret's key bytes, of {@code <message id>.<timestamp>.<body>}; and the ids of the messages signed.
 */
public final class WebhookSignature {
    static final String ID_HEADER = "webhook-id";
    static final String TIMESTAMP_HEADER = "webhook-timestamp";
    static final String SIGNATURE_HEADER = "webhook-signature";

    /** Visible ASCII: the id goes into a header as it is. */
    private static final Pattern MESSAGE_ID = Pattern.compile("[!-~]+");

    private WebhookSignature() {}

    /**
     * The {@code webhook-signature} value for one attempt at sending {@code body}.
     *
     * @param messageId the event's id, the same on every attempt ({@link #messageId}); visible ASCII
     * @param timestampSeconds the attempt's time in Unix seconds (receivers refuse one more than five minutes away
     *     from their clock); 0 or more
     * @param body the request body exactly as sent: its UTF-8 bytes are signed, so the request must carry those bytes
     * @throws IllegalArgumentException for an empty or non-ASCII message id, or a negative timestamp
     */
    public static String sign(WebhookSecret secret, String messageId, long timestampSeconds, String body) {
        if (!MESSAGE_ID.matcher(messageId).matches()) {
            throw new IllegalArgumentException("a message id is visible ASCII characters");
        }
        if (timestampSeconds < 0) {
            throw new IllegalArgumentException("a timestamp is 0 or more Unix seconds");
        }
        byte[] signed = (messageId + "." + timestampSeconds + "." + body).getBytes(StandardCharsets.UTF_8);
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.key(), "HmacSHA256"));
            return "v1," + Base64.getEncoder().encodeToString(mac.doFinal(signed));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK has HmacSHA256", e);
        }
    }

    /**
     * The three headers of one attempt, in this order: {@code webhook-id}, {@code webhook-timestamp}, {@code
     * webhook-signature}; unmodifiable. Arguments and exceptions as {@link #sign}.
     */
    public static SequencedMap<String, String> headers(
            WebhookSecret secret, String messageId, long timestampSeconds, String body) {
        String signature = sign(secret, messageId, timestampSeconds, body);
        SequencedMap<String, String> headers = new LinkedHashMap<>();
        headers.put(ID_HEADER, messageId);
        headers.put(TIMESTAMP_HEADER, Long.toString(timestampSeconds));
        headers.put(SIGNATURE_HEADER, signature);
        return Collections.unmodifiableSequencedMap(headers);
    }

    /**
     * The id of the event about {@code pageKey} (the published page) for {@code subscriptionId}: {@code msg_} and, in
     * lower-case hex, the first 16 bytes of the SHA-256 of the subscription id's UTF-8 length (4 bytes, big-endian),
     * its UTF-8 bytes and the page key's UTF-8 bytes. The length keeps {@code ("a", "bc")} apart from {@code ("ab",
     * "c")}.
     *
     * <p>An event made again (a retry, or after an instance died before recording its delivery) gets the same id, the
     * receiver's key for dropping duplicates. So the rule must never change while events are undelivered.
     */
    public static String messageId(String subscriptionId, String pageKey) {
        byte[] subscription = subscriptionId.getBytes(StandardCharsets.UTF_8);
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        sha256.update(
                ByteBuffer.allocate(Integer.BYTES).putInt(subscription.length).array());
        sha256.update(subscription);
        sha256.update(pageKey.getBytes(StandardCharsets.UTF_8));
        return "msg_" + HexFormat.of().formatHex(sha256.digest(), 0, 16);
    }
}
