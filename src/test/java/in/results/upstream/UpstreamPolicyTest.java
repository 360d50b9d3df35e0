package in.results.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class UpstreamPolicyTest {
    private static final Duration COOL_DOWN = Duration.ofSeconds(30);

    @Test
    void a_policy_refuses_values_that_make_no_sense() {
        UpstreamPolicy defaults = UpstreamPolicy.defaults();

        assertThat(defaults).isEqualTo(new UpstreamPolicy(5, Duration.ofSeconds(30), 2, Duration.ofMillis(100), 100));
        assertThat(defaults.withRequestsPerSecond(0).requestsPerSecond()).isZero();
        assertThatIllegalArgumentException().isThrownBy(() -> new UpstreamPolicy(0, COOL_DOWN, 2, Duration.ZERO, 0));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new UpstreamPolicy(5, Duration.ZERO, 2, Duration.ZERO, 0));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new UpstreamPolicy(5, COOL_DOWN, UpstreamPolicy.MAX_RETRIES + 1, Duration.ZERO, 0));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new UpstreamPolicy(5, COOL_DOWN, 2, Duration.ofMillis(-1), 0));
        assertThatIllegalArgumentException().isThrownBy(() -> new UpstreamPolicy(5, COOL_DOWN, 2, Duration.ZERO, -1));
    }
}
