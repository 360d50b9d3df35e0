package in.results.redis;

import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Whether Redis is up, logged once per change, with the counts {@code /metrics} shows. Thread-safe. */
final class LinkHealth {
    private static final Logger LOG = LoggerFactory.getLogger(RedisLink.class);

    private final String where;
    private final Clock clock;
    /** Up or down, since when, and why: replaced as a whole, so that each change is logged by one thread only. */
    private final AtomicReference<Phase> phase;

    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong unreadable = new AtomicLong();

    /** Taken as up until the first attempt, so that failing it is logged as a change like any other. */
    LinkHealth(String where, Clock clock) {
        this.where = where;
        this.clock = clock;
        this.phase = new AtomicReference<>(new Phase(true, clock.instant(), ""));
    }

    String where() {
        return where;
    }

    void up(String how) {
        change(true, how);
    }

    void down(String why) {
        change(false, why);
    }

    /** A command without a reply in time or without a connection. */
    void commandFailed(String why) {
        errors.incrementAndGet();
        down(why);
    }

    void noteUnreadable() {
        unreadable.incrementAndGet();
    }

    LinkState state() {
        Phase now = phase.get();
        return new LinkState(where, now.up(), now.since(), errors.get(), unreadable.get(), now.problem());
    }

    private void change(boolean up, String reason) {
        Phase before = phase.get();
        if (before.up() != up && phase.compareAndSet(before, new Phase(up, clock.instant(), up ? "" : reason))) {
            if (up) {
                LOG.info(
                        "Redis at {} {}: answers, limits and bulk jobs are shared with the fleet again", where, reason);
            } else {
                LOG.warn(
                        "Redis at {} unavailable ({}): serving from this instance's store, with its own limits and"
                                + " bulk jobs, until it is back",
                        where,
                        reason);
            }
        }
    }

    private record Phase(boolean up, Instant since, String problem) {}
}
