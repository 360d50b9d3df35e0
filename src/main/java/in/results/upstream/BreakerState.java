package in.results.upstream;

/** The state of one host's circuit breaker (see {@link UpstreamClient}). */
public enum BreakerState {
    /** Requests are sent; consecutive failures are counted. */
    CLOSED,
    /** Too many consecutive failures: the host is skipped until the cool-down has passed and a probe is sent. */
    OPEN,
    /** The cool-down has passed and one probe request is in flight; every other caller skips the host. */
    HALF_OPEN
}
