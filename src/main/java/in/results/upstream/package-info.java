/**
 * The only code that talks to the university: hosts in order, timeouts, bounded concurrency, a request budget with
 * priority (this instance's or the fleet's: {@link in.results.upstream.HostLimits}), circuit breakers, bounded
 * retries with jitter, page classification.
 */
package in.results.upstream;
