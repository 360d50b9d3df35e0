package in.results.api;

import in.results.core.Deadline;
import in.results.redis.SharedBuckets;

/**
 * The fleet's per-client buckets in Redis ({@link SharedBuckets}); while Redis does not answer, this instance's
 * own buckets decide (a client may then get up to N times its limit from N instances, never an error).
 */
final class FleetBuckets implements ClientBuckets {
    private final SharedBuckets shared;
    private final LocalBuckets local;
    private final int perMinute;

    FleetBuckets(SharedBuckets shared, LocalBuckets local, int perMinute) {
        this.shared = shared;
        this.local = local;
        this.perMinute = perMinute;
    }

    @Override
    public long take(String client, int cost, Deadline deadline) {
        if (perMinute == 0) {
            return 0;
        }
        return switch (shared.take(client, Math.min(cost, perMinute), perMinute, deadline)) {
            case SharedBuckets.Taken.Decided decided -> decided.shortBy().toNanos();
            case SharedBuckets.Taken.Down down -> local.take(client, cost, deadline);
        };
    }
}
