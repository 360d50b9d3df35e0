package in.results.upstream;

/**
 * Counters of one {@link UpstreamClient} since it was built, for metrics and tests.
 *
 * @param requests       HTTP requests sent to any host (probes included)
 * @param retries        times a call tried the host sequence again after every host failed
 * @param breakerOpens   times a host's circuit breaker opened (a failed probe opens it again and counts)
 * @param shortCircuits  calls answered "unavailable" at once, without sending anything, because every host was open
 */
public record UpstreamStats(long requests, long retries, long breakerOpens, long shortCircuits) {}
