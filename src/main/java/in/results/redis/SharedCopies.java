package in.results.redis;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import io.lettuce.core.SetArgs;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The copies one answer store shares in Redis, and the leases that make one instance of the fleet load a key while
 * the others wait. Keys (with the deployment's prefix, e.g. {@code results:}): {@code <prefix><store>:<key>} holds a
 * copy (a string, see {@link CopyCodec}) until its stale period ends; {@code <prefix>lease:<store>:<key>} names the
 * instance loading it, expiring after {@link Lease#TTL} unless renewed; every load ends with a message on
 * {@code <prefix>loads} ({@link LoadNotices}). Key parts are URL-encoded, so user input cannot forge another key.
 * Every method returns (never throws) when Redis is down; the caller then goes on alone.
 */
public final class SharedCopies<V> {
    private static final Logger LOG = LoggerFactory.getLogger(SharedCopies.class);
    private final RedisLink link;
    private final LoadNotices notices;
    private final String prefix;
    private final String store;
    private final CopyCodec<V> codec;
    private final Duration staleFor;
    private final Ticker ticker;
    private final Clock clock;
    private final Executor executor;

    /**
     * @param prefix   the deployment's key prefix ({@code RESULTS_REDIS_PREFIX})
     * @param store    the answer store's name in keys ({@code exam}, {@code transcript}, …)
     * @param staleFor how long after loading a copy is kept (as in the embedded store)
     * @param executor renews leases while their holders load
     */
    public SharedCopies(
            RedisLink link,
            LoadNotices notices,
            String prefix,
            String store,
            CopyCodec<V> codec,
            Duration staleFor,
            Ticker ticker,
            Clock clock,
            Executor executor) {
        this.link = Objects.requireNonNull(link, "link");
        this.notices = Objects.requireNonNull(notices, "notices");
        this.prefix = Objects.requireNonNull(prefix, "prefix");
        this.store = Objects.requireNonNull(store, "store");
        this.codec = Objects.requireNonNull(codec, "codec");
        this.staleFor = Objects.requireNonNull(staleFor, "staleFor");
        this.ticker = ticker;
        this.clock = clock;
        this.executor = executor;
    }

    /** The one channel on which every load of the deployment {@code prefix} ends. */
    public static String channel(String prefix) {
        return prefix + "loads";
    }

    /** A key part, encoded so that it contains no separator. */
    public static String part(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    /** What Redis holds for a key. */
    public sealed interface Read<V> {
        record Found<V>(SharedCopy<V> copy) implements Read<V> {}

        /** Nothing, or something unreadable (logged): a miss. */
        record Absent<V>() implements Read<V> {}

        /** Redis did not answer: go on without it. */
        record Down<V>() implements Read<V> {}
    }

    /** The outcome of asking to load a key for the fleet. */
    public sealed interface Claim<V> {
        /** This instance loads; the lease is renewed until the holder stores, gives up or closes it. */
        record Won<V>(Lease<V> lease) implements Claim<V> {}

        /** Another instance loads: wait for its notice. */
        record Taken<V>() implements Claim<V> {}

        /** Redis did not answer: load alone. */
        record Down<V>() implements Claim<V> {}
    }

    public Read<V> read(String key, Deadline deadline) {
        return switch (link.call(redis -> redis.get(valueKey(key)), deadline)) {
            case RedisReply.Done<String> done ->
                switch (codec.read(done.value())) {
                    case CopyCodec.Decoded.Readable<V> readable -> new Read.Found<>(readable.copy());
                    case CopyCodec.Decoded.Unreadable<V> bad -> unreadable(key, bad.reason());
                };
            case RedisReply.Missing<String> none -> new Read.Absent<>();
            case RedisReply.Refused<String> refused -> unreadable(key, refused.error());
            case RedisReply.Down<String> down -> new Read.Down<>();
        };
    }

    /** Puts {@code copy} in Redis unless something is there (a copy this instance kept while Redis was away). */
    public void offer(String key, SharedCopy<V> copy, Deadline deadline) {
        long keepMillis =
                copy.keptFor(staleFor).minus(copy.ageAt(clock.instant())).toMillis();
        if (keepMillis > 0) {
            link.call(
                    redis -> redis.set(
                            valueKey(key),
                            codec.write(copy),
                            SetArgs.Builder.nx().px(keepMillis)),
                    deadline);
        }
    }

    /** Asks to be the instance that loads {@code key}. */
    public Claim<V> claim(String key, Deadline deadline) {
        String token = UUID.randomUUID().toString();
        SetArgs once = SetArgs.Builder.nx().px(Lease.TTL.toMillis());
        return switch (link.call(redis -> redis.set(leaseKey(key), token, once), deadline)) {
            case RedisReply.Done<String> won ->
                new Claim.Won<>(new Lease<>(
                        link,
                        valueKey(key),
                        leaseKey(key),
                        channel(prefix),
                        token,
                        codec::write,
                        staleFor,
                        ticker,
                        executor));
            case RedisReply.Missing<String> taken -> new Claim.Taken<>();
            case RedisReply.Refused<String> refused -> new Claim.Down<>();
            case RedisReply.Down<String> down -> new Claim.Down<>();
        };
    }

    /** Whether Redis is asked at all now (connected, not left alone after a timeout). */
    public boolean isReachable() {
        return link.isUsable();
    }

    /** Listens for the end of another instance's load of {@code key}; call before {@link #claim}. */
    public LoadNotices.Waiter listen(String key) {
        return notices.register(valueKey(key));
    }

    private <T> Read<T> unreadable(String key, String reason) {
        link.noteUnreadable();
        LOG.warn("unreadable copy of {} in Redis, read as a miss: {}", valueKey(key), reason);
        return new Read.Absent<>();
    }

    private String valueKey(String key) {
        return prefix + store + ":" + key;
    }

    private String leaseKey(String key) {
        return prefix + "lease:" + store + ":" + key;
    }
}
