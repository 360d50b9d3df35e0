package in.results.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AcceptHeaderTest {
    private static final List<String> OFFERED = List.of("application/json", "application/pdf");

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "application/pdf",
                "APPLICATION/PDF",
                "application/pdf, application/json;q=0.5",
                "application/json;q=0.9, application/pdf",
                "application/*;q=0.2, application/pdf;q=0.3",
                "*/*;q=0.1, application/pdf",
                "application/json;q=0, */*",
                "application/pdf ; q=1.000",
            })
    void a_client_that_weighs_the_pdf_heavier_gets_it(String accept) {
        assertThat(AcceptHeader.preferred(accept, OFFERED)).isEqualTo("application/pdf");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "application/json",
                "*/*",
                "application/*",
                "application/pdf;q=0.5, application/json",
                "application/pdf, application/json", // a tie: the default
                "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", // a browser's navigation
                "application/pdf;q=0, */*",
                "image/png", // accepts neither: the default rather than a 406
                "application/pdf;q=2", // a malformed weight: the range is ignored
                "application/pdf;q=abc",
                "application/pdf;q=0.0001",
            })
    void json_is_the_default_and_wins_ties(String accept) {
        assertThat(AcceptHeader.preferred(accept, OFFERED)).isEqualTo("application/json");
    }

    @Test
    void no_header_or_a_blank_one_gets_the_default() {
        assertThat(AcceptHeader.preferred(null, OFFERED)).isEqualTo("application/json");
        assertThat(AcceptHeader.preferred("  ", OFFERED)).isEqualTo("application/json");
    }
}
