package in.results.redis;

import in.results.core.Deadline;
import io.lettuce.core.ScriptOutputType;
import java.time.Duration;

/**
 * Per-client request budgets kept in Redis, so that a client's limit holds for the whole fleet (it cannot multiply
 * it by spreading its requests over N instances): a token bucket per client holding {@code perMinute} requests,
 * refilled continuously, decided by one Lua script on Redis's clock. Key {@code <prefix>client:<address>} (a hash),
 * expiring two minutes after its last use (by then a bucket is full again). Thread-safe; never throws when Redis is
 * down.
 */
public final class SharedBuckets {
    private static final String TAKE = """
            local t = redis.call('time')
            local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
            local capacity = tonumber(ARGV[1])
            local cost = tonumber(ARGV[2])
            local state = redis.call('hmget', KEYS[1], 'tokens', 'at')
            local tokens = tonumber(state[1]) or capacity
            local at = tonumber(state[2]) or now
            if now > at then
              tokens = math.min(capacity, tokens + (now - at) * capacity / 60000)
              at = now
            end
            local wait = 0
            if tokens >= cost then tokens = tokens - cost else wait = math.ceil((cost - tokens) * 60000 / capacity) end
            redis.call('hset', KEYS[1], 'tokens', tostring(tokens), 'at', at)
            redis.call('pexpire', KEYS[1], 120000)
            return wait""";

    private final RedisLink link;
    private final String prefix;

    public SharedBuckets(RedisLink link, String prefix) {
        this.link = link;
        this.prefix = prefix;
    }

    /** What taking from a client's bucket gave. */
    public sealed interface Taken {
        /** Taken, or (when {@code shortBy} is positive) not taken: that long until there would be enough. */
        record Decided(Duration shortBy) implements Taken {}

        /** Redis did not answer: decide locally. */
        record Down() implements Taken {}
    }

    /** Takes {@code cost} requests from the bucket of {@code client}, which holds {@code perMinute}. */
    public Taken take(String client, int cost, int perMinute, Deadline deadline) {
        String[] keys = {prefix + "client:" + SharedCopies.part(client)};
        return switch (link.call(
                redis -> redis.<Long>eval(
                        TAKE, ScriptOutputType.INTEGER, keys, Integer.toString(perMinute), Integer.toString(cost)),
                deadline)) {
            case RedisReply.Done<Long> done -> new Taken.Decided(Duration.ofMillis(done.value()));
            case RedisReply.Missing<Long> none -> new Taken.Down();
            case RedisReply.Refused<Long> refused -> new Taken.Down();
            case RedisReply.Down<Long> down -> new Taken.Down();
        };
    }
}
