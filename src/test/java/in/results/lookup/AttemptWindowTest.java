package in.results.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.catalog.Course;
import in.results.catalog.Degree;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.Semester;
import in.results.core.HallTicket;
import in.results.core.Regulation;
import in.results.scrape.ReleaseListing;
import in.results.testing.Listings;
import java.util.List;
import org.junit.jupiter.api.Test;

class AttemptWindowTest {

    private static ReleaseListing listing(String code, String title, String date) {
        return Listings.btech(code, "r17", "intgrade", title, date);
    }

    private static final String REGULAR_1_1 = "B.Tech I Year I Semester (R18) Regular Examinations Results";
    private static final String REGULAR_1_2 = "B.Tech I Year II Semester (R18) Regular Examinations Results";
    private static final String SUPPLY_1_2 = "B.Tech I Year II Semester (R18) Supplementary Examinations Results";

    // The catalog also merges in the built-in table's codes (no dates): those are never dropped.
    private static final ExamCatalog CATALOG = ExamCatalog.from(List.of(
            listing("1503", REGULAR_1_2, "16-DEC-2021"),
            listing("1481", SUPPLY_1_2, "15-OCT-2021"),
            listing("1467", REGULAR_1_1, "20-MAY-2021"),
            listing("1435", REGULAR_1_2, "23-JAN-2021"),
            listing("1404", REGULAR_1_1, "28-DEC-2020"),
            listing("1356", REGULAR_1_2, "14-JUL-2019"),
            listing("1323", REGULAR_1_1, "15-MAR-2019")));

    private static List<String> codes(List<ExamRelease> releases) {
        return releases.stream().map(ExamRelease::code).toList();
    }

    @Test
    void releases_before_the_batch_could_sit_the_semester_are_skipped() {
        // batch 2020: first-year results appear from 1 January 2021 on → 1323 (2019) and 1404 (2020) cannot hold them
        AttemptWindow window =
                new AttemptWindow(new HallTicket("20S11A6601"), CATALOG, new Course(Degree.BTECH, Regulation.R18));

        assertThat(codes(window.possibleRegular(Semester.of(1, 1))))
                .contains("1467")
                .doesNotContain("1323", "1404");
    }

    @Test
    void a_semester_starts_no_earlier_than_the_previous_semesters_first_possible_regular() {
        // batch 2020: 1-1 regular no earlier than 1467 (20-MAY-2021), so 1-2's 1435 (JAN 2021) cannot be theirs,
        // though it is after 1 January 2021; 1481 (OCT 2021) and 1503 (DEC 2021) can
        AttemptWindow window =
                new AttemptWindow(new HallTicket("20S11A6601"), CATALOG, new Course(Degree.BTECH, Regulation.R18));

        assertThat(codes(window.possible(Semester.of(1, 2))))
                .contains("1481", "1503")
                .doesNotContain("1356", "1435");
        assertThat(codes(window.possibleRegular(Semester.of(1, 2))))
                .contains("1503")
                .doesNotContain("1356", "1435");
    }

    @Test
    void the_first_batch_may_have_every_release() {
        AttemptWindow window =
                new AttemptWindow(new HallTicket("18S11A6601"), CATALOG, new Course(Degree.BTECH, Regulation.R18));

        assertThat(codes(window.possibleRegular(Semester.of(1, 1)))).startsWith("1323", "1404", "1467");
        assertThat(codes(window.possible(Semester.of(1, 2)))).contains("1356", "1435", "1481", "1503");
    }

    @Test
    void lateral_entry_has_no_first_year() {
        AttemptWindow window =
                new AttemptWindow(new HallTicket("21S15A6601"), CATALOG, new Course(Degree.BTECH, Regulation.R18));

        assertThat(window.possible(Semester.of(1, 1))).isEmpty();
        assertThat(window.possible(Semester.of(1, 2))).isEmpty();
    }

    @Test
    void codes_known_only_from_the_built_in_table_are_never_dropped() {
        AttemptWindow window = new AttemptWindow(
                new HallTicket("21S11A6601"), ExamCatalog.builtIn(), new Course(Degree.BTECH, Regulation.R18));

        assertThat(codes(window.possibleRegular(Semester.of(1, 1)))).containsExactly("1323", "1404", "1467", "1572");
    }

    @Test
    void an_r22_batch_regular_release_is_found_by_date_not_by_code() {
        // 1-1 Regular: 1662 (27-MAY-2023) batch 2022, 1763 (07-MAR-2024) batch 2023, 1851 (17-MAR-2025) batch 2024.
        ExamCatalog catalog = ExamCatalog.builtIn();

        assertThat(firstRegular("22BD1A0501", catalog, Semester.S1_1)).isEqualTo("1662");
        assertThat(firstRegular("23BD1A0501", catalog, Semester.S1_1)).isEqualTo("1763");
        assertThat(firstRegular("24BD1A0501", catalog, Semester.S1_1)).isEqualTo("1851");
        assertThat(new AttemptWindow(new HallTicket("25BD1A0501"), catalog, new Course(Degree.BTECH, Regulation.R22))
                        .possible(Semester.S1_1))
                .isEmpty();
        assertThat(firstRegular("23BD1A0501", catalog, Semester.S2_1)).isEqualTo("1833");
    }

    @Test
    void r22_lateral_entrants_start_with_their_batchs_second_year_regular() {
        ExamCatalog catalog = ExamCatalog.builtIn();
        AttemptWindow batch2022 =
                new AttemptWindow(new HallTicket("23BD5A0501"), catalog, new Course(Degree.BTECH, Regulation.R22));

        assertThat(batch2022.possible(Semester.S1_1)).isEmpty();
        assertThat(batch2022.possible(Semester.S1_2)).isEmpty();
        assertThat(firstRegular("23BD5A0501", catalog, Semester.S2_1)).isEqualTo("1771");
        assertThat(firstRegular("24BD5A0501", catalog, Semester.S2_1)).isEqualTo("1833");
    }

    @Test
    void a_detained_r22_student_may_sit_the_next_batchs_regular_which_stays_in_the_window() {
        AttemptWindow window = new AttemptWindow(
                new HallTicket("22BD1A0501"), ExamCatalog.builtIn(), new Course(Degree.BTECH, Regulation.R22));

        assertThat(codes(window.possibleRegular(Semester.S2_1))).containsExactly("1771", "1833");
        assertThat(codes(window.possible(Semester.S2_1))).containsExactly("1771", "1818", "1833");
    }

    @Test
    void each_regulation_sees_only_its_own_releases() {
        AttemptWindow r18 = new AttemptWindow(
                new HallTicket("22BD1A0501"), ExamCatalog.builtIn(), new Course(Degree.BTECH, Regulation.R18));
        AttemptWindow r22 = new AttemptWindow(
                new HallTicket("22BD1A0501"), ExamCatalog.builtIn(), new Course(Degree.BTECH, Regulation.R22));

        assertThat(codes(r18.possible(Semester.S1_1))).doesNotContain("1662", "1763", "1851");
        assertThat(codes(r22.possible(Semester.S1_1))).containsExactly("1662", "1699", "1763", "1803", "1851");
    }

    private static String firstRegular(String hallTicket, ExamCatalog catalog, Semester semester) {
        return new AttemptWindow(new HallTicket(hallTicket), catalog, new Course(Degree.BTECH, Regulation.R22))
                .possibleRegular(semester)
                .getFirst()
                .code();
    }
}
