package in.results.scrape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.core.Reply;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every saved real result page against the expected JSON beside it. The expected files were
 * written by hand from the HTML, not from the parser's output.
 */
class ResultPageGoldenTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static List<String> resultPages() {
        return UpstreamFixtures.namesMatching("result-*.html");
    }

    @Test
    void all_three_saved_result_pages_are_covered() {
        assertThat(resultPages())
                .containsExactlyInAnyOrder(
                        "result-4col-r16-3-1-exam1387.html",
                        "result-7col-r18-2-1-exam1560.html",
                        "result-7col-r18-2-1-exam1560-b.html");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("resultPages")
    void saved_result_page_parses_to_its_expected_json(String page) throws Exception {
        String html = UpstreamFixtures.page(page);
        ResultPage expected =
                JSON.readValue(UpstreamFixtures.bytes(page.replace(".html", ".expected.json")), ResultPage.class);

        ResultPage actual = ResultPageParser.parse(html);

        assertThat(ResultPageParser.read(html)).isInstanceOf(Reply.Answered.class);
        assertThat(actual.examTitle()).isEqualTo(expected.examTitle());
        assertThat(actual.details()).isEqualTo(expected.details());
        assertThat(actual.subjects()).containsExactlyElementsOf(expected.subjects());
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void tomcat_500_page_is_an_error_page_and_never_a_result() {
        String html = UpstreamFixtures.page("tomcat-500-npe.html");

        assertThat(html).contains("HTTP Status 500 \u2013 Internal Server Error");
        assertThat(ResultPageParser.read(html)).isInstanceOf(Reply.Unreadable.class);
        assertThatThrownBy(() -> ResultPageParser.parse(html)).isInstanceOf(PageLayoutException.class);
    }
}
