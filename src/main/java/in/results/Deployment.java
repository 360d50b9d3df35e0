package in.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.api.ClientBuckets;
import in.results.bulk.BulkJobs;
import in.results.bulk.JobCapacity;
import in.results.bulk.JobKind;
import in.results.config.ServiceConfig;
import in.results.core.Environment;
import in.results.redis.CopyCodec;
import in.results.redis.LoadNotices;
import in.results.redis.RedisLink;
import in.results.redis.SharedBuckets;
import in.results.redis.SharedCopies;
import in.results.redis.SharedJobs;
import in.results.redis.SharedLimits;
import in.results.store.RedisStore;
import in.results.upstream.HostLimits;
import java.net.URI;
import java.time.Duration;
import java.util.function.Function;

/**
 * What the instances of the service share: nothing ({@link Single}, without {@code RESULTS_REDIS_URL}: everything is
 * this process's, as a single instance), or everything through one Redis ({@link Fleet}): answers and their loads,
 * the upstream request budget and slots, the per-client rate limit and bulk jobs. Chosen once, in {@link App}; each
 * part is built here by constructor, so that no other part knows which deployment it runs in.
 */
sealed interface Deployment permits Deployment.Single, Deployment.Fleet {
    /** Opens the Redis link when {@code RESULTS_REDIS_URL} is set (released when the server stops). */
    static Deployment of(ServiceConfig config, Environment environment) {
        if (config.redisUrl().isEmpty()) {
            return new Single(config, environment);
        }
        LoadNotices notices = new LoadNotices();
        RedisLink link = RedisLink.open(
                config.redisUrl(),
                config.redisTimeout(),
                SharedCopies.channel(config.redisPrefix()),
                notices::deliver,
                environment.ticker(),
                environment.clock(),
                environment.executor());
        return new Fleet(link, notices, config, environment, StoredFormats.mapper());
    }

    AnswerStores stores();

    /**
     * The limits of one upstream host: {@code RESULTS_UPSTREAM_CONCURRENCY} slots (of which bulk work holds at most
     * {@code bulkSlots} fleet-wide) and {@code RESULTS_UPSTREAM_RPS} requests per second, per instance or for the
     * fleet.
     */
    HostLimits hostLimits(URI host, int bulkSlots);

    /** The buckets of {@code RESULTS_RATE_LIMIT_PER_MINUTE}, per instance or for the fleet. */
    ClientBuckets clientBuckets();

    /** The bulk jobs of {@code kind}, this instance's or the fleet's; the jobs of every kind share {@code capacity}. */
    <T, A, R> BulkJobs<T, R> bulkJobs(JobKind<T, A, R> kind, JobCapacity capacity);

    /** One instance: every part in this process, as before there was a fleet. */
    record Single(ServiceConfig config, Environment environment) implements Deployment {
        @Override
        public AnswerStores stores() {
            return AnswerStores.embedded(environment);
        }

        @Override
        public HostLimits hostLimits(URI host, int bulkSlots) {
            return HostLimits.local(
                    config.upstreamConcurrency(),
                    bulkSlots,
                    config.upstreamRequestsPerSecond(),
                    config.upstreamTimeout(),
                    environment.ticker());
        }

        @Override
        public ClientBuckets clientBuckets() {
            return ClientBuckets.local(config.rateLimitPerMinute(), environment.ticker());
        }

        @Override
        public <T, A, R> BulkJobs<T, R> bulkJobs(JobKind<T, A, R> kind, JobCapacity capacity) {
            return BulkJobs.local(kind, capacity, environment);
        }
    }

    /** Instances sharing one Redis (keys under {@code RESULTS_REDIS_PREFIX}). */
    record Fleet(
            RedisLink link, LoadNotices notices, ServiceConfig config, Environment environment, ObjectMapper mapper)
            implements Deployment {
        /** A slot outlives its exchange (which ends within the upstream timeout) by this much at most. */
        static final Duration SLOT_MARGIN = Duration.ofSeconds(2);

        @Override
        public AnswerStores stores() {
            return AnswerStores.shared(this);
        }

        @Override
        public HostLimits hostLimits(URI host, int bulkSlots) {
            SharedLimits shared = new SharedLimits(
                    link,
                    config.redisPrefix(),
                    host.toString(),
                    config.upstreamConcurrency(),
                    bulkSlots,
                    config.upstreamRequestsPerSecond(),
                    config.upstreamTimeout().plus(SLOT_MARGIN),
                    environment.ticker());
            return HostLimits.fleet(shared, config.upstreamTimeout(), environment.ticker());
        }

        @Override
        public ClientBuckets clientBuckets() {
            return ClientBuckets.fleet(
                    new SharedBuckets(link, config.redisPrefix()), config.rateLimitPerMinute(), environment.ticker());
        }

        @Override
        public <T, A, R> BulkJobs<T, R> bulkJobs(JobKind<T, A, R> kind, JobCapacity capacity) {
            SharedJobs<R> shared = new SharedJobs<>(
                    link,
                    config.redisPrefix(),
                    StoredFormats.jobResults(mapper, kind.resultType()),
                    environment.ticker(),
                    environment.clock(),
                    environment.executor());
            return BulkJobs.fleet(kind, capacity, environment, shared);
        }

        /** A shared answer store named {@code name} in keys, holding at most {@code entries} copies locally. */
        <K, V> RedisStore<K, V> store(String name, CopyCodec<V> codec, Function<K, String> keyText, long entries) {
            SharedCopies<V> copies = new SharedCopies<>(
                    link,
                    notices,
                    config.redisPrefix(),
                    name,
                    codec,
                    AnswerStores.STALE_FOR,
                    environment.ticker(),
                    environment.clock(),
                    environment.executor());
            return new RedisStore<>(
                    copies,
                    keyText,
                    entries,
                    AnswerStores.STALE_FOR,
                    environment.ticker(),
                    environment.clock(),
                    environment.executor());
        }
    }
}
