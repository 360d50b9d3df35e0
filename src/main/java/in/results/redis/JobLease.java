package in.results.redis;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import io.lettuce.core.ScriptOutputType;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * This instance's right to run one bulk job for the fleet ({@link SharedJobs#request}): it expires {@link #TTL} after
 * it was taken or last renewed, and is renewed in the background (the heartbeat) until the job ends here. When the
 * instance dies, the lease expires and another instance resumes the job; when renewing finds the lease taken by
 * another instance, {@link #onLost} is told, so that the job does not run twice for long. Each end is one Lua script:
 * {@link #finish} stores the result and forgets the job, {@link #handOver} lets another instance take it at once.
 */
public final class JobLease<V> {
    /** How long a lease lives without renewal: a dead runner's job is resumed after at most this long. */
    public static final Duration TTL = Duration.ofSeconds(5);

    private static final Duration RENEW_EVERY = TTL.dividedBy(3);
    private static final String RENEW = """
            if redis.call('get', KEYS[3]) ~= ARGV[1] then return 0 end
            local t = redis.call('time')
            local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
            redis.call('pexpire', KEYS[3], ARGV[2])
            redis.call('zadd', KEYS[4], now + tonumber(ARGV[2]), ARGV[3])
            return 1""";
    private static final String PROGRESS = """
            redis.call('sadd', KEYS[2], ARGV[1])
            redis.call('pexpire', KEYS[2], ARGV[2])
            return 1""";
    private static final String FINISH = """
            redis.call('set', KEYS[5], ARGV[1], 'NX', 'PX', ARGV[2])
            redis.call('del', KEYS[1], KEYS[2], KEYS[3])
            redis.call('zrem', KEYS[4], ARGV[3])
            return 1""";
    private static final String HAND_OVER = """
            if redis.call('get', KEYS[3]) == ARGV[1] then
              local t = redis.call('time')
              redis.call('del', KEYS[3])
              redis.call('zadd', KEYS[4], tonumber(t[1]) * 1000, ARGV[2])
            end
            return 1""";

    private final RedisLink link;
    private final String id;
    /** job, done, lease, running, result: as in {@link SharedJobs}. */
    private final String[] keys;

    private final String token;
    private final Duration deadline;
    private final CopyCodec<V> codec;
    private final Ticker ticker;
    private final Clock clock;
    private final Executor executor;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile Runnable onLost = () -> {};

    JobLease(
            RedisLink link,
            String id,
            String[] keys,
            String token,
            Duration deadline,
            CopyCodec<V> codec,
            Ticker ticker,
            Clock clock,
            Executor executor) {
        this.link = link;
        this.id = id;
        this.keys = keys.clone();
        this.token = token;
        this.deadline = deadline;
        this.codec = codec;
        this.ticker = ticker;
        this.clock = clock;
        this.executor = executor;
    }

    /** Starts the heartbeat; {@code onLost} runs (once) when another instance turns out to hold the lease. */
    public void renewUntilEnded(Runnable lost) {
        this.onLost = lost;
        executor.execute(this::renewLoop);
    }

    /** Counts the hall ticket at {@code index} as done (once, however often it is reported). */
    public void progress(int index) {
        link.call(
                redis -> redis.<Long>eval(
                        PROGRESS,
                        ScriptOutputType.INTEGER,
                        keys,
                        Integer.toString(index),
                        Long.toString(deadline.multipliedBy(2).toMillis())),
                soon());
    }

    /**
     * Stores the job's result, kept {@code keep} (the first result stored wins), forgets the running job and ends the
     * lease. Returns false when Redis did not take it (the job is then resumed from the shared answers later).
     */
    public boolean finish(V result, Duration keep) {
        ended.countDown();
        String text = codec.write(new SharedCopy<>(result, clock.instant(), keep));
        return link.call(
                        redis -> redis.<Long>eval(
                                FINISH, ScriptOutputType.INTEGER, keys, text, Long.toString(keep.toMillis()), id),
                        soon())
                instanceof RedisReply.Done<Long>;
    }

    /** Ends the lease without finishing, so that another instance resumes the job at once (this one stops). */
    public void handOver() {
        ended.countDown();
        link.call(redis -> redis.<Long>eval(HAND_OVER, ScriptOutputType.INTEGER, keys, token, id), soon());
    }

    private void renewLoop() {
        try {
            while (!ended.await(RENEW_EVERY.toMillis(), TimeUnit.MILLISECONDS)) {
                RedisReply<Long> renewed = link.call(
                        redis -> redis.<Long>eval(
                                RENEW, ScriptOutputType.INTEGER, keys, token, Long.toString(TTL.toMillis()), id),
                        soon());
                if (renewed instanceof RedisReply.Done<Long> done && done.value() == 0 && ended.getCount() > 0) {
                    ended.countDown();
                    onLost.run();
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
