package in.results.scrape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The grade legend under the marks: read from the real pages, absent, or garbled. */
class GradeLegendTest {
    private static final String PAGE_START = """
            <html><body><h6>Result of II B.Pharmacy I Semester (R22) Regular Examinations</h6>
            <table><tr><td><b>HTNO:</b></td><td><b>22S11R0001</b></td><td><b>NAME:</b></td><td><b>A STUDENT</b></td></tr>
            <tr><td><b>FATHER NAME:</b></td><td><b>A FATHER</b></td><td><b>COLLEGE CODE:</b></td><td><b>S1</b></td></tr>
            </table>
            <table><tr><td><h4><B>SUBJECT CODE</B></h4></td><td><h4><B>SUBJECT NAME</B></h4></td>
            <td><h4><B>GRADE</B></h4></td><td><h4><B>CREDITS(C)</B></h4></td>
            <tr><td><b>R22B1</b></td><td><b>PHARMACEUTICS</b></td><td><b>D</b></td><td><b>4</b></td></tr>
            </table>
            """;

    private static String pageWithLegendRows(String rows) {
        return PAGE_START + """
                <table width="45%" align="center">
                <tr><td><b>% of Marks Secured</b></td><td><b>Letter Grade (UGC Guide Lines)</b></td>
                <td><b>Grade Points(G)</b></td></tr>
                """ + rows + "</table></body></html>";
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"result-7col-r18-2-1-exam1560.html", "result-7col-r18-2-1-exam1560-b.html"})
    void the_legend_of_a_real_seven_column_page_is_read_in_page_order(String fixture) {
        // Written from the page's third table: "O (Outstanding)" 10 … "Ab" 0.
        ResultPage page = ResultPageParser.parse(UpstreamFixtures.page(fixture));

        assertThat(page.legend())
                .containsExactly(
                        entry("O", 10),
                        entry("A+", 9),
                        entry("A", 8),
                        entry("B+", 7),
                        entry("B", 6),
                        entry("C", 5),
                        entry("F", 0),
                        entry("AB", 0));
    }

    @Test
    void a_page_without_a_legend_table_has_an_empty_legend() {
        ResultPage page = ResultPageParser.parse(PAGE_START + "</body></html>");

        assertThat(page.legend()).isEmpty();
        assertThat(page.subjects()).hasSize(1);
    }

    @Test
    void a_b_pharmacy_legend_with_d_is_read_with_its_own_points() {
        ResultPage page = ResultPageParser.parse(pageWithLegendRows("""
                <tr><td>Greater than or equal to 90 %</td><td>O (Outstanding)</td><td>10</td></tr>
                <tr><td>80 and Less than 90 %</td><td>A (Excellent)</td><td>9</td></tr>
                <tr><td>50 and Less than 60 %</td><td>D (Pass)</td><td>6</td></tr>
                <tr><td>Absent</td><td>Ab</td><td>0</td></tr>
                """));

        assertThat(page.legend()).containsExactly(entry("O", 10), entry("A", 9), entry("D", 6), entry("AB", 0));
    }

    @Test
    void a_garbled_legend_leaves_the_legend_empty_and_the_page_readable() {
        String garbled = pageWithLegendRows("""
                <tr><td>Greater than or equal to 90 %</td><td>O (Outstanding)</td><td>ten</td></tr>
                <tr><td>Absent</td><td>Ab</td><td>0</td></tr>
                """);

        ResultPage page = ResultPageParser.parse(garbled);

        assertThat(page.legend()).isEmpty();
        assertThat(page.subjects()).extracting(SubjectResult::grade).containsExactly("D");
    }

    @Test
    void a_legend_table_with_no_letter_rows_or_a_letter_twice_is_garbled() {
        String noLetters = pageWithLegendRows("<tr><td>see the regulations</td><td>10</td></tr>");
        String twice = pageWithLegendRows("""
                <tr><td>90 %</td><td>O</td><td>10</td></tr>
                <tr><td>80 %</td><td>O</td><td>9</td></tr>
                """);

        assertThat(ResultPageParser.parse(noLetters).legend()).isEmpty();
        assertThat(ResultPageParser.parse(twice).legend()).isEmpty();
    }

    @Test
    void pages_compare_by_their_legend_too() {
        ResultPage page = ResultPageParser.parse(UpstreamFixtures.page("result-7col-r18-2-1-exam1560.html"));
        ResultPage withoutLegend = new ResultPage(page.examTitle(), page.details(), page.subjects());

        assertThat(withoutLegend.legend()).isEqualTo(Map.of());
        assertThat(page).isNotEqualTo(withoutLegend);
        assertThat(new ResultPage(page.examTitle(), page.details(), page.subjects(), page.legend()))
                .isEqualTo(page)
                .hasSameHashCodeAs(page);
    }
}
