package in.results.simulator;

import java.time.Duration;
import java.util.Random;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * How the simulated site behaves under load and in trouble: a fair queue in front of at most
 * {@code maxConcurrent} requests, a delay per answer, a share of results replaced by Tomcat's 500
 * page, and a switch that takes the whole site down. All settings may change while requests run.
 */
final class TrafficControl {

    static final int UNLIMITED = 10_000;

    private record Latency(long fixedNanos, long jitterNanos) {}

    /** A fair semaphore whose number of permits can shrink as well as grow. */
    private static final class ResizableGate extends Semaphore {
        private static final long serialVersionUID = 1L;

        private int limit;

        ResizableGate(int limit) {
            super(limit, true);
            this.limit = limit;
        }

        synchronized void resize(int newLimit) {
            int change = newLimit - limit;
            if (change > 0) {
                release(change);
            } else if (change < 0) {
                // Requests already inside keep their permits; newcomers wait until enough have left.
                reducePermits(-change);
            }
            limit = newLimit;
        }
    }

    private final ResizableGate gate = new ResizableGate(UNLIMITED);
    private final AtomicReference<Latency> latency = new AtomicReference<>(new Latency(0, 0));
    private final Random random;
    private volatile double failureRate;
    private volatile boolean down;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger peakInFlight = new AtomicInteger();

    TrafficControl(long seed) {
        this.random = new Random(seed);
    }

    void setLatency(Duration fixed, Duration jitter) {
        if (fixed.isNegative() || jitter.isNegative()) {
            throw new IllegalArgumentException("latency cannot be negative: " + fixed + " + " + jitter);
        }
        latency.set(new Latency(fixed.toNanos(), jitter.toNanos()));
    }

    void setMaxConcurrent(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("maxConcurrent must be at least 1, got " + limit);
        }
        gate.resize(limit);
    }

    void setFailureRate(double rate) {
        if (!(rate >= 0 && rate <= 1)) {
            throw new IllegalArgumentException("failure rate must be within 0..1, got " + rate);
        }
        failureRate = rate;
    }

    void setDown(boolean down) {
        this.down = down;
    }

    boolean isDown() {
        return down;
    }

    /** Draws whether this result request fails (seeded; {@link Random} is safe to share between threads). */
    boolean nextResultFails() {
        double rate = failureRate;
        return rate > 0 && random.nextDouble() < rate;
    }

    /** Waits for a place in the queue, holds it for the configured delay, then produces the answer. */
    Answer serve(Supplier<Answer> work) throws InterruptedException {
        gate.acquire();
        try {
            peakInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                sleepLatency();
                return work.get();
            } finally {
                inFlight.decrementAndGet();
            }
        } finally {
            gate.release();
        }
    }

    int peakInFlight() {
        return peakInFlight.get();
    }

    void resetPeak() {
        peakInFlight.set(inFlight.get());
    }

    private void sleepLatency() throws InterruptedException {
        Latency current = latency.get();
        long nanos = current.fixedNanos();
        if (current.jitterNanos() > 0) {
            nanos += (long) (random.nextDouble() * current.jitterNanos());
        }
        if (nanos > 0) {
            Thread.sleep(Duration.ofNanos(nanos));
        }
    }
}
