package in.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class TargetTest {

    @Test
    void the_average_needed_over_the_credits_left_is_rounded_up() {
        // 100 credits at 7.5 points = 750; to end 160 credits at 8: 1280 − 750 = 530 over 60 = 8.8333… → 8.84
        Target target = Target.of(new BigDecimal("8"), new BigDecimal("750"), new BigDecimal("100"), 160);

        assertThat(target.status()).isEqualTo(Target.Status.REACHABLE);
        assertThat(target.creditsToEarn()).isEqualByComparingTo("60");
        assertThat(target.averageNeeded()).hasValue(new BigDecimal("8.84"));
        // (750 + 600) / 160 = 8.4375 → 8.44
        assertThat(target.bestPossible()).isEqualByComparingTo("8.44");
    }

    @Test
    void above_ten_points_a_target_is_unreachable_with_the_best_cgpa_left() {
        // 140 credits at 6 = 840; 9 × 160 = 1440 − 840 = 600 over 20 = 30 points
        Target target = Target.of(new BigDecimal("9"), new BigDecimal("840"), new BigDecimal("140"), 160);

        assertThat(target.status()).isEqualTo(Target.Status.UNREACHABLE);
        assertThat(target.averageNeeded()).isEmpty();
        // (840 + 200) / 160 = 6.5
        assertThat(target.bestPossible()).isEqualByComparingTo("6.50");
    }

    @Test
    void a_target_below_what_is_earned_needs_nothing_more_than_a_pass() {
        // 150 credits at 9 = 1350; 5 × 160 = 800 < 1350: nothing is needed
        Target target = Target.of(new BigDecimal("5"), new BigDecimal("1350"), new BigDecimal("150"), 160);

        assertThat(target.status()).isEqualTo(Target.Status.REACHABLE);
        assertThat(target.averageNeeded()).hasValue(new BigDecimal("0.00"));
    }

    @Test
    void with_every_credit_earned_the_cgpa_has_reached_the_target_or_never_will() {
        // 160 credits, 1272 points: CGPA 7.95
        Target reached = Target.of(new BigDecimal("7.95"), new BigDecimal("1272"), new BigDecimal("160"), 160);
        Target missed = Target.of(new BigDecimal("7.96"), new BigDecimal("1272"), new BigDecimal("160"), 160);

        assertThat(reached.status()).isEqualTo(Target.Status.REACHED);
        assertThat(reached.creditsToEarn()).isEqualByComparingTo("0");
        assertThat(reached.bestPossible()).isEqualByComparingTo("7.95");
        assertThat(missed.status()).isEqualTo(Target.Status.UNREACHABLE);
        assertThat(missed.averageNeeded()).isEmpty();
    }
}
