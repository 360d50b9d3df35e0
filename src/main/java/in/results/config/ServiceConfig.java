package in.results.config;

import in.results.report.PromotionRules;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Everything the service reads from its environment (flags first, then environment variables), validated once at
 * start-up: a bad setting fails start-up with a message naming it.
 *
 * @param port              HTTP port; 0 picks a free port
 * @param upstreamUrls      application base URLs of the university, primary first
 * @param upstreamConcurrency most requests in flight to one upstream host
 * @param upstreamTimeout   per upstream request
 * @param upstreamRequestsPerSecond request budget per upstream host (requests per second), 0 = unlimited
 * @param redisUrl          {@code redis://[user:password@]host:port[/db]} or {@code rediss://…}, or "" for the
 *                          embedded store
 * @param redisPrefix       the prefix of every key this deployment writes to Redis
 * @param redisTimeout      the longest one Redis command may take before Redis is taken as down
 * @param bulkMaxRange      largest bulk range
 * @param rateLimitPerMinute requests per minute per client, 0 = no limit
 * @param trustedProxies    addresses and CIDR ranges whose {@code X-Forwarded-For} names the real client
 * @param requestDeadline   the longest any request waits for the university before a stale copy or 503
 * @param corsOrigins       origins whose browser pages may read the JSON API: {@code ["*"]} for any, else
 *                          {@code scheme://host[:port]} in lower case; empty: no cross-origin access
 * @param corsWriteOrigins  origins besides the service's own whose pages may subscribe and unsubscribe (lower case);
 *                          empty: the service's own only
 * @param dataDir           where the embedded archive (and other local state) lives
 * @param databaseUrl       the fleet's archive as a libpq URI {@code postgres[ql]://[user[:password]@]host[:port]/db},
 *                          or "" for the embedded archive in {@code dataDir}
 * @param databaseTimeout   the longest one archive call may take: then a read is a miss and writes stay queued
 * @param listRefresh       how often the release list is read again (once for the fleet)
 * @param warmUp            the longest a newly read release list waits, before it is announced, while the students
 *                          the archive knows its new releases concern are looked up; zero: no read-ahead
 * @param readAheadMax      the most students one warm-up reads ahead (fewer when the budget or the transcripts kept
 *                          allow fewer); zero: none
 * @param alerts            result alerts: public URL, webhook targets, subscription limits, VAPID
 * @param promotionRules    the promotion-by-credits table: the shipped one, or RESULTS_PROMOTION_RULES_FILE's
 * @param demo              the embedded university simulator to start and point the upstream at, or NONE
 */
public record ServiceConfig(
        int port,
        List<URI> upstreamUrls,
        int upstreamConcurrency,
        Duration upstreamTimeout,
        int upstreamRequestsPerSecond,
        String redisUrl,
        String redisPrefix,
        Duration redisTimeout,
        int bulkMaxRange,
        int rateLimitPerMinute,
        AddressRanges trustedProxies,
        Duration requestDeadline,
        List<String> corsOrigins,
        List<String> corsWriteOrigins,
        Path dataDir,
        String databaseUrl,
        Duration databaseTimeout,
        Duration listRefresh,
        Duration warmUp,
        int readAheadMax,
        AlertSettings alerts,
        PromotionRules promotionRules,
        DemoWorld demo) {

    public ServiceConfig {
        Objects.requireNonNull(demo, "demo");
        upstreamUrls = List.copyOf(upstreamUrls);
        Objects.requireNonNull(upstreamTimeout, "upstreamTimeout");
        Objects.requireNonNull(redisUrl, "redisUrl");
        Objects.requireNonNull(redisPrefix, "redisPrefix");
        Objects.requireNonNull(redisTimeout, "redisTimeout");
        Objects.requireNonNull(requestDeadline, "requestDeadline");
        corsOrigins = List.copyOf(corsOrigins);
        corsWriteOrigins = List.copyOf(corsWriteOrigins);
        Objects.requireNonNull(dataDir, "dataDir");
        Objects.requireNonNull(databaseUrl, "databaseUrl");
        Objects.requireNonNull(databaseTimeout, "databaseTimeout");
        Objects.requireNonNull(listRefresh, "listRefresh");
        Objects.requireNonNull(warmUp, "warmUp");
        Objects.requireNonNull(alerts, "alerts");
        Objects.requireNonNull(promotionRules, "promotionRules");
        if (upstreamUrls.isEmpty()) {
            throw new ConfigException("RESULTS_UPSTREAM_URLS must name at least one base URL");
        }
    }

    /** The same configuration with other upstream base URLs (used by tests and {@code --demo}). */
    public ServiceConfig withUpstreamUrls(List<URI> urls) {
        return new ServiceConfig(
                port,
                urls,
                upstreamConcurrency,
                upstreamTimeout,
                upstreamRequestsPerSecond,
                redisUrl,
                redisPrefix,
                redisTimeout,
                bulkMaxRange,
                rateLimitPerMinute,
                trustedProxies,
                requestDeadline,
                corsOrigins,
                corsWriteOrigins,
                dataDir,
                databaseUrl,
                databaseTimeout,
                listRefresh,
                warmUp,
                readAheadMax,
                alerts,
                promotionRules,
                demo);
    }
}
