package in.results.redis;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import io.lettuce.core.ScriptOutputType;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * The fleet's limits towards one upstream host, kept in Redis so that they are totals for every instance: a request
 * budget (a token bucket of {@code perSecond} tokens holding one second of them) and {@code slots} request slots, of
 * which bulk work holds at most {@code bulkSlots}. One Lua script decides each request atomically, on Redis's clock
 * (so the instances' clocks do not matter):
 * <ul>
 *   <li>a bulk request waits while an interactive request of any instance waits for this host (each waiting
 *       instance leaves a mark that expires shortly after its next look), so interactive requests go first
 *       fleet-wide;</li>
 *   <li>a request takes its token and its slot together, or neither: no token is spent while slots are full;</li>
 *   <li>a slot is a lease in a sorted set that expires {@code slotLease} after it was taken, so the slots of an
 *       instance that died come back by themselves; a slot is normally {@link #release}d after its exchange.</li>
 * </ul>
 * Keys: {@code <prefix>limits:<host>:budget} (hash), {@code …:slots}, {@code …:bulk}, {@code …:interactive} (sorted
 * sets); each expires when unused. Every method returns (never throws) when Redis is down. Thread-safe.
 */
public final class SharedLimits {
    /** How long a caller waits before looking again when every slot is taken. */
    static final Duration SLOT_POLL = Duration.ofMillis(10);
    /** How long an interactive caller's mark outlives its next look. */
    static final Duration MARK_GRACE = Duration.ofMillis(250);

    private static final String TAKE = """
            local t = redis.call('time')
            local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
            local interactive = ARGV[1] == '1'
            local perSecond = tonumber(ARGV[2])
            local poll = tonumber(ARGV[8])
            for i = 2, 4 do redis.call('zremrangebyscore', KEYS[i], '-inf', now) end
            if not interactive and redis.call('zcard', KEYS[4]) > 0 then return {0, poll, 2} end
            local tokens = perSecond
            if perSecond > 0 then
              local state = redis.call('hmget', KEYS[1], 'tokens', 'at')
              local at = tonumber(state[2]) or now
              tokens = tonumber(state[1]) or perSecond
              if now > at then tokens = math.min(perSecond, tokens + (now - at) * perSecond / 1000) else now = at end
            end
            local wait, short = 0, 0
            if perSecond > 0 and tokens < 1 then
              wait = math.ceil((1 - tokens) * 1000 / perSecond)
            elseif redis.call('zcard', KEYS[2]) >= tonumber(ARGV[3])
                or (not interactive and redis.call('zcard', KEYS[3]) >= tonumber(ARGV[4])) then
              wait, short = poll, 1
            end
            if perSecond > 0 then
              if wait == 0 then tokens = tokens - 1 end
              redis.call('hset', KEYS[1], 'tokens', tostring(tokens), 'at', now)
              redis.call('pexpire', KEYS[1], 60000)
            end
            if wait > 0 then
              if interactive then
                redis.call('zadd', KEYS[4], now + wait + tonumber(ARGV[9]), ARGV[7])
                redis.call('pexpire', KEYS[4], 60000)
              end
              return {0, wait, short}
            end
            local ends = now + tonumber(ARGV[6])
            redis.call('zadd', KEYS[2], ends, ARGV[5])
            redis.call('pexpire', KEYS[2], ARGV[6])
            if interactive then
              redis.call('zrem', KEYS[4], ARGV[7])
            else
              redis.call('zadd', KEYS[3], ends, ARGV[5])
              redis.call('pexpire', KEYS[3], ARGV[6])
            end
            return {1, 0, 0}""";
    private static final String RELEASE = """
            redis.call('zrem', KEYS[1], ARGV[1])
            redis.call('zrem', KEYS[2], ARGV[1])
            return 1""";

    private final RedisLink link;
    private final String[] keys;
    private final int slots;
    private final int bulkSlots;
    private final int perSecond;
    private final Duration slotLease;
    private final Ticker ticker;
    /** This instance's mark while one of its interactive callers waits. */
    private final String waiter = UUID.randomUUID().toString();

    /**
     * @param host      the host's base URL as a key part (each base URL has limits of its own, as in one instance)
     * @param slots     most requests in flight to the host from the whole fleet
     * @param bulkSlots most of them that bulk work may hold
     * @param perSecond the fleet's request budget per second; 0 = none
     * @param slotLease how long a slot is held at most (the longest exchange, and some margin)
     */
    public SharedLimits(
            RedisLink link,
            String prefix,
            String host,
            int slots,
            int bulkSlots,
            int perSecond,
            Duration slotLease,
            Ticker ticker) {
        if (slots < 1 || bulkSlots < 1 || bulkSlots > slots || perSecond < 0) {
            throw new IllegalArgumentException("need 1 <= bulkSlots <= slots and perSecond >= 0");
        }
        String base = prefix + "limits:" + SharedCopies.part(host) + ":";
        this.link = link;
        this.keys = new String[] {base + "budget", base + "slots", base + "bulk", base + "interactive"};
        this.slots = slots;
        this.bulkSlots = bulkSlots;
        this.perSecond = perSecond;
        this.slotLease = slotLease;
        this.ticker = ticker;
    }

    /** What one look at the fleet's limits gave. */
    public sealed interface Take {
        /** Token and slot taken; {@link #release} the slot after the exchange. */
        record Granted(String slot) implements Take {}

        /** Nothing taken: look again after {@code pause}; {@code forToken} when the budget, not the slots, lacked. */
        record Wait(Duration pause, boolean forToken) implements Take {}

        /** Redis did not answer (or refused the script): apply the limits locally. */
        record Down(String reason) implements Take {}
    }

    /** Takes a token and a slot for an interactive or a bulk request, or says how long to wait. */
    public Take take(boolean interactive, Deadline deadline) {
        String slot = UUID.randomUUID().toString();
        RedisReply<List<Object>> reply = link.call(
                redis -> redis.<List<Object>>eval(
                        TAKE,
                        ScriptOutputType.MULTI,
                        keys,
                        interactive ? "1" : "0",
                        Integer.toString(perSecond),
                        Integer.toString(slots),
                        Integer.toString(bulkSlots),
                        slot,
                        Long.toString(slotLease.toMillis()),
                        waiter,
                        Long.toString(SLOT_POLL.toMillis()),
                        Long.toString(MARK_GRACE.toMillis())),
                deadline);
        return switch (reply) {
            case RedisReply.Done<List<Object>> done -> {
                List<Object> answer = done.value();
                yield (Long) answer.get(0) == 1
                        ? new Take.Granted(slot)
                        : new Take.Wait(Duration.ofMillis((Long) answer.get(1)), (Long) answer.get(2) == 0);
            }
            case RedisReply.Missing<List<Object>> none -> new Take.Down("no reply from the script");
            case RedisReply.Refused<List<Object>> refused -> new Take.Down(refused.error());
            case RedisReply.Down<List<Object>> down -> new Take.Down(down.reason());
        };
    }

    /** Gives a slot back; if Redis does not answer, the slot expires by itself. */
    public void release(String slot) {
        String[] slotKeys = {keys[1], keys[2]};
        link.call(
                redis -> redis.<Long>eval(RELEASE, ScriptOutputType.INTEGER, slotKeys, slot),
                Deadline.after(RedisLink.COOL_DOWN, ticker));
    }

    /** Whether Redis is asked at all now (connected, not left alone after a timeout). */
    public boolean isReachable() {
        return link.isUsable();
    }

    public int slots() {
        return slots;
    }

    public int perSecond() {
        return perSecond;
    }

    public int bulkSlots() {
        return bulkSlots;
    }
}
