package in.results.alerts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WebhookSecretTest {
    /** Base64 of the bytes 0 to 31, worked out by hand in groups of three bytes (0x1e 0x1f → "Hh8="). */
    private static final String COUNTING_TEXT = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

    @Test
    void a_generated_secret_is_32_bytes_from_the_random_source_written_as_whsec_and_base64() {
        WebhookSecret secret = WebhookSecret.generate(new CountingRandom());

        assertThat(secret.key()).isEqualTo(counting(32));
        assertThat(secret.text()).isEqualTo(COUNTING_TEXT);
    }

    @Test
    void two_generated_secrets_differ() {
        SecureRandom random = new SecureRandom();

        assertThat(WebhookSecret.generate(random)).isNotEqualTo(WebhookSecret.generate(random));
    }

    @Test
    void parse_reads_what_text_writes() {
        WebhookSecret secret = WebhookSecret.generate(new SecureRandom());

        assertThat(WebhookSecret.parse(secret.text())).isEqualTo(secret);
        assertThat(WebhookSecret.parse(COUNTING_TEXT).key()).isEqualTo(counting(32));
    }

    @Test
    void the_standard_webhooks_example_secret_of_24_bytes_is_read() {
        assertThat(WebhookSecret.parse("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").key())
                .hasSize(24);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "whsec",
                "whsec_",
                "WHSEC_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "wh_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8", // no padding
                "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh9=", // low bits set in the last character
                "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwd-h8=", // the URL alphabet
                "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8= ",
                "whsec_!!!!",
                "whsec_AAECAwQFBgcICQoLDA0ODw==", // 16 bytes
            })
    void parse_refuses_a_wrong_prefix_bad_base64_or_a_key_of_the_wrong_size_without_repeating_it(String text) {
        assertThatThrownBy(() -> WebhookSecret.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .message()
                .doesNotContain(text.length() > 6 ? text.substring(6) : "\u0000");
    }

    @Test
    void parse_refuses_null_and_a_key_over_64_bytes() {
        assertThatThrownBy(() -> WebhookSecret.parse(null)).isInstanceOf(IllegalArgumentException.class);
        String long65 = "whsec_" + Base64.getEncoder().encodeToString(counting(65));
        assertThatThrownBy(() -> WebhookSecret.parse(long65)).isInstanceOf(IllegalArgumentException.class);
        String long64 = "whsec_" + Base64.getEncoder().encodeToString(counting(64));
        assertThat(WebhookSecret.parse(long64).key()).hasSize(64);
    }

    @Test
    void a_key_is_24_to_64_bytes() {
        assertThatThrownBy(() -> new WebhookSecret(new byte[23])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new WebhookSecret(new byte[65])).isInstanceOf(IllegalArgumentException.class);
        assertThat(new WebhookSecret(new byte[24]).key()).hasSize(24);
    }

    @Test
    void matches_only_the_whole_text() {
        WebhookSecret secret = WebhookSecret.parse(COUNTING_TEXT);

        assertThat(secret.matches(COUNTING_TEXT)).isTrue();
        assertThat(secret.matches(null)).isFalse();
        assertThat(secret.matches("")).isFalse();
        assertThat(secret.matches("Bearer " + COUNTING_TEXT)).isFalse();
        assertThat(secret.matches(COUNTING_TEXT + " ")).isFalse();
        assertThat(secret.matches(COUNTING_TEXT.substring(0, COUNTING_TEXT.length() - 1)))
                .isFalse();
        assertThat(secret.matches(COUNTING_TEXT.replace("AAEC", "AAED"))).isFalse();
        assertThat(secret.matches(WebhookSecret.generate(new SecureRandom()).text()))
                .isFalse();
    }

    @Test
    void equal_keys_are_equal_secrets_and_the_secret_keeps_its_own_copy() {
        byte[] key = counting(32);
        WebhookSecret secret = new WebhookSecret(key);
        WebhookSecret same = new WebhookSecret(counting(32));

        assertThat(secret).isEqualTo(same).hasSameHashCodeAs(same);
        key[0] = 42;
        assertThat(secret).isEqualTo(same);
        secret.key()[1] = 42;
        assertThat(secret).isEqualTo(same);
        assertThat(secret).isNotEqualTo(new WebhookSecret(key));
        assertThat(secret).isNotEqualTo(COUNTING_TEXT);
    }

    @Test
    void to_string_does_not_show_the_key() {
        WebhookSecret secret = WebhookSecret.parse(COUNTING_TEXT);

        assertThat(secret.toString())
                .doesNotContain("AAEC")
                .doesNotContain(COUNTING_TEXT)
                .doesNotContain("[0, 1, 2")
                .isEqualTo("WebhookSecret[32 bytes]");
    }

    private static byte[] counting(int size) {
        byte[] bytes = new byte[size];
        for (int i = 0; i < size; i++) {
            bytes[i] = (byte) i;
        }
        return bytes;
    }

    /** Hands out 0, 1, 2, … from the start of every request, so a generated key is known in advance. */
    private static final class CountingRandom extends SecureRandom {
        private static final long serialVersionUID = 1L;

        @Override
        public void nextBytes(byte[] bytes) {
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) i;
            }
        }
    }
}
