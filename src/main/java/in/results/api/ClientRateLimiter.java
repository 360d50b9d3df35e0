package in.results.api;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import io.javalin.http.Context;
import java.time.Duration;
import java.util.Set;

/**
 * Per-client request budget ({@code RESULTS_RATE_LIMIT_PER_MINUTE}, 0 = off): a token bucket per client that
 * holds a minute's worth of requests and refills continuously. The client is the remote address; a
 * {@code X-Forwarded-For} header is believed only when the request comes from a configured trusted proxy, and
 * then the nearest address in it that is not itself a trusted proxy is the client. Over budget: 429
 * {@code RATE_LIMITED} with {@code Retry-After}.
 */
final class ClientRateLimiter {
    private static final long NANOS_PER_MINUTE = Duration.ofMinutes(1).toNanos();

    private final int perMinute;
    private final Set<String> trustedProxies;
    private final Ticker ticker;
    private final Cache<String, Bucket> buckets;

    ClientRateLimiter(int perMinute, Set<String> trustedProxies, Ticker ticker) {
        this.perMinute = perMinute;
        this.trustedProxies = Set.copyOf(trustedProxies);
        this.ticker = ticker;
        this.buckets = Caffeine.newBuilder().maximumSize(100_000).expireAfterAccess(Duration.ofMinutes(2))
                .ticker(ticker).build();
    }

    /** Takes {@code cost} requests from the client's budget, or throws {@code RATE_LIMITED}. */
    void charge(Context ctx, int cost) {
        if (perMinute == 0) {
            return;
        }
        Bucket bucket = buckets.get(clientOf(ctx), client -> new Bucket(perMinute, ticker.read()));
        long waitNanos = bucket.take(Math.min(cost, perMinute), perMinute, ticker.read());
        if (waitNanos > 0) {
            throw ApiException.rateLimited(Math.max(1, Duration.ofNanos(waitNanos).toSeconds() + 1));
        }
    }

    private String clientOf(Context ctx) {
        String remote = ctx.req().getRemoteAddr();
        String forwarded = ctx.header("X-Forwarded-For");
        if (forwarded == null || !trustedProxies.contains(remote)) {
            return remote;
        }
        String[] hops = forwarded.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
            String hop = hops[i].strip();
            if (!hop.isEmpty() && !trustedProxies.contains(hop)) {
                return hop.length() > 45 ? hop.substring(0, 45) : hop;
            }
        }
        return remote;
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
