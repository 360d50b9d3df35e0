package in.results.scrape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import in.results.core.Reply;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Inline pages, one upstream quirk each, shaped like the real page (see the golden fixtures). */
class ResultPageParserTest {
    private static final String DETAILS = """
            <table width="80%" align="center">
              <tr><td><b>HTNO:</b></td><td><b>20S11A6601</b></td>
                  <td><b>NAME:</b></td><td><b>ANANYA KUMARI</b></td></tr>
              <tr><td><b>FATHER NAME:</b></td><td><b>K RAMESH</b></td>
                  <td><b>COLLEGE CODE:</b></td><td><b>S1</b></td></tr>
            </table>
            """;
    private static final String LEGEND = """
            <table width="45%" align="center">
              <tr><td><b>% of Marks Secured</b></td><td><b>Letter Grade</b></td><td><b>Grade Points(G)</b></td></tr>
              <tr><td><b>SUBJECT CODE</b></td><td><b>99999</b></td><td><b>0</b></td></tr>
              <tr><td><b>Absent</b></td><td><b>Ab</b></td><td><b>0</b></td></tr>
            </table>
            """;

    /** The real page's header cell: {@code <td><h4><B>…</B></h4></td>}. */
    private static String headerCells(String... headers) {
        return Arrays.stream(headers)
                .map(h -> "<td><h4>\n\t<B>" + h + "</B>\n</h4></td>")
                .collect(Collectors.joining("\n"));
    }

    private static String row(String... cells) {
        return "<tr>"
                + Arrays.stream(cells).map(c -> "<td><b>" + c + "</b></td>").collect(Collectors.joining()) + "</tr>\n";
    }

    /** A result page whose marks header {@code <tr>} is left open, as on the real page. */
    private static String page(String headerCells, String... rows) {
        return "<html><body><form><h6 align=\"center\">\n\t\t\t\tResult of\n\t\t\t\tII B.Tech. I Semester (R18) Regular, March\n\t\t\t\t2022\n\t\t\t\tExams\n\t\t\t</h6>\n"
                + DETAILS
                + "<p></p><div align=\"center\"><table width=\"80%\" cellpadding=\"3\" cellspacing=\"1\" border=\"2\">\n<tr>\n"
                + headerCells + "\n<!-- <td><h4><B>RESULT</B></h4></td> -->\n"
                + String.join("", rows)
                + "</table></div><br>\n"
                + LEGEND
                + "</form></body></html>";
    }

    private static final String SEVEN =
            headerCells("SUBJECT CODE", "SUBJECT NAME", "INTERNAL", "EXTERNAL", "TOTAL", "GRADE", "CREDITS(C)");

    @Test
    void unclosed_header_row_does_not_swallow_first_subject() {
        String html = page(
                SEVEN,
                row("15307", "DATA STRUCTURES LAB", "25", "73", "98", "O", "1.5"),
                row("153AK", "DATA STRUCTURES", "25", "42", "67", "B+", "4"));

        ResultPage result = ResultPageParser.parse(html);

        assertThat(result.subjects())
                .containsExactly(
                        new SubjectResult("15307", "DATA STRUCTURES LAB", "25", "73", "98", "O", "1.5"),
                        new SubjectResult("153AK", "DATA STRUCTURES", "25", "42", "67", "B+", "4"));
    }

    @Test
    void header_cells_wrapped_in_h4_and_b_are_found_by_their_text() {
        String html = page(
                "<td><h4><B>SUBJECT\n\t CODE</B></h4></td><td><h4><B>SUBJECT NAME</B></h4></td>"
                        + "<td><h4><b>Grade</b></h4></td><td><h4><B>CREDITS (C)</B></h4></td>",
                row("15307", "DATA STRUCTURES LAB", "O", "1.5"));

        assertThat(ResultPageParser.parse(html).subjects())
                .containsExactly(new SubjectResult("15307", "DATA STRUCTURES LAB", "", "", "", "O", "1.5"));
    }

    @Test
    void title_with_newlines_and_tabs_is_collapsed_and_loses_result_of() {
        String html = page(SEVEN, row("15307", "DATA STRUCTURES LAB", "25", "73", "98", "O", "1.5"));

        assertThat(ResultPageParser.parse(html).examTitle())
                .isEqualTo("II B.Tech. I Semester (R18) Regular, March 2022 Exams");
    }

    @Test
    void student_details_are_read_by_label_not_position() {
        String html = page(SEVEN, row("15307", "DATA STRUCTURES LAB", "25", "73", "98", "O", "1.5"))
                .replace(DETAILS, """
                        <table>
                          <tr><td><b>COLLEGE CODE :</b></td><td><b> S1 </b></td>
                              <td><b>FATHER NAME:</b></td><td><b>K&nbsp;RAMESH</b></td></tr>
                          <tr><td><b>NAME:</b></td><td><b>ANANYA   KUMARI</b></td>
                              <td><b>htno:</b></td><td><b>20S11A6601</b></td></tr>
                        </table>
                        """);

        assertThat(ResultPageParser.parse(html).details())
                .isEqualTo(new StudentDetails("20S11A6601", "ANANYA KUMARI", "K RAMESH", "S1"));
    }

