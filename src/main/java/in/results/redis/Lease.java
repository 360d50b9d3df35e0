package in.results.redis;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import in.results.core.LookupFailure;
import io.lettuce.core.ScriptOutputType;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * This instance's right to load one key for the fleet ({@link SharedCopies#claim}): it expires {@link #TTL} after it
 * was taken or last renewed, and is renewed in the background until the holder stores its copy, gives up, cancels
 * (a copy was stored meanwhile) or closes it. Each end is one Lua script, so that storing, ending the lease and
 * telling the fleet cannot be split by a crash. A lease lost meanwhile (expired, taken over) is not fatal: the copy
 * is stored all the same.
 */
public final class Lease<V> implements AutoCloseable {
    /** How long a lease lives without renewal: a dead holder is replaced after at most this long. */
    public static final Duration TTL = Duration.ofSeconds(5);

    private static final Duration RENEW_EVERY = TTL.dividedBy(3);
    private static final String STORE = """
            redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
            if redis.call('get', KEYS[2]) == ARGV[3] then redis.call('del', KEYS[2]) end
            redis.call('publish', ARGV[4], ARGV[5])
            return 1""";
    /** Ends the lease if it is still this holder's, and tells the fleet how the load ended. */
    private static final String END = """
            if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) end
            redis.call('publish', ARGV[2], ARGV[3])
            return 1""";

    private static final String RENEW = """
            if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
            return 0""";

    private final RedisLink link;
    private final String valueKey;
    private final String leaseKey;
    private final String channel;
    private final String token;
    private final Function<SharedCopy<V>, String> writer;
    private final Duration staleFor;
    private final Ticker ticker;
    private final CountDownLatch ended = new CountDownLatch(1);

    /** A lease just taken (with {@code token} as its value); starts renewing it on {@code executor}. */
    Lease(
            RedisLink link,
            String valueKey,
            String leaseKey,
            String channel,
            String token,
            Function<SharedCopy<V>, String> writer,
            Duration staleFor,
            Ticker ticker,
            Executor executor) {
        this.link = link;
        this.valueKey = valueKey;
        this.leaseKey = leaseKey;
        this.channel = channel;
        this.token = token;
        this.writer = writer;
        this.staleFor = staleFor;
        this.ticker = ticker;
        executor.execute(this::renewUntilEnded);
    }

    /** Stores the loaded copy (kept until its stale period ends), ends the lease and tells the waiting instances. */
    public void store(SharedCopy<V> copy) {
        String[] keys = {valueKey, leaseKey};
        link.call(
                redis -> redis.<Long>eval(
                        STORE,
                        ScriptOutputType.INTEGER,
                        keys,
                        writer.apply(copy),
                        Long.toString(copy.keptFor(staleFor).toMillis()),
                        token,
                        channel,
                        LoadNotices.storedMessage(valueKey)),
                soon());
        close();
    }

    /** Ends the lease after a failed load and tells the waiting instances why. */
    public void giveUp(LookupFailure.Kind kind, String reason) {
        end(LoadNotices.failedMessage(valueKey, kind, reason));
    }

    /**
     * Ends the lease without loading: the holder found a copy stored meanwhile by the holder before. The fleet is told
     * the copy is there, so that the instances waiting read it at once.
     */
    public void cancel() {
        end(LoadNotices.storedMessage(valueKey));
    }

    /** Ends the lease if it is still this holder's, publishes {@code notice} and stops renewing. */
    private void end(String notice) {
        String[] keys = {leaseKey};
        link.call(redis -> redis.<Long>eval(END, ScriptOutputType.INTEGER, keys, token, channel, notice), soon());
        close();
    }

    /** Stops renewing (the lease then expires by itself unless stored or given up). */
    @Override
    public void close() {
        ended.countDown();
    }

    private void renewUntilEnded() {
        String[] keys = {leaseKey};
        try {
            while (!ended.await(RENEW_EVERY.toMillis(), TimeUnit.MILLISECONDS)) {
                RedisReply<Long> renewed = link.call(
                        redis -> redis.<Long>eval(
                                RENEW, ScriptOutputType.INTEGER, keys, token, Long.toString(TTL.toMillis())),
                        soon());
                if (renewed instanceof RedisReply.Done<Long> done && done.value() == 0) {
                    return; // expired and perhaps taken over: the load goes on, its copy is still worth storing
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Deadline soon() {
        return Deadline.after(TTL, ticker);
    }
}
