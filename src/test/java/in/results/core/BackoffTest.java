package in.results.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BackoffTest {
    @Test
    void the_pause_before_retry_n_is_drawn_from_zero_to_base_times_two_to_the_n_minus_one() {
        Random random = new Random(3);
        Duration base = Duration.ofMillis(100);

        for (int retry = 1; retry <= 3; retry++) {
            long cap = base.toNanos() << (retry - 1);
            long max = 0;
            long min = Long.MAX_VALUE;
            for (int i = 0; i < 2_000; i++) {
                long pause = Backoff.pause(retry, base, random).toNanos();
                max = Math.max(max, pause);
                min = Math.min(min, pause);
            }
            assertThat(max).isLessThanOrEqualTo(cap).isGreaterThan(cap * 9 / 10);
            assertThat(min).isGreaterThanOrEqualTo(0).isLessThan(cap / 10);
        }
        assertThat(Backoff.pause(1, Duration.ZERO, random)).isZero();
    }
}
