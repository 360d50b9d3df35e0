/**
 * Redis for a fleet of instances: one connection that never fails a request (command timeouts, fallback when down,
 * reconnection), shared copies of answers with a format version, load leases and their notices.
 */
package in.results.redis;