    @Test
    void four_column_page_gives_empty_marks_and_trims_trailing_spaces() {
        String html = page(
                headerCells("SUBJECT CODE", "SUBJECT NAME", "GRADE", "CREDITS"),
                row("13508", "COMPUTER NETWORKS LAB ", "A+", "2"),
                row("13537", "PROFESSIONAL ETHICS", "A+", "0"));

        assertThat(ResultPageParser.parse(html).subjects())
                .containsExactly(
                        new SubjectResult("13508", "COMPUTER NETWORKS LAB", "", "", "", "A+", "2"),
                        new SubjectResult("13537", "PROFESSIONAL ETHICS", "", "", "", "A+", "0"));
    }

    @Test
    void seven_column_page_fills_every_field() {
        String html = page(
                SEVEN, row(" 153CH ", " MATHEMATICAL AND STATISTICAL FOUNDATIONS  ", " 24", "38 ", "62", " B+ ", "3 "));

        assertThat(ResultPageParser.parse(html).subjects())
                .containsExactly(new SubjectResult(
                        "153CH", "MATHEMATICAL AND STATISTICAL FOUNDATIONS", "24", "38", "62", "B+", "3"));
    }

    @Test
    void extra_rcrv_remarks_column_is_ignored() {
        String html = page(
                SEVEN + headerCells("REMARKS"),
                row("153AE", "BUSINESS ECONOMICS & FINANCIAL ANALYSIS", "17", "45", "62", "B+", "3", "Change in Grade"),
                row("153AG", "COMPUTER ORGANIZATION AND ARCHITECTURE", "24", "26", "50", "B", "3", "No Change"));

        assertThat(ResultPageParser.parse(html).subjects())
                .containsExactly(
                        new SubjectResult(
                                "153AE", "BUSINESS ECONOMICS & FINANCIAL ANALYSIS", "17", "45", "62", "B+", "3"),
                        new SubjectResult(
                                "153AG", "COMPUTER ORGANIZATION AND ARCHITECTURE", "24", "26", "50", "B", "3"));
    }

    @Test
    void columns_in_another_order_are_found_by_header_text() {
        String html = page(
                headerCells("GRADE", "CREDITS(C)", "TOTAL", "SUBJECT NAME", "EXTERNAL", "SUBJECT CODE", "INTERNAL"),
                row("A", "4", "71", "DATA STRUCTURES", "46", "153AK", "25"));

        assertThat(ResultPageParser.parse(html).subjects())
                .containsExactly(new SubjectResult("153AK", "DATA STRUCTURES", "25", "46", "71", "A", "4"));
    }

    @Test
    void absent_row_keeps_external_minus_one_as_shown() {
        String html = page(SEVEN, row("153CF", "DISCRETE MATHEMATICS", "22", "-1", "22", "Ab", "0"));

        assertThat(ResultPageParser.parse(html).subjects())
                .containsExactly(new SubjectResult("153CF", "DISCRETE MATHEMATICS", "22", "-1", "22", "Ab", "0"));
    }

    @Test
    void malpractice_row_keeps_dashes_as_shown() {
        String html = page(SEVEN, row("153CD", "PYTHON PROGRAMMING", "-", "-", "-", "-", "0"));

        assertThat(ResultPageParser.parse(html).subjects())
                .containsExactly(new SubjectResult("153CD", "PYTHON PROGRAMMING", "-", "-", "-", "-", "0"));
    }

    @Test
    void grade_legend_table_is_never_read_as_subjects() {
        String html = page(SEVEN, row("15307", "DATA STRUCTURES LAB", "25", "73", "98", "O", "1.5"));

        assertThat(ResultPageParser.parse(html).subjects())
                .extracting(SubjectResult::code)
                .containsExactly("15307");
    }

    @Test
    void search_form_is_no_result() {
        String html = """
                <html><body><form method="post" action="/resultAction">
                <table><tr><td>Enter HallTicket Number</td><td><input type="text" name="htno"></td></tr></table>
                <input type="submit" value="Submit"></form></body></html>""";

        assertThat(ResultPageParser.read(html)).isInstanceOf(Reply.NoResult.class);
        assertThatThrownBy(() -> ResultPageParser.parse(html)).isInstanceOf(PageLayoutException.class);
    }

    @Test
    void form_with_a_hall_ticket_input_but_without_the_prompt_is_no_result() {
        String html =
                "<html><body><form><b>Hall Ticket No</b><input type=text name=\"hallticket\"></form></body></html>";

        assertThat(ResultPageParser.read(html)).isInstanceOf(Reply.NoResult.class);
    }

    @Test
    void anything_else_is_an_error_page() {
        assertThat(ResultPageParser.read("")).isInstanceOf(Reply.Unreadable.class);
        assertThat(ResultPageParser.read("<html><body><h1>Service Unavailable</h1></body></html>"))
                .isInstanceOf(Reply.Unreadable.class);
    }

