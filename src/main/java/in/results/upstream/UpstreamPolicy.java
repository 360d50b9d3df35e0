package in.results.upstream;

import java.time.Duration;
import java.util.Objects;

/**
 * How {@link UpstreamClient} protects the university and itself from bad days.
 *
 * @param breakerThreshold  consecutive failures of a host (connection error, timeout, non-200 answer, unreadable
 *                          page) that open its circuit breaker
 * @param breakerCoolDown   how long an open host is skipped before one probe request is let through
 * @param retries           how many times the whole host sequence is tried again when every host failed
 * @param backoffBase       pause before the first retry is drawn from {@code [0, backoffBase]}, before the second
 *                          from {@code [0, 2 × backoffBase]}, … (exponential backoff with full jitter)
 * @param requestsPerSecond request budget per host (token bucket holding one second of requests); 0 = unlimited
 */
public record UpstreamPolicy(
        int breakerThreshold, Duration breakerCoolDown, int retries, Duration backoffBase, int requestsPerSecond) {
    /** Largest number of retries accepted: more would only add load to a university that is already failing. */
    public static final int MAX_RETRIES = 5;

    public UpstreamPolicy {
        Objects.requireNonNull(breakerCoolDown, "breakerCoolDown");
        Objects.requireNonNull(backoffBase, "backoffBase");
        if (breakerThreshold < 1) {
            throw new IllegalArgumentException("breakerThreshold must be at least 1, got " + breakerThreshold);
        }
        if (breakerCoolDown.isNegative() || breakerCoolDown.isZero()) {
            throw new IllegalArgumentException("breakerCoolDown must be positive, got " + breakerCoolDown);
        }
        if (retries < 0 || retries > MAX_RETRIES) {
            throw new IllegalArgumentException("retries must be within 0.." + MAX_RETRIES + ", got " + retries);
        }
        if (backoffBase.isNegative()) {
            throw new IllegalArgumentException("backoffBase cannot be negative, got " + backoffBase);
        }
        if (requestsPerSecond < 0) {
            throw new IllegalArgumentException("requestsPerSecond cannot be negative, got " + requestsPerSecond);
        }
    }

    /** Breaker opens after 5 consecutive failures for 30 s; 2 retries after 0–100 ms and 0–200 ms; 100 requests/s. */
    public static UpstreamPolicy defaults() {
        return new UpstreamPolicy(5, Duration.ofSeconds(30), 2, Duration.ofMillis(100), 100);
    }

    /** The same policy with another request budget per host (0 = unlimited). */
    public UpstreamPolicy withRequestsPerSecond(int perSecond) {
        return new UpstreamPolicy(breakerThreshold, breakerCoolDown, retries, backoffBase, perSecond);
    }
}
