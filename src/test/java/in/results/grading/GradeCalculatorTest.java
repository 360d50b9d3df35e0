package in.results.grading;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.catalog.Degree;
import in.results.scrape.SubjectResult;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GradeCalculatorTest {
    private static final Grading BTECH_R18 = Grading.of(Map.of(), Degree.BTECH, "R18");

    private static SubjectResult row(String code, String grade, String credits) {
        return new SubjectResult(code, "SUBJECT " + code, "", "", "", grade, credits);
    }

    @Test
    void sgpa_of_the_real_exam_1560_page_is_144_over_21() {
        // Rows of fixtures/upstream/result-7col-r18-2-1-exam1560.html: grade and credits column.
        // 1.5×10 + 0×10 + 1.5×10 + 3×5 + 3×6 + 4×7 + 2×7 + 3×6 + 3×7 = 144 over 21 credits = 6.857… → 6.86
        List<SubjectResult> rows = List.of(
                row("15307", "O", "1.5"),
                row("15332", "O", "0"),
                row("15336", "O", "1.5"),
                row("153AE", "C", "3"),
                row("153AG", "B", "3"),
                row("153AK", "B+", "4"),
                row("153CD", "B+", "2"),
                row("153CF", "B", "3"),
                row("153CH", "B+", "3"));

        assertThat(GradeCalculator.sgpaOf(rows, BTECH_R18)).isEqualTo(new Sgpa.Awarded(new BigDecimal("6.86")));
    }

    @Test
    void sgpa_rounds_half_up_not_half_even() {
        // (4×10 + 3×6 + 1×7) / 8 = 65 / 8 = 8.125 → 8.13 (half-even would give 8.12)
        List<SubjectResult> rows = List.of(row("A1", "O", "4"), row("A2", "B", "3"), row("A3", "B+", "1"));

        assertThat(GradeCalculator.sgpaOf(rows, BTECH_R18)).isEqualTo(new Sgpa.Awarded(new BigDecimal("8.13")));
    }

    @Test
    void any_fail_grade_means_no_sgpa() {
        assertThat(GradeCalculator.sgpaOf(List.of(row("A1", "O", "4"), row("A2", "F", "0")), BTECH_R18))
                .isEqualTo(new Sgpa.Fail());
        assertThat(GradeCalculator.sgpaOf(List.of(row("A1", "O", "4"), row("A2", "Ab", "0")), BTECH_R18))
                .isEqualTo(new Sgpa.Fail());
        assertThat(GradeCalculator.sgpaOf(List.of(row("A1", "O", "4"), row("A2", "-", "0")), BTECH_R18))
                .isEqualTo(new Sgpa.Fail());
    }

    @Test
    void zero_credits_in_all_rows_gives_zero() {
        assertThat(GradeCalculator.sgpaOf(List.of(row("M1", "O", "0")), BTECH_R18))
                .isEqualTo(new Sgpa.Awarded(new BigDecimal("0.00")));
    }

    @Test
    void d_counts_five_and_p_counts_zero_points() {
        // D: (3×5 + 3×10)/6 = 7.50 ; P with 2 credits: (2×0 + 2×10)/4 = 5.00
        assertThat(GradeCalculator.sgpaOf(List.of(row("A", "D", "3"), row("B", "O", "3")), BTECH_R18))
                .isEqualTo(new Sgpa.Awarded(new BigDecimal("7.50")));
        assertThat(GradeCalculator.sgpaOf(List.of(row("A", "P", "2"), row("B", "O", "2")), BTECH_R18))
                .isEqualTo(new Sgpa.Awarded(new BigDecimal("5.00")));
    }

    @Test
    void unknown_grade_counts_zero_and_is_not_a_fail() {
        // (2×0 + 2×8) / 4 = 4.00, awarded
        assertThat(GradeCalculator.sgpaOf(List.of(row("A", "EX", "2"), row("B", "A", "2")), BTECH_R18))
                .isEqualTo(new Sgpa.Awarded(new BigDecimal("4.00")));
    }

    @Test
    void overall_gpa_leaves_out_failed_rows() {
        // pass rows: 3×9 + 1.5×10 = 42 over 4.5 = 9.333… → 9.33 ; the F row (0 credits earned) is left out
        List<SubjectResult> rows = List.of(row("A", "A+", "3"), row("B", "O", "1.5"), row("C", "F", "0"));

        assertThat(GradeCalculator.overallGpaOf(List.of(new GradeCalculator.GradedRows(rows, BTECH_R18))))
                .isEqualTo(new Sgpa.Awarded(new BigDecimal("9.33")));
    }

    @Test
    void overall_gpa_grades_each_semester_on_its_own_scale_and_is_not_computed_when_one_has_no_points() {
        // B.Pharmacy R22's D is 6: 4×6 = 24; a B.Tech-scaled semester's A is 8: 2×8 = 16 → 40 / 6 = 6.666… → 6.67
        Grading pharmacy =
                new Grading.Scaled(GradeScale.known(Degree.BPHARMACY, "R22").orElseThrow());
        List<SubjectResult> first = List.of(row("P1", "D", "4"));
        List<SubjectResult> second = List.of(row("P2", "A", "2"));
        Grading unscaled = new Grading.Unscaled("no points known");

        assertThat(GradeCalculator.overallGpaOf(List.of(
                        new GradeCalculator.GradedRows(first, pharmacy),
                        new GradeCalculator.GradedRows(second, BTECH_R18))))
                .isEqualTo(new Sgpa.Awarded(new BigDecimal("6.67")));
        assertThat(GradeCalculator.overallGpaOf(List.of(
                        new GradeCalculator.GradedRows(first, pharmacy),
                        new GradeCalculator.GradedRows(second, unscaled))))
                .isEqualTo(new Sgpa.NotComputed("no points known"));
    }

    @Test
    void overall_gpa_is_zero_without_rows() {
        assertThat(GradeCalculator.overallGpaOf(List.of())).isEqualTo(new Sgpa.Awarded(BigDecimal.ZERO));
    }

    @Test
    void sgpa_records_compare_by_value() {
        assertThat(new Sgpa.Awarded(new BigDecimal("8.5"))).isEqualTo(new Sgpa.Awarded(new BigDecimal("8.50")));
        assertThat(new Sgpa.Fail()).isEqualTo(new Sgpa.Fail());
        assertThat(new Sgpa.Awarded(new BigDecimal("8.51"))).isNotEqualTo(new Sgpa.Awarded(new BigDecimal("8.50")));
    }
}
