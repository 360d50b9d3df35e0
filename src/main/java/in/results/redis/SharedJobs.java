package in.results.redis;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import io.lettuce.core.ScriptOutputType;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bulk jobs shared by the fleet: which jobs exist, how far each got, which instance runs it, and the finished
 * results. A job is named by its id (its range and exam, as the caller writes them). Keys (with the deployment's
 * prefix): {@code bulk:job:<id>} (a hash: total, end time), {@code bulk:done:<id>} (the indexes of the hall tickets
 * answered or given up, so progress counts each once), {@code bulk:lease:<id>} (the runner, expiring unless renewed:
 * {@link JobLease}), {@code bulk:running} (a sorted set of running jobs by the end of their lease: the fleet-wide
 * count of running jobs, and where jobs whose runner died are found) and {@code bulk:result:<id>} (the finished
 * result, in a {@link CopyCodec} envelope, kept as long as a finished job is kept). Each step is one Lua script on
 * Redis's clock. Every method returns (never throws) when Redis is down. Thread-safe.
 */
public final class SharedJobs<V> {
    private static final Logger LOG = LoggerFactory.getLogger(SharedJobs.class);
    private static final String NOW = """
            local t = redis.call('time')
            local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
            """;
    private static final String REQUEST = NOW + """
            local result = redis.call('get', KEYS[5])
            if result then return {'finished', result} end
            redis.call('zremrangebyscore', KEYS[4], '-inf', now - tonumber(ARGV[7]))
            local leaseMs = tonumber(ARGV[5])
            if redis.call('exists', KEYS[1]) == 1 then
              local done = redis.call('scard', KEYS[2])
              if redis.call('set', KEYS[3], ARGV[3], 'NX', 'PX', leaseMs) then
                redis.call('zadd', KEYS[4], now + leaseMs, ARGV[1])
                local left = tonumber(redis.call('hget', KEYS[1], 'ends_at')) - now
                return {'resumed', done, math.max(left, tonumber(ARGV[8]))}
              end
              return {'running', done}
            end
            if ARGV[9] == '1' then
              redis.call('zrem', KEYS[4], ARGV[1])
              return {'gone'}
            end
            if redis.call('zcard', KEYS[4]) >= tonumber(ARGV[4]) then return {'busy'} end
            local deadline = tonumber(ARGV[6])
            redis.call('hset', KEYS[1], 'total', ARGV[2], 'ends_at', now + deadline)
            redis.call('pexpire', KEYS[1], deadline * 2)
            redis.call('set', KEYS[3], ARGV[3], 'PX', leaseMs)
            redis.call('zadd', KEYS[4], now + leaseMs, ARGV[1])
            return {'started', 0, deadline}""";
    private static final String ORPHANS = NOW + """
            return redis.call('zrangebyscore', KEYS[1], '-inf', now, 'LIMIT', 0, 10)""";

    private final RedisLink link;
    private final String prefix;
    private final CopyCodec<V> codec;
    private final Ticker ticker;
    private final Clock clock;
    private final Executor executor;

    /** @param executor renews the leases of the jobs this instance runs */
    public SharedJobs(
            RedisLink link, String prefix, CopyCodec<V> codec, Ticker ticker, Clock clock, Executor executor) {
        this.link = link;
        this.prefix = prefix + "bulk:";
        this.codec = codec;
        this.ticker = ticker;
        this.clock = clock;
        this.executor = executor;
    }

    /** How long jobs run and how many at once, fleet-wide. */
    public record Rules(int maxRunning, Duration deadline, Duration resumeAtLeast) {}

    /** What the fleet knows of a job, and whether this instance is now to run it. */
    public sealed interface Standing<V> {
        /** The job ended; its result. */
        record Finished<V>(V result) implements Standing<V> {}

        /** Another instance runs it: {@code done} hall tickets so far. */
        record Running<V>(int done) implements Standing<V> {}

        /** Started now, or {@code resumed} from a runner that died ({@code done} so far): run it within {@code budget}. */
        record Claimed<V>(JobLease<V> lease, boolean resumed, int done, Duration budget) implements Standing<V> {}

