package in.results.alerts;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The pauses of deliveries and dispatch retries, worked out by hand from the rules in docs/operations.md. */
class RetryPausesTest {

    @Test
    void a_failed_delivery_waits_ten_seconds_doubling_with_a_fifth_of_jitter_either_way() {
        for (int i = 0; i < 200; i++) {
            assertThat(DeliveryWorker.retryPause(1)).isBetween(Duration.ofSeconds(8), Duration.ofSeconds(12));
            assertThat(DeliveryWorker.retryPause(4)).isBetween(Duration.ofSeconds(64), Duration.ofSeconds(96));
        }
    }

    @Test
    void a_failed_delivery_waits_two_hours_at_most_however_often_it_failed() {
        for (int failures : new int[] {11, 12, 30, 64, 1_000}) {
            assertThat(DeliveryWorker.retryPause(failures))
                    .as("after %d failures", failures)
                    .isBetween(Duration.ofMinutes(96), Duration.ofMinutes(144));
        }
    }

    @Test
    void deliveries_are_tried_for_at_least_a_day_before_they_are_given_up() {
        // The longest the pauses can add up to before the give-up: every pause at its shortest (jitter -20 %).
        Duration tried = Duration.ZERO;
        int failures = 0;
        while (tried.plus(shortest(failures + 1)).compareTo(DeliveryWorker.GIVE_UP_AFTER) <= 0) {
            failures++;
            tried = tried.plus(shortest(failures));
        }
        assertThat(DeliveryWorker.GIVE_UP_AFTER).isGreaterThanOrEqualTo(Duration.ofHours(24));
        assertThat(tried).isGreaterThan(Duration.ofHours(24));
    }

    @Test
    void a_dispatch_that_left_students_unchecked_looks_again_after_four_seconds_doubling_to_five_minutes() {
        assertThat(AlertDispatcher.retryPause(1)).isEqualTo(Duration.ofSeconds(4));
        assertThat(AlertDispatcher.retryPause(2)).isEqualTo(Duration.ofSeconds(8));
        assertThat(AlertDispatcher.retryPause(7)).isEqualTo(Duration.ofSeconds(256));
        assertThat(AlertDispatcher.retryPause(8)).isEqualTo(Duration.ofMinutes(5));
        assertThat(AlertDispatcher.retryPause(40)).isEqualTo(Duration.ofMinutes(5));
    }

    /** 10 s × 2^(n−1), at most 2 hours, less a fifth. */
    private static Duration shortest(int failures) {
        long seconds = Math.min(10L << Math.min(failures - 1, 20), 7_200);
        return Duration.ofMillis(seconds * 800);
    }
}
