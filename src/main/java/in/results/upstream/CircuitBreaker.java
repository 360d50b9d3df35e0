package in.results.upstream;

import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The circuit breaker of one upstream host. {@link BreakerState#CLOSED}: every call passes; {@code threshold}
 * consecutive failures open it. {@link BreakerState#OPEN}: every call is refused until {@code coolDown} has passed;
 * then the next call becomes the one probe ({@link BreakerState#HALF_OPEN}) and every other call is refused while
 * it runs. The probe's success closes the breaker; its failure opens it for another cool-down.
 *
 * <p>Only the answers of calls let through in the current period move the state: a call that was let through
 * before the breaker opened and answers late is not a probe, so it neither closes the breaker nor counts again.
 * A pass that was never used (no request token or slot before the caller's deadline) is {@linkplain #abandoned
 * handed back}; an abandoned probe lets the next caller probe at once.
 *
 * <p>Time comes from the injected {@link Ticker}, so tests move past a cool-down without sleeping. Thread-safe; a
 * {@link ReentrantLock} rather than {@code synchronized}, which would pin virtual threads on Java 21.
 */
final class CircuitBreaker {
    /** Permission to send one request, or a refusal. Hand every admitted pass back exactly once. */
    record Pass(Kind kind, long period) {
        enum Kind {
            /** A normal call through a closed breaker. */
            CALL,
            /** The one request that decides whether an open breaker closes. */
            PROBE,
            /** Refused: the breaker is open and cooling down. */
            REFUSED_OPEN,
            /** Refused: the probe is in flight; its answer will decide soon. */
            REFUSED_PROBING
        }

        boolean admitted() {
            return kind == Kind.CALL || kind == Kind.PROBE;
        }
    }

    private static final Pass REFUSED_OPEN = new Pass(Pass.Kind.REFUSED_OPEN, -1);
    private static final Pass REFUSED_PROBING = new Pass(Pass.Kind.REFUSED_PROBING, -1);

    private final int threshold;
    private final long coolDownNanos;
    private final Ticker ticker;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition stateChanged = lock.newCondition();

    private BreakerState state = BreakerState.CLOSED;
    /** Incremented on every change of state, so that late answers from an earlier period are recognised. */
    private long period;

    private int consecutiveFailures;
    private long openedAt;
    private long lastSuccessAt;
    private boolean everSucceeded;
    private long opens;

    CircuitBreaker(int threshold, Duration coolDown, Ticker ticker) {
        if (threshold < 1) {
            throw new IllegalArgumentException("threshold must be at least 1, got " + threshold);
        }
        this.threshold = threshold;
        this.coolDownNanos = coolDown.toNanos();
        this.ticker = ticker;
    }

    /** A pass for one request: a normal call, the probe, or a refusal (the caller skips the host). */
    Pass tryPass() {
        lock.lock();
        try {
            return switch (state) {
                case CLOSED -> new Pass(Pass.Kind.CALL, period);
                case HALF_OPEN -> REFUSED_PROBING;
                case OPEN -> {
                    if (ticker.read() - openedAt < coolDownNanos) {
                        yield REFUSED_OPEN;
                    }
                    moveTo(BreakerState.HALF_OPEN);
                    yield new Pass(Pass.Kind.PROBE, period);
                }
            };
        } finally {
            lock.unlock();
        }
    }

    /** The request got a usable answer. Returns whether this closed the breaker (a successful probe). */
    boolean succeeded(Pass pass) {
        lock.lock();
        try {
            lastSuccessAt = ticker.read();
            everSucceeded = true;
            if (pass.period() != period) {
                return false;
            }
            consecutiveFailures = 0;
            if (pass.kind() == Pass.Kind.PROBE) {
                moveTo(BreakerState.CLOSED);
                return true;
            }
            return false;
        } finally {
            lock.unlock();
        }
    }

    /** The request failed. Returns whether this opened the breaker (threshold reached, or a failed probe). */
    boolean failed(Pass pass) {
        lock.lock();
        try {
            if (pass.period() != period) {
                return false;
            }
            if (pass.kind() == Pass.Kind.PROBE || ++consecutiveFailures >= threshold) {
                open();
                return true;
            }
            return false;
        } finally {
            lock.unlock();
        }
    }

    /** The pass was not used (nothing was sent): an unused probe returns the breaker to open, cool-down passed. */
    void abandoned(Pass pass) {
        lock.lock();
        try {
            if (pass.kind() == Pass.Kind.PROBE && pass.period() == period) {
                moveTo(BreakerState.OPEN);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits while the probe is in flight, at most {@code max} in real time: callers that all hosts refused because
     * probes run learn the outcome instead of giving up just before the university answers again.
     */
    void awaitProbe(Duration max) throws InterruptedException {
        lock.lock();
        try {
            long left = max.toNanos();
            while (state == BreakerState.HALF_OPEN && left > 0) {
                left = stateChanged.awaitNanos(left);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Whether {@code pass} still belongs to the breaker's current period: false once the breaker changed state since
     * it was given (opened, and perhaps half-open with a probe under way), when the pass must not be used any more.
     */
    boolean isCurrent(Pass pass) {
        lock.lock();
        try {
            return pass.period() == period;
        } finally {
            lock.unlock();
        }
    }

    /** Whether the breaker is open and its cool-down has not passed: a call now would be refused. */
    boolean coolingDown() {
        lock.lock();
        try {
            return state == BreakerState.OPEN && ticker.read() - openedAt < coolDownNanos;
        } finally {
            lock.unlock();
        }
    }

    BreakerState state() {
        lock.lock();
        try {
            return state;
        } finally {
            lock.unlock();
        }
    }

    /** How often the breaker opened (a failed probe counts as opening again). */
    long opens() {
        lock.lock();
        try {
            return opens;
        } finally {
            lock.unlock();
        }
    }

    HostHealth.LastSuccess lastSuccess() {
        lock.lock();
        try {
            return everSucceeded
                    ? new HostHealth.LastSuccess.Ago(Duration.ofNanos(Math.max(0, ticker.read() - lastSuccessAt)))
                    : new HostHealth.LastSuccess.Never();
        } finally {
            lock.unlock();
        }
    }

    private void open() {
        openedAt = ticker.read();
        opens++;
        consecutiveFailures = 0;
        moveTo(BreakerState.OPEN);
    }

    private void moveTo(BreakerState next) {
        state = next;
        period++;
        stateChanged.signalAll();
    }
}
