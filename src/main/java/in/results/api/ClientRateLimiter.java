package in.results.api;

import in.results.config.AddressRanges;
import in.results.core.ClientKey;
import io.javalin.http.Context;
import java.time.Duration;

/**
 * Per-client request budget ({@code RESULTS_RATE_LIMIT_PER_MINUTE}, 0 = off): a token bucket per client that
 * holds a minute's worth of requests and refills continuously ({@link ClientBuckets}: this instance's, or one per
 * client for the whole fleet). The client is the remote address; a
 * {@code X-Forwarded-For} header is believed only when the request comes from a configured trusted proxy (an address or a CIDR range), and
 * then the nearest address in it that is not itself a trusted proxy is the client. A client is keyed by
 * {@link ClientKey}: an IPv4 address, or an IPv6 /64. Over budget: 429 {@code RATE_LIMITED} with
 * {@code Retry-After}.
 */
final class ClientRateLimiter {
    private final AddressRanges trustedProxies;
    private final ClientBuckets buckets;

    ClientRateLimiter(AddressRanges trustedProxies, ClientBuckets buckets) {
        this.trustedProxies = trustedProxies;
        this.buckets = buckets;
    }

    /** Takes {@code cost} requests from the client's budget, or throws {@code RATE_LIMITED}. */
    void charge(Context ctx, int cost) {
        long waitNanos = buckets.take(clientOf(ctx), cost, RequestDeadline.of(ctx));
        if (waitNanos > 0) {
            throw ApiException.rateLimited(
                    Math.max(1, Duration.ofNanos(waitNanos).toSeconds() + 1));
        }
    }

    /**
     * Who is asking, as a {@link ClientKey}: of the remote address, or of the first untrusted hop a trusted proxy
     * names.
     */
    String clientOf(Context ctx) {
        String remote = ctx.req().getRemoteAddr();
        String forwarded = ctx.header("X-Forwarded-For");
        if (forwarded == null || !trustedProxies.contains(remote)) {
            return ClientKey.of(remote);
        }
        String[] hops = forwarded.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
            String hop = hops[i].strip();
            if (!hop.isEmpty() && !trustedProxies.contains(hop)) {
                return ClientKey.of(hop);
            }
        }
        return ClientKey.of(remote);
    }
}
