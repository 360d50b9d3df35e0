package in.results.catalog;

import static in.results.catalog.ReleaseListFixture.listOf;
import static in.results.catalog.ReleaseListFixture.row;
import static org.assertj.core.api.Assertions.assertThat;

import in.results.core.Regulation;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** R22 B.Tech in the catalog: titles, the built-in codes with their dates, and lists that mix both regulations. */
class R22CatalogTest {

    private static final String INTGRADE = "etype=r17&type=intgrade";
    private static final String RCRV = "etype=r17&result=gradercrv&type=rcrvintgrade";

    private static List<String> codes(List<ExamRelease> releases) {
        return releases.stream().map(ExamRelease::code).toList();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            B.Tech I Year I Semester (R22) Regular Examinations Results                      | 1-1 | REGULAR       | false
            B.Tech II Year I Semester (R22) Regular Examinations Results June-2025           | 2-1 | REGULAR       | false
            B.Tech I Year II Semester (R22) Supplementary Examinations Results December-2025 | 1-2 | SUPPLEMENTARY | false
            ' RC/RV B.Tech III Year I Semester (R22) Regular Examinations Results January-2025' | 3-1 | REGULAR | true
            RCRV B.Tech II Year II Semester (R22) Supplementary Examinations Results Dec-2024 | 2-2 | SUPPLEMENTARY | true
            """)
    void r22_titles_read_as_b_tech_r22_with_semester_kind_and_rc_rv(
            String title, String semester, ReleaseKind kind, boolean rcrv) {
        ReleaseTitle read = TitleReader.read(title, Degree.UNKNOWN);

        assertThat(read)
                .isEqualTo(new ReleaseTitle(
                        Degree.BTECH,
                        "R22",
                        Semester.parse(semester).orElseThrow(),
                        kind,
                        SpecialProgramme.NONE,
                        rcrv));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            B.Tech IV Year I Semester (R22) Regular Examinations Results
            RC/RV B.Tech I Year II Semester (R18) Supplementary Examinations Results
            II B.Tech. II Semester (R22) Regular Examinations Results
            B.Pharmacy I Year I Semester (R22) Supplementary Examinations Results
            """)
    void an_exam_session_at_the_end_of_a_title_changes_nothing_it_says(String title) {
        for (String session : List.of("June-2025", "JUNE-2025", "Nov/Dec-2024", "(May-2025)", "I-2025")) {
            assertThat(TitleReader.read(title + " " + session, Degree.UNKNOWN))
                    .as(session)
                    .isEqualTo(TitleReader.read(title, Degree.UNKNOWN));
        }
    }

