package in.results.upstream;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import in.results.redis.SharedLimits;
import java.time.Duration;

/**
 * What a request to one upstream host waits for before it is sent: a token of the host's request budget (with
 * {@link Priority#INTERACTIVE} callers before {@link Priority#BULK} ones), then one of its request slots. A request
 * takes its token before its slot, so a queue of bulk work never holds slots.
 * <ul>
 *   <li>{@link #local}: both are this process's: the limits hold for this instance;</li>
 *   <li>{@link #fleet}: both are kept in Redis, so the limits are totals for every instance on the same Redis, with
 *       the same priority across instances. While Redis does not answer, the instance applies the same numbers
 *       locally (never an outage), and goes back to the fleet's limits when Redis answers again.</li>
 * </ul>
 * Thread-safe; {@link #admit} blocks (in real time) until the caller's deadline at the latest.
 */
public sealed interface HostLimits permits LocalLimits, FleetLimits {

    /** What the host lacked when a request could not be admitted before its deadline. */
    enum Shortage {
        /** No request token (the request budget is spent). */
        BUDGET,
        /** No request slot (as many requests in flight as allowed). */
        SLOTS
    }

    /** Whether a request may go. */
    sealed interface Admission {
        /** It may: run {@code release} once its exchange ended. */
        record Admitted(Runnable release) implements Admission {}

        /** Not before the deadline; nothing was taken. */
        record Refused(Shortage shortage) implements Admission {}
    }

    /**
     * Waits for a token, then a slot, until {@code deadline} at the latest. While tokens are scarce, this instance's
     * callers of one priority take them in the order of {@code due}, the deadline of the work the request is part of
     * (earliest first), so that work started first finishes first.
     *
     * @throws InterruptedException when interrupted while waiting (nothing is then held)
     */
    Admission admit(Priority priority, Deadline due, Deadline deadline) throws InterruptedException;

    /** Callers of this instance waiting for a token (or, with the fleet's limits, their turn) with this priority. */
    int waiting(Priority priority);

    /** Whether the limits are the fleet's now: false for local limits, and while Redis does not answer. */
    boolean isShared();

    /**
     * This instance's own limits.
     *
     * @param slots     most requests in flight to the host
     * @param perSecond request budget (a bucket holding one second of requests); 0 = none
     * @param slotWait  the longest a request waits for a slot once it has its token
     */
    static HostLimits local(int slots, int perSecond, Duration slotWait, Ticker ticker) {
        return local(slots, slots, perSecond, slotWait, ticker);
    }

    /** As {@link #local(int, int, Duration, Ticker)}, bulk requests holding at most {@code bulkSlots} of the slots. */
    static HostLimits local(int slots, int bulkSlots, int perSecond, Duration slotWait, Ticker ticker) {
        return new LocalLimits(slots, bulkSlots, perSecond, slotWait, ticker);
    }

    /**
     * The fleet's limits, kept in Redis by {@code shared} (the totals, and the bulk share of the slots); while Redis
     * does not answer, the same totals are applied locally, a slot waited for at most {@code slotWait}.
     */
    static HostLimits fleet(SharedLimits shared, Duration slotWait, Ticker ticker) {
        return new FleetLimits(
                shared, new LocalLimits(shared.slots(), shared.bulkSlots(), shared.perSecond(), slotWait, ticker));
    }
}
