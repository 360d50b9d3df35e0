package in.results.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The capacity rule of results day's read-ahead ({@code docs/operations.md}), worked by hand. */
class ReadAheadBudgetTest {
    @Test
    void the_default_budget_is_three_quarters_of_a_hundred_requests_a_second_for_fifteen_seconds() {
        // 3,932 transcripts kept at a 256 MB heap (30 % of it at 20 KB each): half of them, under the 10,000 setting
        NewReleaseWarmUp.Budget budget = NewReleaseWarmUp.Budget.of(10_000, 3_932, 100);

        assertThat(budget.students()).isEqualTo(1_966);
        assertThat(budget.requestsPerSecond()).isEqualTo(75.0);
        assertThat(budget.requests(Duration.ofSeconds(15))).isEqualTo(1_125.0);
    }

    @Test
    void the_setting_bounds_the_students_below_the_store_and_an_unlimited_budget_bounds_no_requests() {
        NewReleaseWarmUp.Budget budget = NewReleaseWarmUp.Budget.of(500, 20_000, 0);

        assertThat(budget.students()).isEqualTo(500);
        assertThat(budget.requests(Duration.ofSeconds(60))).isInfinite();
    }
}
