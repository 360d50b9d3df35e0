package in.results.alerts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class WebhookSignatureTest {
    private static final String BODY =
            "{\"type\":\"result.published\",\"data\":{\"hallticket\":\"18AB1A0501\",\"name\":\"Ravi — 1\"}}";

    private final WebhookSecret secret = WebhookSecret.generate(new SecureRandom());

    @Test
    void the_standard_webhooks_published_example_signs_to_its_published_signature() {
        WebhookSecret example = WebhookSecret.parse("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");

        assertThat(WebhookSignature.sign(example, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, "{\"test\": 2432232314}"))
                .isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void the_signature_is_the_base64_hmac_sha256_of_id_timestamp_and_utf8_body() throws Exception {
        byte[] key = new byte[32];
        for (int i = 0; i < key.length; i++) {
            key[i] = (byte) i;
        }
        String body = "{\"sgpa\":8.25,\"name\":\"Ravi — 1\"}";
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        String byHand = "v1,"
                + Base64.getEncoder()
                        .encodeToString(mac.doFinal(("msg_1.1700000000." + body).getBytes(StandardCharsets.UTF_8)));

        String signature = WebhookSignature.sign(new WebhookSecret(key), "msg_1", 1_700_000_000L, body);

        assertThat(signature).isEqualTo(byHand);
        // The same, worked out outside Java (Python's hmac module), so that a shared mistake shows too.
        assertThat(signature).isEqualTo("v1,wIF8WB0sumcVyngjy0k2mErKW869kEMSuRn0kiZyzes=");
    }

    @Test
    void the_reference_library_verifies_the_headers() throws Exception {
        long now = Instant.now().getEpochSecond();

        Map<String, List<String>> headers = multimap(WebhookSignature.headers(secret, "msg_a1b2", now, BODY));

        assertThatCode(() -> new Webhook(secret.text()).verify(BODY, headers)).doesNotThrowAnyException();
    }

    @Test
    void the_reference_library_refuses_a_tampered_body() throws Exception {
        long now = Instant.now().getEpochSecond();
        Map<String, List<String>> headers = multimap(WebhookSignature.headers(secret, "msg_a1b2", now, BODY));

        assertThatThrownBy(() -> new Webhook(secret.text()).verify(BODY.replace("Ravi", "Ravl"), headers))
                .isInstanceOf(WebhookVerificationException.class);
        assertThatThrownBy(() -> new Webhook(secret.text()).verify(BODY + " ", headers))
                .isInstanceOf(WebhookVerificationException.class);
    }

    @Test
    void the_reference_library_refuses_another_id_or_timestamp_than_the_signed_ones() throws Exception {
        long now = Instant.now().getEpochSecond();
        SequencedMap<String, String> signed = WebhookSignature.headers(secret, "msg_a1b2", now, BODY);

        Map<String, List<String>> otherId = multimap(signed);
        otherId.put("webhook-id", List.of("msg_a1b3"));
        Map<String, List<String>> otherTime = multimap(signed);
        otherTime.put("webhook-timestamp", List.of(Long.toString(now - 1)));

        assertThatThrownBy(() -> new Webhook(secret.text()).verify(BODY, otherId))
                .isInstanceOf(WebhookVerificationException.class);
        assertThatThrownBy(() -> new Webhook(secret.text()).verify(BODY, otherTime))
                .isInstanceOf(WebhookVerificationException.class);
    }

    @Test
    void the_reference_library_refuses_a_signature_older_than_five_minutes() throws Exception {
        long sixMinutesAgo = Instant.now().getEpochSecond() - 360;
        Map<String, List<String>> headers = multimap(WebhookSignature.headers(secret, "msg_a1b2", sixMinutesAgo, BODY));

        assertThatThrownBy(() -> new Webhook(secret.text()).verify(BODY, headers))
                .isInstanceOf(WebhookVerificationException.class)
                .hasMessageContaining("too old");
    }

    @Test
    void the_reference_library_refuses_another_secret() throws Exception {
        long now = Instant.now().getEpochSecond();
        Map<String, List<String>> headers = multimap(WebhookSignature.headers(secret, "msg_a1b2", now, BODY));
        WebhookSecret other = WebhookSecret.generate(new SecureRandom());

        assertThatThrownBy(() -> new Webhook(other.text()).verify(BODY, headers))
                .isInstanceOf(WebhookVerificationException.class);
    }

    @Test
    void the_headers_are_id_timestamp_and_signature_in_that_order_and_unmodifiable() {
        SequencedMap<String, String> headers = WebhookSignature.headers(secret, "msg_a1b2", 1_700_000_000L, BODY);

        assertThat(headers.sequencedKeySet()).containsExactly("webhook-id", "webhook-timestamp", "webhook-signature");
        assertThat(headers.get("webhook-id")).isEqualTo("msg_a1b2");
        assertThat(headers.get("webhook-timestamp")).isEqualTo("1700000000");
        assertThat(headers.get("webhook-signature"))
                .isEqualTo(WebhookSignature.sign(secret, "msg_a1b2", 1_700_000_000L, BODY));
        assertThatThrownBy(() -> headers.put("webhook-id", "msg_other"))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void a_message_id_that_cannot_go_into_a_header_or_a_negative_timestamp_is_refused() {
        for (String id : List.of("", "msg 1", "msg_1\r\nx: y", "msg_é")) {
            assertThatThrownBy(() -> WebhookSignature.sign(secret, id, 1, BODY))
                    .as(id)
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> WebhookSignature.sign(secret, "msg_1", -1, BODY))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void a_message_id_is_msg_and_the_first_16_bytes_of_the_sha256_in_hex() {
        // printf '\x00\x00\x00\x05sub_1R18-1-1/1662/regular' | sha256sum, first 32 hex digits
        assertThat(WebhookSignature.messageId("sub_1", "R18-1-1/1662/regular"))
                .isEqualTo("msg_efe2a3212bbb5bfd657e4199f29030a2");
        // printf '\x00\x00\x00\x01abc' | sha256sum and printf '\x00\x00\x00\x02abc' | sha256sum
        assertThat(WebhookSignature.messageId("a", "bc")).isEqualTo("msg_f9c4a2ab4de81ade0bbf55389f4a5002");
        assertThat(WebhookSignature.messageId("ab", "c")).isEqualTo("msg_3dc693fb05f87048570cb494badaae90");
    }

    @Test
    void a_message_id_is_the_same_for_the_same_event_and_differs_for_another() {
        String id = WebhookSignature.messageId("sub_1", "R18-1-1/1662/regular");

        assertThat(WebhookSignature.messageId("sub_1", "R18-1-1/1662/regular")).isEqualTo(id);
        assertThat(WebhookSignature.messageId("sub_2", "R18-1-1/1662/regular")).isNotEqualTo(id);
        assertThat(WebhookSignature.messageId("sub_1", "R18-1-1/1662/rcrv")).isNotEqualTo(id);
        assertThat(id).matches("msg_[0-9a-f]{32}");
    }

    private static Map<String, List<String>> multimap(Map<String, String> headers) {
        Map<String, List<String>> multimap = new LinkedHashMap<>();
        headers.forEach((name, value) -> multimap.put(name, List.of(value)));
        return multimap;
    }
}
