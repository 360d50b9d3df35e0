package in.results.scrape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReleaseListParserTest {

    /** Name/value pairs in link order. */
    private static Map<String, String> params(String... namesAndValues) {
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            params.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return params;
    }

    private static ReleaseListing withQuery(List<ReleaseListing> releases, String query) {
        List<ReleaseListing> found =
                releases.stream().filter(r -> r.query().equals(query)).toList();
        assertThat(found).as("releases with query %s", query).hasSize(1);
        return found.get(0);
    }

    /**
     * The saved 2022-05 table. Expected rows were written by hand from the HTML; each query is
     * unique on the page, so rows are found by query, and a few by position as well.
     */
    @Nested
    class SavedTable {
        private static final List<ReleaseListing> RELEASES =
                ReleaseListParser.parse(UpstreamFixtures.page("home-jsp-releases-table-2022-05.html"));

        /**
         * {@code grep -o 'SearchResult.jsp' home-jsp-releases-table-2022-05.html | wc -l} gives 356; five
         * of them sit in two commented-out blocks ({@code <!-- <tr>… -->}), leaving 351, which is
         * also the fixture README's row count and the sum of its link-pattern counts
         * (146 + 90 + 35 + 33 + 24 + 7 + 7 + 6 + 3).
         */
        @Test
        void every_live_row_is_a_release_and_commented_out_rows_are_not() {
            assertThat(RELEASES).hasSize(351);
            // commented out on 19-JUL-2021 and never live
            assertThat(RELEASES).noneMatch(r -> r.query().equals("degree=btech&examCode=1459&etype=r17&type=intgrade"));
            // commented out on 18-NOV-2021, live again on 09-DEC-2021
            assertThat(withQuery(RELEASES, "degree=btech&examCode=1502&etype=r17&type=intgrade")
                            .releaseDate())
                    .isEqualTo("09-DEC-2021");
        }

        @Test
        void link_parameter_patterns_match_the_readme_counts() {
            Map<String, Long> patterns = RELEASES.stream()
                    .collect(Collectors.groupingBy(
                            r -> r.linkParams().entrySet().stream()
                                    .map(e -> e.getKey().equals("examCode")
                                            ? "examCode"
                                            : e.getKey() + "=" + e.getValue())
                                    .collect(Collectors.joining("&")),
                            Collectors.counting()));

            assertThat(patterns)
                    .containsOnly(
                            Map.entry("degree=btech&examCode", 146L),
                            Map.entry("degree=btech&examCode&etype=rcrv", 90L),
                            Map.entry("degree=btech&examCode&etype=r17&result=gradercrv&type=rcrvintgrade", 35L),
                            Map.entry("degree=btech&examCode&etype=r17&type=intgrade", 33L),
                            Map.entry("degree=btech&examCode&etype=r16&type=grade16", 24L),
                            Map.entry("degree=btech&examCode&etype=r16&type=intgrade", 7L),
                            Map.entry("degree=btech&examCode&etype=r16&result=gradercrv&type=grade16", 7L),
                            Map.entry("degree=btech&examCode&etype=r17&type=grade17", 6L),
                            Map.entry("degree=btech&examCode&etype=r16&result=gradercrv&type=rcrvintgrade", 3L));
        }

        @Test
        void every_row_has_a_normalised_date_and_a_title() {
            assertThat(RELEASES).allSatisfy(r -> {
                assertThat(r.releaseDate())
                        .matches("\\d{2}-(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)-20\\d{2}");
                assertThat(r.title()).isNotBlank().doesNotStartWith(" ").doesNotContain("  ");
            });
        }

        @Test
        void first_row_b_p_wrapper() {
            assertThat(RELEASES.get(0))
                    .isEqualTo(new ReleaseListing(
                            "B.Tech IV Year I Semester (R18) Regular Examinations Results",
                            "05-MAY-2022",
                            "degree=btech&examCode=1545&etype=r17&type=intgrade",
                            params("degree", "btech", "examCode", "1545", "etype", "r17", "type", "intgrade")));
        }

        @Test
        void p_b_wrapper_with_degree_and_exam_code_only() {
            assertThat(RELEASES.get(2))
                    .isEqualTo(new ReleaseListing(
                            "B.Tech IV Year I Semester (R15) Supplementary Examinations Results",
                            "05-MAY-2022",
                            "degree=btech&examCode=1547",
                            params("degree", "btech", "examCode", "1547")));
        }

        @Test
        void space_before_closing_anchor() {
            assertThat(RELEASES.get(3))
                    .isEqualTo(new ReleaseListing(
                            "B.Tech IV Year I Semester (R13) Supplementary Examinations Results",
                            "05-MAY-2022",
                            "degree=btech&examCode=1548",
                            params("degree", "btech", "examCode", "1548")));
        }

        @Test
        void leading_space_in_title_and_five_parameter_rcrv_link() {
            ReleaseListing release = RELEASES.get(5);

            assertThat(release)
                    .isEqualTo(new ReleaseListing(
                            "RC/RV B.Tech I Year II Semester (R18) Regular Examinations Results",
                            "07-FEB-2022",
                            "degree=btech&examCode=1503&etype=r17&result=gradercrv&type=rcrvintgrade",
                            params(
                                    "degree",
                                    "btech",
                                    "examCode",
                                    "1503",
                                    "etype",
                                    "r17",
                                    "result",
                                    "gradercrv",
                                    "type",
                                    "rcrvintgrade")));
            assertThat(release.linkParams().keySet()).containsExactly("degree", "examCode", "etype", "result", "type");
        }

        @Test
        void etype_rcrv_link_and_double_space_in_title() {
            assertThat(RELEASES.get(10))
                    .isEqualTo(new ReleaseListing(
                            "RC/RV B.Tech I Year (R15) Supplementary Examinations Results",
                            "17-JAN-2022",
                            "degree=btech&examCode=1506&etype=rcrv",
                            params("degree", "btech", "examCode", "1506", "etype", "rcrv")));
        }

        @Test
        void stray_attribute_on_the_anchor() {
            assertThat(withQuery(RELEASES, "degree=btech&examCode=1487&etype=r17&result=gradercrv&type=rcrvintgrade"))
                    .isEqualTo(new ReleaseListing(
                            "B.Tech IV Year I Semester (R16) Supplementary Examinations Results",
                            "17-JAN-2022",
                            "degree=btech&examCode=1487&etype=r17&result=gradercrv&type=rcrvintgrade",
                            params(
                                    "degree",
                                    "btech",
                                    "examCode",
                                    "1487",
                                    "etype",
                                    "r17",
                                    "result",
                                    "gradercrv",
                                    "type",
                                    "rcrvintgrade")));
        }

        @Test
        void row_right_after_an_html_comment() {
            assertThat(withQuery(RELEASES, "degree=btech&examCode=1496&etype=r17&result=gradercrv&type=rcrvintgrade"))
                    .isEqualTo(new ReleaseListing(
                            "RC/RV B.Tech II Year I Semester (R18) Supplementary Examinations Results",
                            "07-JAN-2022",
                            "degree=btech&examCode=1496&etype=r17&result=gradercrv&type=rcrvintgrade",
                            params(
                                    "degree",
                                    "btech",
                                    "examCode",
                                    "1496",
                                    "etype",
                                    "r17",
                                    "result",
                                    "gradercrv",
                                    "type",
                                    "rcrvintgrade")));
        }

        @Test
        void leading_whitespace_before_row_and_mixed_case_month() {
            assertThat(withQuery(RELEASES, "degree=btech&examCode=1463&etype=r16&type=intgrade"))
                    .isEqualTo(new ReleaseListing(
                            "B.Tech IV Year II Semester (R16) Regular Examinations Results",
                            "11-AUG-2021",
                            "degree=btech&examCode=1463&etype=r16&type=intgrade",
                            params("degree", "btech", "examCode", "1463", "etype", "r16", "type", "intgrade")));
            assertThat(withQuery(RELEASES, "degree=btech&examCode=1476&etype=r17&type=intgrade"))
                    .isEqualTo(new ReleaseListing(
                            "B.Tech II Year II Semester (R18) Supplementary Examinations Results",
                            "15-SEP-2021",
                            "degree=btech&examCode=1476&etype=r17&type=intgrade",
                            params("degree", "btech", "examCode", "1476", "etype", "r17", "type", "intgrade")));
        }

        @Test
        void r16_rcrv_links_with_grade16_and_rcrvintgrade() {
            assertThat(withQuery(RELEASES, "degree=btech&examCode=1382&etype=r16&result=gradercrv&type=grade16"))
                    .isEqualTo(new ReleaseListing(
                            "RCRV B.Tech I Year II Semester (R16) Advanced Supplementary Examinations Results",
                            "18-OCT-2019",
                            "degree=btech&examCode=1382&etype=r16&result=gradercrv&type=grade16",
                            params(
                                    "degree",
                                    "btech",
                                    "examCode",
                                    "1382",
                                    "etype",
                                    "r16",
                                    "result",
                                    "gradercrv",
                                    "type",
                                    "grade16")));
            assertThat(withQuery(RELEASES, "degree=btech&examCode=1381&etype=r16&result=gradercrv&type=rcrvintgrade"))
                    .isEqualTo(new ReleaseListing(
                            "RCRV B.Tech I Year II Semester (R18) Advanced Supplementary Examinations Results",
                            "18-OCT-2019",
                            "degree=btech&examCode=1381&etype=r16&result=gradercrv&type=rcrvintgrade",
                            params(
                                    "degree",
                                    "btech",
                                    "examCode",
                                    "1381",
                                    "etype",
                                    "r16",
                                    "result",
                                    "gradercrv",
                                    "type",
                                    "rcrvintgrade")));
        }

        @Test
        void grade17_and_grade16_regular_links() {
            assertThat(withQuery(RELEASES, "degree=btech&examCode=1404&etype=r17&type=grade17"))
                    .isEqualTo(new ReleaseListing(
                            "B.Tech I Year I Semester (R18) Regular Examinations Results",
                            "03-MAR-2020",
                            "degree=btech&examCode=1404&etype=r17&type=grade17",
                            params("degree", "btech", "examCode", "1404", "etype", "r17", "type", "grade17")));
            assertThat(RELEASES.get(250))
                    .isEqualTo(new ReleaseListing(
                            "B.Tech I Year II Semester (R18) Regular Examinations Results",
                            "14-JUL-2019",
                            "degree=btech&examCode=1356&etype=r16&type=grade16",
                            params("degree", "btech", "examCode", "1356", "etype", "r16", "type", "grade16")));
        }

        @Test
        void title_with_glued_parenthesis() {
            assertThat(withQuery(RELEASES, "degree=btech&examCode=1363&etype=r17&type=grade17")
                            .title())
                    .isEqualTo(
                            "I B.Tech. II Semester (R18) Regular Examination Results(Studied 1-1 in R16 AND 1-2 IN R18 Regulation students)");
        }

        @Test
        void full_month_name_july_is_abbreviated() {
            assertThat(RELEASES.get(340))
                    .isEqualTo(new ReleaseListing(
                            "I B.Tech. (R07) Supplementary Examinations Results",
                            "07-JUL-2018",
                            "degree=btech&examCode=1306",
                            params("degree", "btech", "examCode", "1306")));
            assertThat(withQuery(RELEASES, "degree=btech&examCode=1289&etype=r16&result=gradercrv&type=grade16"))
                    .isEqualTo(new ReleaseListing(
                            "RCRV I B.Tech. II Semester (R16) Regular Examinations Results",
                            "31-JUL-2018",
                            "degree=btech&examCode=1289&etype=r16&result=gradercrv&type=grade16",
                            params(
                                    "degree",
                                    "btech",
                                    "examCode",
                                    "1289",
                                    "etype",
                                    "r16",
                                    "result",
                                    "gradercrv",
                                    "type",
                                    "grade16")));
        }

        @Test
        void last_row() {
            assertThat(RELEASES.get(350))
                    .isEqualTo(new ReleaseListing(
                            "B.Tech III Year II Semester (R07) Supplementary Examinations Results",
                            "22-JUN-2018",
                            "degree=btech&examCode=1283",
                            params("degree", "btech", "examCode", "1283")));
        }
    }

    /** A newer home.jsp: one table per degree inside a layout table, headings, comments, messy dates. */
    @Nested
    class NewerPage {
        private static final String PAGE = """
                <html><body>
                <table class="layout"><tr><td>
                  <table id="btech">
                    <tr><th colspan="2">B.Tech</th></tr>
                    <tr><td><a href="/jsp/SearchResult.jsp?degree=btech&amp;examCode=1662&amp;etype=r17&amp;type=intgrade"><b><p>B.Tech III Year I Semester (R18) Regular Examinations Results</p></b></a></td><td><b>22-OCT-2022</b></td></tr>
                    <!-- old rows
                    <tr><td><a href="/jsp/SearchResult.jsp?degree=btech&amp;examCode=1000">Gone</a></td><td>01-JAN-2020</td></tr>
                    -->
                    <tr><td><a href="/jsp/SearchResult.jsp?degree=btech&amp;examCode=1700&amp;etype=r17&amp;type=intgrade"><p><b>   B.Tech I Year I Semester
                        (R18)   Supplementary Examinations Results</b></p></a></td><td><b>30-AUGUST-2023</b></td></tr>
                    <tr><td><a href="/jsp/SearchResult.jsp?degree=btech&amp;examCode=1700&amp;etype=r17&amp;result=gradercrv&amp;type=rcrvintgrade"><b>RC/RV B.Tech I Year I Semester (R18) Supplementary Examinations Results</b></a></td><td>Updated on 19-Aug-2023</td></tr>
                  </table>
                </td></tr>
                <tr><td>
                  <table id="bpharmacy">
                    <tr><td colspan="2"><h3>B.Pharmacy</h3></td></tr>
                    <tr><td><a href="/jsp/SearchResult.jsp?degree=bpharmacy&amp;examCode=1550&amp;etype=rcrv"> RC/RV B.Pharmacy III Year I Semester (R17) Regular Examinations Results</a></td><td><b>RCRV:05-MAY-2022</b></td></tr>
                    <tr><td><a href="/jsp/SearchResult.jsp?degree=bpharmacy&amp;examCode=1551">B.Pharmacy IV Year I Semester (R17) Regular Examinations Results</a></td><td><b>Coming soon</b></td></tr>
                  </table>
                </td></tr>
                <tr><td>
                  <table id="mba">
                    <tr><td colspan="2">MBA</td></tr>
                    <tr><td><a href="/jsp/SearchResult.jsp?degree=mba&amp;examCode=1600&amp;etype=r19&amp;type=intgrade">MBA I Year I Semester (R19) Regular Examinations Results</a></td><td><b>19-Aug-2023</b></td></tr>
                  </table>
                </td></tr></table>
                </body></html>
                """;

        private final List<ReleaseListing> releases = ReleaseListParser.parse(PAGE);

        @Test
        void every_degree_table_is_read_in_page_order_without_headings_or_duplicates() {
            assertThat(releases)
                    .extracting(r ->
                            r.linkParams().get("degree") + "/" + r.linkParams().get("examCode"))
                    .containsExactly(
                            "btech/1662", "btech/1700", "btech/1700", "bpharmacy/1550", "bpharmacy/1551", "mba/1600");
        }

        @Test
        void messy_dates_are_normalised() {
            assertThat(releases)
                    .extracting(ReleaseListing::releaseDate)
                    .containsExactly("22-OCT-2022", "30-AUG-2023", "19-AUG-2023", "05-MAY-2022", "", "19-AUG-2023");
        }

        @Test
        void row_with_an_unreadable_date_is_kept_with_an_empty_date() {
            assertThat(releases.get(4))
                    .isEqualTo(new ReleaseListing(
                            "B.Pharmacy IV Year I Semester (R17) Regular Examinations Results",
                            "",
                            "degree=bpharmacy&examCode=1551",
                            params("degree", "bpharmacy", "examCode", "1551")));
        }

        @Test
        void titles_are_stripped_and_collapsed() {
            assertThat(releases.get(1).title())
                    .isEqualTo("B.Tech I Year I Semester (R18) Supplementary Examinations Results");
            assertThat(releases.get(3).title())
                    .isEqualTo("RC/RV B.Pharmacy III Year I Semester (R17) Regular Examinations Results");
        }
    }

    @ParameterizedTest(name = "\"{0}\" -> \"{1}\"")
    @CsvSource(delimiter = '|', emptyValue = "", textBlock = """
            22-OCT-2022              | 22-OCT-2022
            30-AUGUST-2023           | 30-AUG-2023
            19-Aug-2023              | 19-AUG-2023
            07-JULY-2018             | 07-JUL-2018
            15-Sept-2021             | 15-SEP-2021
            Updated on 19-Aug-2023   | 19-AUG-2023
            RCRV:05-MAY-2022         | 05-MAY-2022
            5-may-2022               | 05-MAY-2022
            05 - MAY - 2022          | 05-MAY-2022
            05/05/2022               | 05-MAY-2022
            31-APR-2022 or 01-MAY-2022 | 01-MAY-2022
            2105-MAY-2022            | ''
            05-MAYBE-2022            | ''
            Coming soon              | ''
            ''                       | ''
            """)
    void date_is_found_anywhere_in_the_cell_and_normalised(String cellText, String expected) {
        assertThat(ReleaseListParser.dateIn(cellText)).isEqualTo(expected);
    }

    @Test
    void table_inner_html_without_a_table_tag_is_read_as_rows() {
        // What a browser saves as a table's inner HTML (the shape of the 2022-05 fixture): outside
        // a table, HTML would drop the row and cell tags.
        String html = "<tbody><tr><td><a href=\"/jsp/SearchResult.jsp?degree=btech&amp;examCode=1545\">T</a></td>"
                + "<td><b>05-MAY-2022</b></td></tr></tbody>";

        assertThat(ReleaseListParser.parse(html))
                .containsExactly(new ReleaseListing(
                        "T",
                        "05-MAY-2022",
                        "degree=btech&examCode=1545",
                        params("degree", "btech", "examCode", "1545")));
    }

    @Test
    void link_without_a_query_gives_empty_query_and_params() {
        String html =
                "<table><tr><td><a href=\"/jsp/SearchResult.jsp\">B.Tech Results</a></td><td>01-JAN-2022</td></tr></table>";

        assertThat(ReleaseListParser.parse(html))
                .containsExactly(new ReleaseListing("B.Tech Results", "01-JAN-2022", "", Map.of()));
    }

    @Test
    void repeated_parameter_keeps_the_first_value_and_the_query_as_written() {
        String html =
                "<table><tr><td><a href=\" /jsp/SearchResult.jsp?degree=btech&amp;examCode=1545&amp;examCode=9&amp;flag#top \">"
                        + "T</a></td><td>01-JAN-2022</td></tr></table>";

        ReleaseListing release = ReleaseListParser.parse(html).get(0);

        assertThat(release.query()).isEqualTo("degree=btech&examCode=1545&examCode=9&flag");
        assertThat(release.linkParams())
                .containsExactly(Map.entry("degree", "btech"), Map.entry("examCode", "1545"), Map.entry("flag", ""));
    }

    @Test
    void page_without_release_links_fails_naming_them() {
        assertThatThrownBy(() -> ReleaseListParser.parse(
                        "<html><body><table><tr><td>Maintenance</td></tr></table></body></html>"))
                .isInstanceOf(PageLayoutException.class)
                .hasMessageContaining("SearchResult.jsp");
    }
}
