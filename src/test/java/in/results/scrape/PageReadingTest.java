package in.results.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.core.Reply;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

class PageReadingTest {

    private static String fixture(String name) throws IOException {
        try (InputStream in = PageReadingTest.class.getResourceAsStream("/upstream/" + name)) {
            return PageText.decode(in.readAllBytes(), null);
        }
    }

    @Test
    void real_result_page_is_read_in_one_pass() throws IOException {
        Reply<ResultPage> reading = ResultPageParser.read(fixture("result-7col-r18-2-1-exam1560.html"));

        assertThat(reading).isInstanceOfSatisfying(Reply.Answered.class, result -> {
            ResultPage page = (ResultPage) result.value();
            assertThat(page.details().hallTicket()).isEqualTo("20S11A6601");
            assertThat(page.subjects()).hasSize(9);
        });
    }

    @Test
    void search_form_is_no_result_and_tomcat_page_is_unreadable() throws IOException {
        String form =
                "<html><body><form action='resultAction'>Enter HallTicket Number <input name='htno'></form></body></html>";

        assertThat(ResultPageParser.read(form)).isEqualTo(new Reply.NoResult<>());
        assertThat(ResultPageParser.read(fixture("tomcat-500-npe.html"))).isInstanceOf(Reply.Unreadable.class);
    }

    @Test
    void result_page_with_a_broken_marks_table_is_unreadable_naming_the_problem() {
        String page = "<h6>Result of X</h6><table><tr><td>HTNO:</td><td>20S11A6601</td></tr></table>"
                + "<table><tr><td><h4><B>SUBJECT CODE</B></h4></td><td><h4><B>GRADE</B></h4></td></tr></table>";

        assertThat(ResultPageParser.read(page)).isInstanceOf(Reply.Unreadable.class);
    }
}
