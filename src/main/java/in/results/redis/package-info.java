/** Redis for a fleet: a link that never fails a request, versioned shared copies, load leases and their notices. */
package in.results.redis;
