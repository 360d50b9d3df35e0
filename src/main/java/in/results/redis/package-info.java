/**
 * Redis for a fleet: a link that never fails a request, versioned shared copies, load leases and their notices, and
 * the fleet's shared limits (upstream budget and slots, client buckets) and bulk jobs, each step a small Lua script.
 */
package in.results.redis;
