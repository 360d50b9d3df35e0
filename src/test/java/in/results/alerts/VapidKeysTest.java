package in.results.alerts;

import static in.results.alerts.Rfc8291Example.AS_PRIVATE;
import static in.results.alerts.Rfc8291Example.AS_PUBLIC;
import static in.results.alerts.Rfc8291Example.UA_PUBLIC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VapidKeysTest {
    /** The order n of P-256, big-endian: a scalar of n or more is no private key. */
    private static final String ORDER_HEX = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";

    private static String base64Url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static byte[] hex(String hex) {
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return bytes;
    }

    @Test
    void generated_keys_come_back_equal_from_their_text_form() {
        VapidKeys keys = VapidKeys.generate();

        VapidKeys again = VapidKeys.of(keys.publicKeyBase64Url(), keys.privateKeyText());

        assertThat(again).isEqualTo(keys).hasSameHashCodeAs(keys);
        assertThat(again.publicKeyBase64Url()).isEqualTo(keys.publicKeyBase64Url());
        assertThat(again.privateKeyText()).isEqualTo(keys.privateKeyText());
        assertThat(keys.publicKeyBase64Url()).hasSize(87).doesNotContain("=");
        assertThat(Base64.getUrlDecoder().decode(keys.publicKeyBase64Url()))
                .hasSize(65)
                .startsWith((byte) 4);
        assertThat(keys.privateKeyText()).hasSize(43).doesNotContain("=");
        assertThat(VapidKeys.generate()).isNotEqualTo(keys);
    }

    @Test
    void a_known_pair_keeps_its_exact_text() {
        // The application server's key pair of RFC 8291 Appendix A.
        VapidKeys keys = VapidKeys.of(AS_PUBLIC, AS_PRIVATE);

        assertThat(keys.publicKeyBase64Url()).isEqualTo(AS_PUBLIC);
        assertThat(keys.privateKeyText()).isEqualTo(AS_PRIVATE);
    }

    @Test
    void padding_and_surrounding_white_space_are_tolerated() {
        VapidKeys keys = VapidKeys.of(" " + AS_PUBLIC + "=\n", AS_PRIVATE + "=\n");

        assertThat(keys).isEqualTo(VapidKeys.of(AS_PUBLIC, AS_PRIVATE));
    }

    @Test
    void the_text_shown_in_logs_leaves_the_private_key_out() {
        VapidKeys keys = VapidKeys.of(AS_PUBLIC, AS_PRIVATE);

        assertThat(keys.toString()).contains(AS_PUBLIC).doesNotContain(AS_PRIVATE);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            not base64url   | BP4z9KsN6nGRTbVYI*c7 | the VAPID public key is not base64url
            standard base64 | BP4z9KsN6nGRTbVYI/c7 | the VAPID public key is not base64url
            empty           | ''                   | the VAPID public key is not an uncompressed P-256 point (65 bytes starting with 0x04; got 0 bytes)
            """)
    void a_public_key_that_is_no_point_is_refused_naming_it(String what, String publicKey, String message) {
        assertThatThrownBy(() -> VapidKeys.of(publicKey, AS_PRIVATE))
                .as(what)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void a_compressed_public_key_is_refused() {
        byte[] point = Base64.getUrlDecoder().decode(AS_PUBLIC);
        byte[] compressed = Arrays.copyOf(point, 33);
        compressed[0] = (byte) (2 + (point[64] & 1));

        assertThatThrownBy(() -> VapidKeys.of(base64Url(compressed), AS_PRIVATE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the VAPID public key is not an uncompressed P-256 point (65 bytes starting with 0x04;"
                        + " got 33 bytes)");
    }

    @Test
    void a_public_key_off_the_curve_is_refused() {
        byte[] point = Base64.getUrlDecoder().decode(AS_PUBLIC);
        point[64] ^= 1;

        assertThatThrownBy(() -> VapidKeys.of(base64Url(point), AS_PRIVATE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the VAPID public key is not a point on P-256");
    }

    @Test
    void a_bad_private_key_is_refused_without_repeating_it() {
        byte[] order = hex(ORDER_HEX);
        String zero = base64Url(new byte[32]);
        String tooShort = base64Url(new byte[31]);

        assertThatThrownBy(() -> VapidKeys.of(AS_PUBLIC, "yfWPiYE+n46HLnH0KqZOF1fJJU3MYrct3AELtAQ+oRw"))
                .hasMessage("the VAPID private key is not base64url");
        assertThatThrownBy(() -> VapidKeys.of(AS_PUBLIC, tooShort))
                .hasMessage("the VAPID private key is not a P-256 private key (32 bytes; got 31 bytes)");
        assertThatThrownBy(() -> VapidKeys.of(AS_PUBLIC, zero))
                .hasMessage("the VAPID private key is out of range for P-256");
        assertThatThrownBy(() -> VapidKeys.of(AS_PUBLIC, base64Url(order)))
                .hasMessage("the VAPID private key is out of range for P-256");
        assertThatThrownBy(() -> VapidKeys.of(AS_PUBLIC, null)).hasMessage("the VAPID private key is missing");
    }

    @Test
    void halves_of_two_different_pairs_are_refused() {
        assertThatThrownBy(() -> VapidKeys.of(UA_PUBLIC, AS_PRIVATE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the VAPID private key is not the one of the VAPID public key");
    }
}