    @Test
    void the_built_in_table_knows_the_r22_codes_of_the_public_record_with_their_dates() {
        ExamCatalog catalog = ExamCatalog.builtIn();

        assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R22), Semester.S1_1)))
                .containsExactly("1662", "1699", "1763", "1803", "1851");
        assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R22), Semester.S1_2)))
                .containsExactly("1704", "1768", "1800", "1855");
        assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R22), Semester.S2_1)))
                .containsExactly("1771", "1818", "1833");
        assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R22), Semester.S2_2)))
                .containsExactly("1813", "1837");
        assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R22), Semester.S3_1)))
                .containsExactly("1841");
        ExamRelease batch2024 = catalog.releases(new Course(Degree.BTECH, Regulation.R22), Semester.S1_1)
                .getLast();
        assertThat(batch2024.releasedOn()).contains(LocalDate.of(2025, 3, 17));
        assertThat(batch2024.kind()).isEqualTo(ReleaseKind.REGULAR);
        assertThat(batch2024.source()).isEqualTo(ReleaseSource.BUILT_IN_TABLE);
        assertThat(batch2024.params())
                .containsExactly(
                        Map.entry("degree", "btech"),
                        Map.entry("examCode", "1851"),
                        Map.entry("etype", "r17"),
                        Map.entry("type", "intgrade"));
        assertThat(catalog.rcrvRelease(Degree.BTECH, "1851").orElseThrow().params())
                .containsEntry("result", "gradercrv")
                .containsEntry("type", "rcrvintgrade");
    }

    @Test
    void each_r22_batch_has_its_own_regular_code_for_the_same_semester_in_date_order() {
        ExamCatalog catalog = ExamCatalog.builtIn();

        assertThat(codes(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R22), Semester.S1_1)))
                .containsExactly("1662", "1763", "1851");
        assertThat(codes(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R22), Semester.S2_1)))
                .containsExactly("1771", "1833");
        assertThat(codes(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R18), Semester.S1_1)))
                .doesNotContain("1662", "1763", "1851");
    }

    @Test
    void r22_rows_of_the_list_go_to_r22_semesters_and_their_rc_rv_twins_share_the_code() {
        ExamCatalog catalog = ExamCatalog.from(listOf(
                row(
                        "degree=btech&examCode=1895&" + RCRV,
                        " RC/RV B.Tech I Year I Semester (R22) Regular Examinations Results",
                        "10-MAY-2026"),
                row(
                        "degree=btech&examCode=1895&" + INTGRADE,
                        "B.Tech I Year I Semester (R22) Regular Examinations Results",
                        "21-MAR-2026"),
                row(
                        "degree=btech&examCode=1890&" + INTGRADE,
                        "B.Tech IV Year I Semester (R22) Regular Examinations Results December-2025",
                        "20-FEB-2026"),
                row(
                        "degree=btech&examCode=1858&" + INTGRADE,
                        "B.Tech IV Year I Semester (R18) Regular Examinations Results",
                        "27-MAR-2025")));

        assertThat(codes(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R22), Semester.S1_1)))
                .containsExactly("1662", "1763", "1851", "1895");
        assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R22), Semester.S4_1)))
                .containsExactly("1890");
        assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R18), Semester.S4_1)))
                .contains("1858")
                .doesNotContain("1890");
        assertThat(catalog.hasRcrv(Degree.BTECH, "1895")).isTrue();
        assertThat(catalog.rcrvRelease(Degree.BTECH, "1895").orElseThrow().releasedOn())
                .contains(LocalDate.of(2026, 5, 10));
        assertThat(catalog.hasRcrv(Degree.BTECH, "1890")).isFalse();
    }

    @Test
    void a_list_of_late_2023_leaves_out_the_later_r22_codes_of_the_table_and_keeps_an_older_one_it_lost_unlisted() {
        // The list shows 1662 and 1704 but lost 1699's rows; 1763 … 1855 came after its newest code, 1704.
        ExamCatalog catalog = ExamCatalog.from(listOf(
                row(
                        "degree=btech&examCode=1704&" + INTGRADE,
                        "B.Tech I Year II Semester (R22) Regular Examinations Results",
                        "19-OCT-2023"),
                row(
                        "degree=btech&examCode=1662&" + INTGRADE,
                        "B.Tech I Year I Semester (R22) Regular Examinations Results",
                        "27-MAY-2023")));

        assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R22), Semester.S1_1)))
                .containsExactly("1662", "1699");
        assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R22), Semester.S1_2)))
                .containsExactly("1704");
        assertThat(codes(catalog.releases(new Course(Degree.BTECH, Regulation.R22), Semester.S2_1)))
                .isEmpty();
        ExamRelease lost = catalog.releases(new Course(Degree.BTECH, Regulation.R22), Semester.S1_1)
                .get(1);
        assertThat(catalog.isUnlisted(lost)).isTrue();
        assertThat(lost.releasedOn()).contains(LocalDate.of(2023, 10, 19));
        assertThat(catalog.mayHaveUnlistedRcrv(Degree.BTECH, "1699")).isTrue();
        assertThat(catalog.hasRcrv(Degree.BTECH, "1763")).isFalse();
        assertThat(catalog.rcrvRelease(Degree.BTECH, "1763")).isEmpty();
    }

    @Test
    void the_date_column_is_the_release_date_whatever_session_the_title_ends_with() {
        ExamCatalog catalog = ExamCatalog.from(listOf(row(
                "degree=btech&examCode=1833&" + INTGRADE,
                "B.Tech II Year I Semester (R22) Regular Examinations Results December-2024",
                "08-FEB-2025")));

        ExamRelease listed = catalog.releases(new Course(Degree.BTECH, Regulation.R22), Semester.S2_1).stream()
                .filter(release -> release.code().equals("1833"))
                .findFirst()
                .orElseThrow();
        assertThat(listed.source()).isEqualTo(ReleaseSource.RELEASE_LIST);
        assertThat(listed.releasedOn()).contains(LocalDate.of(2025, 2, 8));
    }

    @Test
    void a_rewritten_link_without_degree_still_reads_as_b_tech_from_the_title() {
        ExamCatalog catalog = ExamCatalog.from(listOf(row(
                "examCode=1900&" + INTGRADE,
                "B.Tech II Year II Semester (R22) Regular Examinations Results June-2026",
                "20-AUG-2026")));

        assertThat(codes(catalog.regularReleases(new Course(Degree.BTECH, Regulation.R22), Semester.S2_2)))
                .endsWith("1900");
    }
}
