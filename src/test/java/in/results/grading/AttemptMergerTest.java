package in.results.grading;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.catalog.Degree;
import in.results.scrape.SubjectResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AttemptMergerTest {
    private static final Grading BTECH_R18 = Grading.of(Map.of(), Degree.BTECH, "R18");

    private static SubjectResult row(String code, String total, String grade, String credits) {
        return new SubjectResult(code, "SUBJECT " + code, "20", total.equals("-") ? "-" : "x", total, grade, credits);
    }

    @Test
    void supplementary_pass_replaces_the_regular_fail() {
        SubjectResult failed = row("A", "30", "F", "0");
        SubjectResult passed = row("A", "55", "B", "3");
        SubjectResult other = row("B", "80", "A+", "3");

        List<SubjectResult> rows = AttemptMerger.finalRows(
                List.of(new Attempt(List.of(failed, other), List.of()), new Attempt(List.of(passed), List.of())),
                BTECH_R18);

        assertThat(rows).containsExactly(passed, other);
    }

    @Test
    void a_worse_later_attempt_does_not_replace_a_better_one() {
        SubjectResult first = row("A", "45", "C", "3");
        SubjectResult later = row("A", "30", "F", "0");

        assertThat(AttemptMerger.finalRows(
                        List.of(new Attempt(List.of(first), List.of()), new Attempt(List.of(later), List.of())),
                        BTECH_R18))
                .containsExactly(first);
    }

    @Test
    void equal_points_go_to_the_later_attempt() {
        SubjectResult first = row("A", "30", "F", "0");
        SubjectResult later = row("A", "-", "-", "0");

        assertThat(AttemptMerger.finalRows(
                        List.of(new Attempt(List.of(first), List.of()), new Attempt(List.of(later), List.of())),
                        BTECH_R18))
                .containsExactly(later);
    }

    @Test
    void rcrv_row_replaces_its_own_exams_row_even_when_unchanged() {
        SubjectResult own = row("A", "48", "C", "3");
        SubjectResult revalued = row("A", "62", "B+", "3");
        SubjectResult untouched = row("B", "70", "A", "2");

        assertThat(AttemptMerger.finalRows(List.of(new Attempt(List.of(own, untouched), List.of(revalued))), BTECH_R18))
                .containsExactly(revalued, untouched);
    }

    @Test
    void rcrv_of_an_earlier_attempt_competes_with_later_attempts_by_points() {
        SubjectResult regular = row("A", "30", "F", "0");
        SubjectResult regularRevalued = row("A", "52", "B", "3");
        SubjectResult supply = row("A", "45", "C", "3");

        assertThat(AttemptMerger.finalRows(
                        List.of(
                                new Attempt(List.of(regular), List.of(regularRevalued)),
                                new Attempt(List.of(supply), List.of())),
                        BTECH_R18))
                .containsExactly(regularRevalued);
    }

    @Test
    void attempts_compare_by_value() {
        assertThat(new Attempt(List.of(row("A", "1", "F", "0")), List.of()))
                .isEqualTo(new Attempt(List.of(row("A", "1", "F", "0")), List.of()))
                .isNotEqualTo(new Attempt(List.of(row("A", "2", "F", "0")), List.of()));
    }
}
