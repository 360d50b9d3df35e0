package in.results.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PageTextTest {
    /** {@code A–B} in windows-1252: the en dash is byte 0x96, which is not valid UTF-8. */
    private static final byte[] CP1252_DASH = {'A', (byte) 0x96, 'B'};

    @Test
    void cp1252_en_dash_without_header_decodes_to_en_dash() {
        assertThat(PageText.decode(CP1252_DASH, null)).isEqualTo("A\u2013B");
    }

    @Test
    void header_claiming_utf8_is_ignored_when_the_bytes_are_not_utf8() {
        assertThat(PageText.decode(CP1252_DASH, "text/html;charset=utf-8")).isEqualTo("A\u2013B");
    }

    @Test
    void iso_8859_1_header_is_read_as_windows_1252_like_browsers_do() {
        assertThat(PageText.decode(CP1252_DASH, "text/html; charset=ISO-8859-1"))
                .isEqualTo("A\u2013B");
    }

    @Test
    void valid_utf8_without_header_is_utf8() {
        byte[] body = "Result – ANANYA".getBytes(StandardCharsets.UTF_8);

        assertThat(PageText.decode(body, null)).isEqualTo("Result – ANANYA");
    }

    @Test
    void declared_charset_wins_when_the_bytes_are_valid_in_it() {
        byte[] body = "Jos\u00e9".getBytes(StandardCharsets.UTF_16BE);

        assertThat(PageText.decode(body, "text/html; charset=\"UTF-16BE\"")).isEqualTo("Jos\u00e9");
    }

    @Test
    void unknown_or_malformed_charset_falls_back_to_the_bytes() {
        byte[] utf8 = "é".getBytes(StandardCharsets.UTF_8);

        assertThat(PageText.decode(utf8, "text/html; charset=no-such-charset")).isEqualTo("é");
        assertThat(PageText.decode(utf8, "text/html; charset=???")).isEqualTo("é");
        assertThat(PageText.decode(utf8, "text/html")).isEqualTo("é");
        assertThat(PageText.decode(utf8, "")).isEqualTo("é");
    }

    @Test
    void bytes_undefined_even_in_windows_1252_never_throw() {
        byte[] body = {'x', (byte) 0x81, (byte) 0xC3};

        assertThat(PageText.decode(body, null)).startsWith("x").hasSize(3);
        assertThat(PageText.decode(body, "text/html; charset=windows-1252"))
                .startsWith("x")
                .hasSize(3);
    }

    @Test
    void empty_body_is_empty_text() {
        assertThat(PageText.decode(new byte[0], "text/html; charset=UTF-8")).isEmpty();
    }

    @Test
    void saved_tomcat_page_in_cp1252_decodes_its_en_dash() {
        String html = PageText.decode(UpstreamFixtures.bytes("tomcat-500-npe.html"), "text/html;charset=utf-8");

        assertThat(html)
                .contains("<title>HTTP Status 500 \u2013 Internal Server Error</title>")
                .doesNotContain("\uFFFD");
    }
}
