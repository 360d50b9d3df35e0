package in.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.scrape.ResultPage;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClassSummaryTest {
    private static final String TITLE = "II B.Tech. I Semester (R18) Regular, March 2022 Exams";

    private static ResultPage page(String roll, SubjectResult... rows) {
        String hallTicket = "20S11A66" + roll;
        return new ResultPage(TITLE, new StudentDetails(hallTicket, "STUDENT " + roll, "FATHER", "S1"), List.of(rows));
    }

    private static SubjectResult row(String code, String grade, String credits) {
        return new SubjectResult(code, "SUBJECT " + code, "20", "40", "60", grade, credits);
    }

    /** A student with an SGPA of exactly {@code grade}'s points: one 3-credit subject. */
    private static ResultPage scoring(String roll, String grade) {
        return page(roll, row("A", grade, "3"));
    }

    @Test
    void counts_pass_percentage_average_and_bands_follow_the_awarded_sgpas() {
        List<ResultPage> pages = List.of(
                page("01", row("A", "O", "3"), row("B", "A", "1")), // (30 + 8) / 4 = 9.50
                page("02", row("A", "B", "3"), row("B", "F", "0")), // not awarded
                page("03", row("A", "C", "3"), row("B", "B+", "1")), // (15 + 7) / 4 = 5.50
                page("04", row("A", "Ab", "0"), row("B", "O", "1"))); // not awarded

        ClassSummary summary = ClassSummary.of(pages);

        assertThat(summary.examTitle()).isEqualTo(TITLE);
        assertThat(summary.students()).isEqualTo(4);
        assertThat(summary.passedAll()).isEqualTo(2);
        assertThat(summary.failedSome()).isEqualTo(2);
        assertThat(summary.passPercentage()).isEqualTo(new BigDecimal("50.00"));
        assertThat(summary.sgpaAverage()).isEqualTo(new BigDecimal("7.50"));
        assertThat(summary.sgpaDistribution())
                .containsExactly(
                        new PointBand(0, 5, 0),
                        new PointBand(5, 6, 1),
                        new PointBand(6, 7, 0),
                        new PointBand(7, 8, 0),
                        new PointBand(8, 9, 0),
                        new PointBand(9, 10, 1));
        assertThat(summary.gradeDistribution())
                .containsExactly(
                        Map.entry("O", 2),
                        Map.entry("A", 1),
                        Map.entry("B+", 1),
                        Map.entry("B", 1),
                        Map.entry("C", 1),
                        Map.entry("F", 1),
                        Map.entry("Ab", 1));
    }

    @Test
    void per_subject_appeared_leaves_out_the_absent_and_pass_percentage_is_of_those_who_appeared() {
        List<ResultPage> pages = List.of(
                page("01", row("A", "O", "3"), row("B", "Ab", "0")),
                page("02", row("A", "F", "0"), row("B", "-", "0")),
                page("03", row("A", "B", "3"), row("B", "C", "1")));

        ClassSummary summary = ClassSummary.of(pages);

        assertThat(summary.subjects()).hasSize(2);
        ClassSummary.SubjectSummary a = summary.subjects().get(0);
        ClassSummary.SubjectSummary b = summary.subjects().get(1);
        assertThat(a.code()).isEqualTo("A");
        assertThat(a.name()).isEqualTo("SUBJECT A");
        assertThat(List.of(a.registered(), a.appeared(), a.passed())).containsExactly(3, 3, 2);
        assertThat(a.passPercentage()).isEqualTo(new BigDecimal("66.67"));
        assertThat(a.grades()).containsExactly(Map.entry("O", 1), Map.entry("B", 1), Map.entry("F", 1));
        assertThat(List.of(b.registered(), b.appeared(), b.passed())).containsExactly(3, 2, 1);
        assertThat(b.passPercentage()).isEqualTo(new BigDecimal("50.00"));
        assertThat(b.grades()).containsExactly(Map.entry("C", 1), Map.entry("Ab", 1), Map.entry("-", 1));
    }

    @Test
    void top_ten_is_best_first_ties_in_roll_order_sharing_a_rank() {
        List<ResultPage> pages = new ArrayList<>();
        String[] grades = {"B", "O", "A", "O", "C", "A+", "B+", "A", "B", "C", "O", "F"};
        for (int i = 0; i < grades.length; i++) {
            pages.add(scoring("%02d".formatted(i + 1), grades[i]));
        }

        ClassSummary summary = ClassSummary.of(pages);

        assertThat(summary.topTen())
                .extracting(ranked -> ranked.details().hallTicket().substring(8))
                .containsExactly("02", "04", "11", "06", "03", "08", "07", "01", "09", "05");
        assertThat(summary.topTen())
                .extracting(ClassSummary.Ranked::rank)
                .containsExactly(1, 1, 1, 4, 5, 5, 7, 8, 8, 10);
        assertThat(summary.topTen().get(0).sgpa()).isEqualTo(new BigDecimal("10.00"));
    }

    @Test
    void unknown_grades_follow_the_known_ones_and_count_as_passed() {
        ClassSummary summary = ClassSummary.of(List.of(page("01", row("A", "S", "3"), row("B", "O", "3"))));

        assertThat(summary.gradeDistribution()).containsExactly(Map.entry("O", 1), Map.entry("S", 1));
        assertThat(summary.subjects().get(0).passed()).isEqualTo(1);
    }

    @Test
    void nobody_with_a_result_gives_zeros_not_errors() {
        ClassSummary summary = ClassSummary.of(List.of());

        assertThat(summary.examTitle()).isEmpty();
        assertThat(summary.students()).isZero();
        assertThat(summary.passPercentage()).isEqualTo(new BigDecimal("0.00"));
        assertThat(summary.sgpaAverage()).isEqualTo(new BigDecimal("0.00"));
        assertThat(summary.topTen()).isEmpty();
        assertThat(summary.subjects()).isEmpty();
        assertThat(summary.sgpaDistribution()).extracting(PointBand::students).containsOnly(0);
    }

    @Test
    void summaries_of_the_same_pages_are_equal() {
        List<ResultPage> pages = List.of(scoring("01", "A"), scoring("02", "F"));

        assertThat(ClassSummary.of(pages))
                .isEqualTo(ClassSummary.of(pages))
                .hasSameHashCodeAs(ClassSummary.of(pages))
                .isNotEqualTo(ClassSummary.of(pages.subList(0, 1)));
    }
}
