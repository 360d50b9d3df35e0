package in.results.api;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import java.time.Duration;

/** This instance's per-client buckets, at most 100,000 clients, each forgotten 2 minutes after its last use. */
final class LocalBuckets implements ClientBuckets {
    private static final long NANOS_PER_MINUTE = Duration.ofMinutes(1).toNanos();

    private final int perMinute;
    private final Ticker ticker;
    private final Cache<String, Bucket> buckets;

    LocalBuckets(int perMinute, Ticker ticker) {
        this.perMinute = perMinute;
        this.ticker = ticker;
        this.buckets = Caffeine.newBuilder()
                .maximumSize(100_000)
                .expireAfterAccess(Duration.ofMinutes(2))
                .ticker(ticker)
                .build();
    }

    @Override
    public long take(String client, int cost, Deadline deadline) {
        if (perMinute == 0) {
            return 0;
        }
        Bucket bucket = buckets.get(client, key -> new Bucket(perMinute, ticker.read()));
        return bucket.take(Math.min(cost, perMinute), perMinute, ticker.read());
    }

    /** Tokens of one client; {@code take} is atomic. */
    private static final class Bucket {
        private double tokens;
        private long updatedAt;

        Bucket(int capacity, long now) {
            this.tokens = capacity;
            this.updatedAt = now;
        }

        /** Takes {@code cost} tokens and answers 0, or answers how long until they would be there (taking none). */
        synchronized long take(int cost, int perMinute, long now) {
            tokens = Math.min(perMinute, tokens + (now - updatedAt) * (double) perMinute / NANOS_PER_MINUTE);
            updatedAt = now;
            if (tokens >= cost) {
                tokens -= cost;
                return 0;
            }
            return (long) Math.ceil((cost - tokens) * NANOS_PER_MINUTE / perMinute);
        }
    }
}