        /** No such job, and as many run as may: try later. */
        record Busy<V>() implements Standing<V> {}

        /** Only when resuming: the job no longer exists. */
        record Gone<V>() implements Standing<V> {}

        /** Redis did not answer: go on alone. */
        record Down<V>() implements Standing<V> {}
    }

    /**
     * The job {@code id} of {@code total} hall tickets: its result, its progress, or — when it does not exist and
     * fewer than {@link Rules#maxRunning()} jobs run in the fleet, or its runner's lease ended — the right to run it.
     * With {@code resumeOnly}, a job that does not exist is not started.
     */
    public Standing<V> request(String id, int total, Rules rules, boolean resumeOnly, Deadline deadline) {
        String token = UUID.randomUUID().toString();
        String[] keys = {
            prefix + "job:" + id,
            prefix + "done:" + id,
            prefix + "lease:" + id,
            prefix + "running",
            prefix + "result:" + id
        };
        RedisReply<List<Object>> reply = link.call(
                redis -> redis.<List<Object>>eval(
                        REQUEST,
                        ScriptOutputType.MULTI,
                        keys,
                        id,
                        Integer.toString(total),
                        token,
                        Integer.toString(rules.maxRunning()),
                        Long.toString(JobLease.TTL.toMillis()),
                        Long.toString(rules.deadline().toMillis()),
                        Long.toString(rules.deadline().toMillis()),
                        Long.toString(rules.resumeAtLeast().toMillis()),
                        resumeOnly ? "1" : "0"),
                deadline);
        if (!(reply instanceof RedisReply.Done<List<Object>> done)) {
            return new Standing.Down<>();
        }
        List<Object> answer = done.value();
        return switch ((String) answer.get(0)) {
            case "finished" -> finished(keys[4], (String) answer.get(1), deadline);
            case "running" -> new Standing.Running<>(((Long) answer.get(1)).intValue());
            case "started", "resumed" ->
                new Standing.Claimed<>(
                        new JobLease<>(link, id, keys, token, rules.deadline(), codec, ticker, clock, executor),
                        answer.get(0).equals("resumed"),
                        ((Long) answer.get(1)).intValue(),
                        Duration.ofMillis((Long) answer.get(2)));
            case "busy" -> new Standing.Busy<>();
            default -> new Standing.Gone<>();
        };
    }

    /** Whether the job exists (running or finished); empty when Redis did not answer. */
    public Optional<Boolean> exists(String id, Deadline deadline) {
        return switch (link.call(redis -> redis.exists(prefix + "job:" + id, prefix + "result:" + id), deadline)) {
            case RedisReply.Done<Long> count -> Optional.of(count.value() > 0);
            case RedisReply.Missing<Long> none -> Optional.of(false);
            case RedisReply.Refused<Long> refused -> Optional.empty();
            case RedisReply.Down<Long> down -> Optional.empty();
        };
    }

    /** Up to 10 jobs whose runner's lease ended (it died, or handed the job over): to resume. */
    public List<String> orphans(Deadline deadline) {
        String[] keys = {prefix + "running"};
        return switch (link.call(redis -> redis.<List<String>>eval(ORPHANS, ScriptOutputType.MULTI, keys), deadline)) {
            case RedisReply.Done<List<String>> ids -> List.copyOf(ids.value());
            case RedisReply.Missing<List<String>> none -> List.of();
            case RedisReply.Refused<List<String>> refused -> List.of();
            case RedisReply.Down<List<String>> down -> List.of();
        };
    }

    /** The stored result, or — written by another format version — gone (deleted) so that the job runs again. */
    private Standing<V> finished(String key, String text, Deadline deadline) {
        return switch (codec.read(text)) {
            case CopyCodec.Decoded.Readable<V> readable ->
                new Standing.Finished<>(readable.copy().value());
            case CopyCodec.Decoded.Unreadable<V> unreadable -> {
                link.noteUnreadable();
                LOG.warn("unreadable bulk result {} in Redis, dropped: {}", key, unreadable.reason());
                link.call(redis -> redis.del(key), deadline);
                yield new Standing.Busy<>();
            }
        };
    }
}
