package in.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ranks, percentages and averages of the class figures, worked by hand. */
class ClassFiguresTest {
    private record Entry(String roll, BigDecimal value) {}

    @Test
    void equal_values_share_a_rank_in_the_order_given_and_the_next_rank_skips() {
        List<Entry> rollOrder = List.of(
                new Entry("01", new BigDecimal("7.50")),
                new Entry("02", new BigDecimal("9.10")),
                new Entry("03", new BigDecimal("8.00")),
                new Entry("04", new BigDecimal("8.0")),
                new Entry("05", new BigDecimal("6.25")));

        List<ClassFigures.Ranked<Entry>> ranked = ClassFigures.ranked(rollOrder, Entry::value);

        assertThat(ranked)
                .extracting(ClassFigures.Ranked::rank, entry -> entry.entry().roll())
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(1, "02"),
                        org.assertj.core.groups.Tuple.tuple(2, "03"),
                        org.assertj.core.groups.Tuple.tuple(2, "04"),
                        org.assertj.core.groups.Tuple.tuple(4, "01"),
                        org.assertj.core.groups.Tuple.tuple(5, "05"));
    }

    @Test
    void percentages_and_averages_are_half_up_to_two_decimals_and_zero_over_nothing() {
        assertThat(ClassFigures.percent(2, 3)).isEqualByComparingTo("66.67");
        assertThat(ClassFigures.percent(1, 8)).isEqualByComparingTo("12.50");
        assertThat(ClassFigures.percent(0, 0)).isEqualByComparingTo("0");
        assertThat(ClassFigures.average(List.of(new BigDecimal("7.005"), new BigDecimal("7.00"))))
                .isEqualTo(new BigDecimal("7.00"));
        assertThat(ClassFigures.average(List.of(new BigDecimal("8.125"), new BigDecimal("8.12"))))
                .isEqualTo(new BigDecimal("8.12"));
        assertThat(ClassFigures.average(List.of())).isEqualTo(new BigDecimal("0.00"));
    }

    @Test
    void points_fall_in_their_band_and_ten_in_the_top_one() {
        assertThat(PointBand.distribution(List.of(
                        new BigDecimal("4.99"),
                        new BigDecimal("5"),
                        new BigDecimal("8.99"),
                        new BigDecimal("9"),
                        new BigDecimal("10"))))
                .extracting(PointBand::students)
                .containsExactly(1, 1, 0, 0, 1, 2);
    }
}
