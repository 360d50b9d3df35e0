package in.results.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import in.results.testing.ManualTicker;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class CircuitBreakerTest {
    private static final Duration COOL_DOWN = Duration.ofSeconds(30);

    private final ManualTicker ticker = new ManualTicker();
    private final CircuitBreaker breaker = new CircuitBreaker(5, COOL_DOWN, ticker);

    private void fail(int times) {
        for (int i = 0; i < times; i++) {
            breaker.failed(breaker.tryPass());
        }
    }

    @Test
    void stays_closed_below_the_threshold_and_a_success_resets_the_count() {
        fail(4);
        breaker.succeeded(breaker.tryPass());
        fail(4);

        assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
        assertThat(breaker.tryPass().kind()).isEqualTo(CircuitBreaker.Pass.Kind.CALL);
        assertThat(breaker.opens()).isZero();
    }

    @Test
    void the_threshold_th_consecutive_failure_opens_it_and_calls_are_refused_until_the_cool_down_has_passed() {
        fail(4);
        boolean opened = breaker.failed(breaker.tryPass());
        ticker.advance(COOL_DOWN.minusNanos(1));
        CircuitBreaker.Pass beforeCoolDown = breaker.tryPass();

        assertThat(opened).isTrue();
        assertThat(breaker.state()).isEqualTo(BreakerState.OPEN);
        assertThat(beforeCoolDown.admitted()).isFalse();
        assertThat(beforeCoolDown.kind()).isEqualTo(CircuitBreaker.Pass.Kind.REFUSED_OPEN);
        assertThat(breaker.opens()).isEqualTo(1);
    }

    @Test
    void after_the_cool_down_exactly_one_probe_is_let_through() {
        fail(5);
        ticker.advance(COOL_DOWN);

        CircuitBreaker.Pass probe = breaker.tryPass();
        CircuitBreaker.Pass concurrent = breaker.tryPass();
        ticker.advance(COOL_DOWN.multipliedBy(10));
        CircuitBreaker.Pass muchLater = breaker.tryPass();

        assertThat(probe.kind()).isEqualTo(CircuitBreaker.Pass.Kind.PROBE);
        assertThat(breaker.state()).isEqualTo(BreakerState.HALF_OPEN);
        assertThat(concurrent.kind()).isEqualTo(CircuitBreaker.Pass.Kind.REFUSED_PROBING);
        assertThat(muchLater.admitted()).isFalse();
    }

    @Test
    void a_failed_probe_opens_it_again_for_another_cool_down() {
        fail(5);
        ticker.advance(COOL_DOWN);
        boolean reopened = breaker.failed(breaker.tryPass());
        ticker.advance(COOL_DOWN.minusSeconds(1));
        CircuitBreaker.Pass tooEarly = breaker.tryPass();
        ticker.advance(Duration.ofSeconds(1));
        CircuitBreaker.Pass secondProbe = breaker.tryPass();

        assertThat(reopened).isTrue();
        assertThat(tooEarly.kind()).isEqualTo(CircuitBreaker.Pass.Kind.REFUSED_OPEN);
        assertThat(secondProbe.kind()).isEqualTo(CircuitBreaker.Pass.Kind.PROBE);
        assertThat(breaker.opens()).isEqualTo(2);
    }

    @Test
    void a_successful_probe_closes_it_and_the_failure_count_starts_from_zero() {
        fail(5);
        ticker.advance(COOL_DOWN);
        boolean closed = breaker.succeeded(breaker.tryPass());
        fail(4);

        assertThat(closed).isTrue();
        assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
        assertThat(breaker.tryPass().kind()).isEqualTo(CircuitBreaker.Pass.Kind.CALL);
    }

    @Test
    void an_abandoned_probe_lets_the_next_caller_probe_at_once() {
        fail(5);
        ticker.advance(COOL_DOWN);
        breaker.abandoned(breaker.tryPass());

        assertThat(breaker.state()).isEqualTo(BreakerState.OPEN);
        assertThat(breaker.tryPass().kind()).isEqualTo(CircuitBreaker.Pass.Kind.PROBE);
        assertThat(breaker.opens()).isEqualTo(1);
    }

    @Test
    void a_caller_waiting_for_the_probe_wakes_as_soon_as_the_probe_answers() throws Exception {
        fail(5);
        ticker.advance(COOL_DOWN);
        CircuitBreaker.Pass probe = breaker.tryPass();
        Thread waiter = Thread.ofVirtual().start(() -> {
            try {
                breaker.awaitProbe(Duration.ofHours(1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        await().until(() -> waiter.getState() == Thread.State.TIMED_WAITING);

        breaker.succeeded(probe);

        await().until(() -> !waiter.isAlive());
        assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
    }

    @Test
    void late_answers_of_calls_let_through_before_it_opened_do_not_move_it() {
        CircuitBreaker.Pass early = breaker.tryPass();
        CircuitBreaker.Pass alsoEarly = breaker.tryPass();
        fail(5);

        boolean closedByLateSuccess = breaker.succeeded(early);
        boolean openedByLateFailure = breaker.failed(alsoEarly);

        assertThat(closedByLateSuccess).isFalse();
        assertThat(openedByLateFailure).isFalse();
        assertThat(breaker.state()).isEqualTo(BreakerState.OPEN);
        assertThat(breaker.opens()).isEqualTo(1);
    }

    @Test
    void remembers_how_long_ago_the_last_success_was() {
        HostHealth.LastSuccess before = breaker.lastSuccess();
        breaker.succeeded(breaker.tryPass());
        ticker.advance(Duration.ofSeconds(42));
        fail(5);

        assertThat(before).isEqualTo(new HostHealth.LastSuccess.Never());
        assertThat(breaker.lastSuccess()).isEqualTo(new HostHealth.LastSuccess.Ago(Duration.ofSeconds(42)));
    }
}
