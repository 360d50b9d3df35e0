package in.results.api;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import in.results.redis.SharedBuckets;

/**
 * The per-client request budgets ({@code RESULTS_RATE_LIMIT_PER_MINUTE}): a token bucket per client holding a
 * minute's worth of requests, refilled continuously. {@link #local} keeps them in this instance; {@link #fleet} in
 * Redis, so that a client has one budget for the whole fleet, with this instance's buckets while Redis does not
 * answer. Thread-safe.
 */
public sealed interface ClientBuckets permits LocalBuckets, FleetBuckets {
    /**
     * Takes {@code cost} requests from the client's bucket and answers 0, or answers how long (nanoseconds) until
     * there would be enough, taking none.
     */
    long take(String client, int cost, Deadline deadline);

    /** Buckets of {@code perMinute} requests in this instance (0 = no limit). */
    static ClientBuckets local(int perMinute, Ticker ticker) {
        return new LocalBuckets(perMinute, ticker);
    }

    /** Buckets of {@code perMinute} requests for the whole fleet, kept by {@code shared} (0 = no limit). */
    static ClientBuckets fleet(SharedBuckets shared, int perMinute, Ticker ticker) {
        return new FleetBuckets(shared, new LocalBuckets(perMinute, ticker), perMinute);
    }
}