    @Test
    void tomcat_status_page_is_an_error_even_if_it_mentions_the_form() {
        String html = "<html><head><title>HTTP Status 500 \u2013 Internal Server Error</title></head>"
                + "<body><h1>HTTP Status 500 \u2013 Internal Server Error</h1><p>Enter HallTicket Number</p></body></html>";

        assertThat(ResultPageParser.read(html)).isInstanceOf(Reply.Unreadable.class);
    }

    @Test
    void result_page_is_classified_as_result() {
        assertThat(ResultPageParser.read(
                        page(SEVEN, row("15307", "DATA STRUCTURES LAB", "25", "73", "98", "O", "1.5"))))
                .isInstanceOf(Reply.Answered.class);
    }

    @Test
    void page_without_a_marks_table_fails_naming_it() {
        String html = page(SEVEN, row("15307", "DATA STRUCTURES LAB", "25", "73", "98", "O", "1.5"))
                .replace("SUBJECT CODE", "CODE");

        assertThat(ResultPageParser.read(html)).isInstanceOf(Reply.Unreadable.class);
        assertThatThrownBy(() -> ResultPageParser.parse(html))
                .isInstanceOf(PageLayoutException.class)
                .hasMessage("no marks table with a SUBJECT CODE header");
    }

    @Test
    void page_without_htno_label_fails_naming_it() {
        String html = page(SEVEN, row("15307", "DATA STRUCTURES LAB", "25", "73", "98", "O", "1.5"))
                .replace("HTNO:", "ROLL:");

        assertThat(ResultPageParser.read(html)).isInstanceOf(Reply.Unreadable.class);
        assertThatThrownBy(() -> ResultPageParser.parse(html))
                .isInstanceOf(PageLayoutException.class)
                .hasMessage("no HTNO: label");
    }

    @Test
    void missing_detail_label_fails_naming_it() {
        String html = page(SEVEN, row("15307", "DATA STRUCTURES LAB", "25", "73", "98", "O", "1.5"))
                .replace("FATHER NAME:", "GUARDIAN:");

        assertThatThrownBy(() -> ResultPageParser.parse(html))
                .isInstanceOf(PageLayoutException.class)
                .hasMessageContaining("FATHER NAME:");
    }

    @Test
    void missing_title_fails_naming_it() {
        String html = page(SEVEN, row("15307", "DATA STRUCTURES LAB", "25", "73", "98", "O", "1.5"))
                .replace("h6", "h5");

        assertThatThrownBy(() -> ResultPageParser.parse(html))
                .isInstanceOf(PageLayoutException.class)
                .hasMessageContaining("<h6>");
    }

    @Test
    void missing_grade_column_fails_naming_it() {
        String html = page(
                headerCells("SUBJECT CODE", "SUBJECT NAME", "CREDITS"), row("13508", "COMPUTER NETWORKS LAB", "2"));

        assertThatThrownBy(() -> ResultPageParser.parse(html))
                .isInstanceOf(PageLayoutException.class)
                .hasMessage("no GRADE column in the marks table");
    }

    @Test
    void missing_credits_column_fails_naming_both_spellings() {
        String html =
                page(headerCells("SUBJECT CODE", "SUBJECT NAME", "GRADE"), row("13508", "COMPUTER NETWORKS LAB", "A+"));

        assertThatThrownBy(() -> ResultPageParser.parse(html))
                .isInstanceOf(PageLayoutException.class)
                .hasMessage("no CREDITS(C) or CREDITS column in the marks table");
    }

    @Test
    void only_some_marks_columns_is_a_layout_change() {
        String html = page(
                headerCells("SUBJECT CODE", "SUBJECT NAME", "TOTAL", "GRADE", "CREDITS"),
                row("13508", "COMPUTER NETWORKS LAB", "80", "A+", "2"));

        assertThatThrownBy(() -> ResultPageParser.parse(html))
                .isInstanceOf(PageLayoutException.class)
                .hasMessageContaining("only some of the INTERNAL / EXTERNAL / TOTAL columns");
    }

    @Test
    void short_subject_row_fails_instead_of_shifting_columns() {
        String html = page(SEVEN, row("15307", "DATA STRUCTURES LAB", "25", "73", "98", "O"));

        assertThatThrownBy(() -> ResultPageParser.parse(html))
                .isInstanceOf(PageLayoutException.class)
                .hasMessage("subject row 1 of the marks table has 6 cells, the header needs 7");
    }

    @Test
    void marks_table_without_subject_rows_fails() {
        String html = page(SEVEN);

        assertThatThrownBy(() -> ResultPageParser.parse(html))
                .isInstanceOf(PageLayoutException.class)
                .hasMessageContaining("no subject rows");
    }

    @Test
    void empty_spacer_rows_are_skipped() {
        String html = page(
                SEVEN,
                "<tr></tr>\n",
                row("", "", "", "", "", "", ""),
                row("15307", "DATA STRUCTURES LAB", "25", "73", "98", "O", "1.5"));

        assertThat(ResultPageParser.parse(html).subjects())
                .extracting(SubjectResult::code)
                .containsExactly("15307");
    }
}
