package in.results.lookup;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import in.results.upstream.Priority;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The loads running now, each with its own deadline, and how fast loads have ended lately: when the load of a key
 * that a caller stopped waiting for should be done. Loads wait for the upstream in the order their deadlines fall
 * (an instance's request budget serves the work due first; a fleet's shared limits serve first come first served,
 * and single lookups go in between, so there the estimate is a little early), so a load ends after the loads
 * started before it: its expected end is their number, and its own, at the rate loads have ended over the last
 * {@link #WINDOW}, with a margin for the pace to slow (a quarter more, and a second) — never after its own deadline,
 * by which it has ended one way or the other. Thread-safe; time read on the injected ticker.
 */
final class RunningLoads<K> {
    static final Duration WINDOW = Duration.ofSeconds(10);
    /** Added to the expected time, in quarters: telling a client to come back too early costs it a second wait. */
    private static final int MARGIN_QUARTERS = 1;

    /**
     * One running load: when it started, its own deadline, and the priority its upstream requests are sent with —
     * raised when a caller of a higher priority joins it ({@link #raise}).
     */
    record Load(long startedAt, Deadline deadline, AtomicReference<Priority> priority) {
        /** The priority its next requests are sent with. */
        Priority currentPriority() {
            return priority.get();
        }
    }

    private final Ticker ticker;
    private final Map<K, Load> running = new ConcurrentHashMap<>();
    private final ConcurrentLinkedDeque<Long> endedAt = new ConcurrentLinkedDeque<>();

    RunningLoads(Ticker ticker) {
        this.ticker = ticker;
    }

    /**
     * A load of {@code key}, bounded by {@code deadline}, starts now with {@code priority}; returns what to hand to
     * {@link #ended}.
     */
    Load started(K key, Deadline deadline, Priority priority) {
        Load load = new Load(ticker.read(), deadline, new AtomicReference<>(priority));
        running.put(key, load);
        return load;
    }

    /**
     * A caller with {@code priority} waits for the load of {@code key}, if one runs: its next requests go with that
     * priority when it is higher (a student asking while an alert or a bulk lookup of theirs runs is a person waiting).
     */
    void raise(K key, Priority priority) {
        Load load = running.get(key);
        if (load != null) {
            load.priority().accumulateAndGet(priority, (now, asked) -> asked.before(now) ? asked : now);
        }
    }

    /** The load {@code started} returned has ended, with an answer or failing. */
    void ended(K key, Load load) {
        running.remove(key, load);
        long now = ticker.read();
        endedAt.addLast(now);
        forgetEndsBefore(now - WINDOW.toNanos());
    }

    /** How long until the load of {@code key} should have ended; empty when none is running. */
    Optional<Duration> expectedEnd(K key) {
        Load load = running.get(key);
        if (load == null) {
            return Optional.empty();
        }
        long now = ticker.read();
        forgetEndsBefore(now - WINDOW.toNanos());
        int endedLately = endedAt.size();
        Duration bound = load.deadline().remaining();
        if (endedLately == 0) {
            return Optional.of(bound);
        }
        long ahead = running.values().stream()
                .filter(other -> other.startedAt() - load.startedAt() < 0)
                .count();
        Duration atThisPace = WINDOW.multipliedBy((ahead + 1) * (4 + MARGIN_QUARTERS))
                .dividedBy(4L * endedLately)
                .plusSeconds(1);
        return Optional.of(atThisPace.compareTo(bound) < 0 ? atThisPace : bound);
    }

    private void forgetEndsBefore(long oldest) {
        for (Long first = endedAt.peekFirst(); first != null && first - oldest < 0; first = endedAt.peekFirst()) {
            endedAt.remove(first); // removes this occurrence (or an equal one): either way one old end goes
        }
    }
}
