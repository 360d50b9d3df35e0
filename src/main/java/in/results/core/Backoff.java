package in.results.core;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * The one pause before a retry, used by the upstream client and the bulk jobs: "full jitter", uniform in
 * {@code [0, base × 2^(retry-1)]}. Spreading the pauses of many callers that failed together keeps them from
 * returning together.
 */
public final class Backoff {
    /** Doublings stop here, so that a large retry number cannot overflow. */
    private static final int MAX_DOUBLINGS = 16;

    private Backoff() {}

    /** The pause before retry number {@code retry} (1, 2, …) with base pause {@code base}. */
    public static Duration pause(int retry, Duration base, RandomGenerator random) {
        long cap = base.toNanos() << Math.min(Math.max(retry - 1, 0), MAX_DOUBLINGS);
        return Duration.ofNanos(cap <= 0 ? 0 : random.nextLong(cap + 1));
    }
}
