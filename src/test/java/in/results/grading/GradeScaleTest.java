package in.results.grading;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import in.results.catalog.Degree;
import in.results.scrape.ResultPage;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The known scales as data, the scale a page is graded on, and SGPA and merging on programmes other than B.Tech. */
class GradeScaleTest {
    private static final Map<String, Integer> BPHARMACY_LEGEND =
            KnownScales.letters("O", 10, "A", 9, "B", 8, "C", 7, "D", 6, "F", 0, "AB", 0);

    private static SubjectResult row(String code, String grade, String credits) {
        return new SubjectResult(code, "SUBJECT " + code, "", "", "", grade, credits);
    }

    /** What {@code action} writes to the log (slf4j-simple writes to the standard error stream of the moment). */
    private static String logOf(Runnable action) {
        PrintStream before = System.err;
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        System.setErr(new PrintStream(written, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(before);
        }
        return written.toString(StandardCharsets.UTF_8);
    }

    @Test
    void btech_has_one_known_scale_in_r16_r18_r22_and_r25() {
        for (String regulation : List.of("R16", "R18", "R22", "R25")) {
            assertThat(GradeScale.known(Degree.BTECH, regulation).orElseThrow().points())
                    .containsAllEntriesOf(Map.of("O", 10, "A+", 9, "A", 8, "B+", 7, "B", 6, "C", 5, "F", 0, "AB", 0))
                    .containsEntry("D", 5) // not on the B.Tech legend: the fallback points
                    .containsEntry("-", 0)
                    .containsEntry("P", 0);
        }
    }

    @Test
    void b_pharmacy_r22_and_r25_have_their_own_scale() {
        for (String regulation : List.of("R22", "R25")) {
            GradeScale scale = GradeScale.known(Degree.BPHARMACY, regulation).orElseThrow();

            assertThat(scale.points())
                    .contains(entry("O", 10), entry("A", 9), entry("B", 8), entry("C", 7), entry("D", 6))
                    .contains(entry("F", 0), entry("AB", 0));
        }
    }

    @Test
    void unconfirmed_programmes_and_regulations_have_no_known_scale() {
        assertThat(GradeScale.known(Degree.BPHARMACY, "R17")).isEmpty();
        assertThat(GradeScale.known(Degree.MTECH, "R22")).isEmpty();
        assertThat(GradeScale.known(Degree.MPHARMACY, "R22")).isEmpty();
        assertThat(GradeScale.known(Degree.MBA, "R22")).isEmpty();
        assertThat(GradeScale.known(Degree.MCA, "R22")).isEmpty();
        assertThat(GradeScale.known(Degree.BTECH, "R15")).isEmpty();
        assertThat(GradeScale.known(Degree.BTECH, "")).isEmpty();
    }

    @Test
    void fails_are_f_ab_and_dash_whatever_points_a_legend_gives() {
        assertThat(List.of("F", "Ab", "AB", "-", " f ")).allMatch(GradeScale::isFail);
        assertThat(List.of("P", "D", "C", "O", "EX")).noneMatch(GradeScale::isFail);
    }

    @Test
    void sgpa_of_a_b_pharmacy_r22_page_counts_d_as_six() {
        // (4×6 + 3×7 + 3×10) / 10 = (24 + 21 + 30) / 10 = 75 / 10 = 7.50 (on the B.Tech scale D would be 5: 7.10)
        List<SubjectResult> rows = List.of(row("P1", "D", "4"), row("P2", "C", "3"), row("P3", "O", "3"));

        Sgpa sgpa = GradeCalculator.sgpaOf(rows, Grading.of(BPHARMACY_LEGEND, Degree.BPHARMACY, "R22"));

        assertThat(sgpa).isEqualTo(new Sgpa.Awarded(new BigDecimal("7.50")));
    }

    @Test
    void without_a_legend_a_b_pharmacy_r22_page_is_graded_on_the_known_scale() {
        // (2×9 + 2×6) / 4 = 30 / 4 = 7.50
        List<SubjectResult> rows = List.of(row("P1", "A", "2"), row("P2", "D", "2"));

        assertThat(GradeCalculator.sgpaOf(rows, Grading.of(Map.of(), Degree.BPHARMACY, "R22")))
                .isEqualTo(new Sgpa.Awarded(new BigDecimal("7.50")));
    }

    @Test
    void a_legend_that_disagrees_with_the_known_scale_wins_and_is_logged_once() {
        // A B.Tech R25 page printing A+ as 10 (the known scale says 9): (3×10 + 1×8) / 4 = 38 / 4 = 9.50
        Map<String, Integer> legend = KnownScales.letters("O", 10, "A+", 10, "A", 8, "F", 0, "AB", 0);
        List<SubjectResult> rows = List.of(row("S1", "A+", "3"), row("S2", "A", "1"));

        String log = logOf(() -> {
            Grading first = Grading.of(legend, Degree.BTECH, "R25");
            Grading second = Grading.of(legend, Degree.BTECH, "R25");
            assertThat(GradeCalculator.sgpaOf(rows, first)).isEqualTo(new Sgpa.Awarded(new BigDecimal("9.50")));
            assertThat(second).isEqualTo(first);
        });

        assertThat(log).containsOnlyOnce("disagrees with the known scale").contains("A+ 10 (known: 9)");
    }

    @Test
    void a_legend_that_agrees_with_the_known_scale_is_not_logged() {
        String log = logOf(() -> Grading.of(BPHARMACY_LEGEND, Degree.BPHARMACY, "R25"));

        assertThat(log).doesNotContain("disagrees");
    }

    @Test
    void without_a_legend_or_a_known_scale_the_sgpa_is_not_computed_and_says_why() {
        List<SubjectResult> rows = List.of(row("M1", "A", "4"), row("M2", "B", "4"));

        Sgpa sgpa = GradeCalculator.sgpaOf(rows, Grading.of(Map.of(), Degree.MTECH, "R22"));

        assertThat(sgpa).isInstanceOf(Sgpa.NotComputed.class);
        assertThat(((Sgpa.NotComputed) sgpa).note())
                .contains("not computed")
                .contains("no grade legend")
                .contains("M.Tech R22");
    }

    @Test
    void a_fail_grade_is_a_fail_even_without_a_scale() {
        List<SubjectResult> rows = List.of(row("M1", "A", "4"), row("M2", "F", "0"));

        assertThat(GradeCalculator.sgpaOf(rows, Grading.of(Map.of(), Degree.MBA, "R22")))
                .isEqualTo(new Sgpa.Fail());
    }

    @Test
    void a_legend_grades_a_programme_without_a_known_scale() {
        // M.Pharmacy legend O 10, A 9, B 8: (2×10 + 2×8) / 4 = 36 / 4 = 9.00
        Map<String, Integer> legend = KnownScales.letters("O", 10, "A", 9, "B", 8, "F", 0);

        assertThat(GradeCalculator.sgpaOf(
                        List.of(row("X1", "O", "2"), row("X2", "B", "2")), Grading.of(legend, Degree.MPHARMACY, "R22")))
                .isEqualTo(new Sgpa.Awarded(new BigDecimal("9.00")));
    }

    @Test
    void b_pharmacy_attempts_compare_on_their_own_scale_so_a_later_d_does_not_replace_an_earlier_c() {
        // C is 7 and D is 6 on B.Pharmacy R22 (on B.Tech's fallback both would be 5 and the later D would win).
        SubjectResult earlierC = row("P1", "C", "3");
        SubjectResult laterD = row("P1", "D", "3");

        List<SubjectResult> rows = AttemptMerger.finalRows(
                List.of(new Attempt(List.of(earlierC), List.of()), new Attempt(List.of(laterD), List.of())),
                Grading.of(BPHARMACY_LEGEND, Degree.BPHARMACY, "R22"));

        assertThat(rows).containsExactly(earlierC);
    }

    @Test
    void without_a_scale_a_pass_beats_a_fail_and_otherwise_the_later_attempt_wins() {
        SubjectResult failed = row("M1", "F", "0");
        SubjectResult passed = row("M1", "B", "4");
        SubjectResult laterPass = row("M1", "C", "4");
        Grading none = Grading.of(Map.of(), Degree.MCA, "R22");

        assertThat(AttemptMerger.finalRows(
                        List.of(new Attempt(List.of(passed), List.of()), new Attempt(List.of(failed), List.of())),
                        none))
                .containsExactly(passed);
        assertThat(AttemptMerger.finalRows(
                        List.of(new Attempt(List.of(passed), List.of()), new Attempt(List.of(laterPass), List.of())),
                        none))
                .containsExactly(laterPass);
    }

    @Test
    void the_programme_and_regulation_of_a_page_are_read_from_its_title() {
        ResultPage page = new ResultPage(
                "II B.Pharmacy I Semester (R22) Regular Examinations",
                new StudentDetails("22S11R0001", "A", "B", "S1"),
                List.of(row("P1", "D", "4")));

        // no legend: the B.Pharmacy R22 known scale, D 6 → 4×6 / 4 = 6.00 (on the B.Tech scale D would be 5)
        assertThat(GradeCalculator.sgpaOf(page.subjects(), Grading.ofPage(page)))
                .isEqualTo(new Sgpa.Awarded(new BigDecimal("6.00")));
        ResultPage mba = new ResultPage(
                "M.B.A. I Semester (R22) Regular Examinations",
                new StudentDetails("22S11E0001", "A", "B", "S1"),
                List.of(row("E1", "A", "4")));
        assertThat(GradeCalculator.sgpaOf(mba.subjects(), Grading.ofPage(mba)))
                .isInstanceOfSatisfying(
                        Sgpa.NotComputed.class, none -> assertThat(none.note()).contains("MBA R22"));
    }

    @Test
    void scales_and_not_computed_sgpas_compare_by_value() {
        assertThat(GradeScale.known(Degree.BTECH, "R18")).isEqualTo(GradeScale.known(Degree.BTECH, "R22"));
        assertThat(GradeScale.known(Degree.BTECH, "R18")).isNotEqualTo(GradeScale.known(Degree.BPHARMACY, "R22"));
        assertThat(new Sgpa.NotComputed("why")).isEqualTo(new Sgpa.NotComputed("why"));
    }
}
