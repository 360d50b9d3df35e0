/**
 * The only code that talks to the university: hosts in order, timeouts, bounded concurrency, a request budget with
 * priority, circuit breakers, bounded retries with jitter, page classification.
 */
package in.results.upstream;
