package in.results.upstream;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * One instance's limits towards one host: a {@link RequestBudget} with priority, then a fair {@link Semaphore} of
 * request slots, waited for at most the slot wait (one request timeout). {@link Priority#BULK} requests also take one of
 * the bulk share's slots first, so that bulk work — a class job's transcripts ask many pages per hall ticket — never
 * holds more than its share of the host's slots.
 */
final class LocalLimits implements HostLimits {
    private final RequestBudget budget;
    private final Semaphore slots;
    private final Semaphore bulkSlots;
    private final Duration slotWait;

    /** @param bulkSlots most of the {@code slots} bulk requests may hold */
    LocalLimits(int slots, int bulkSlots, int perSecond, Duration slotWait, Ticker ticker) {
        if (bulkSlots < 1 || bulkSlots > slots) {
            throw new IllegalArgumentException("need 1 <= bulkSlots <= slots");
        }
        this.budget = new RequestBudget(perSecond, ticker);
        this.slots = new Semaphore(slots, true);
        this.bulkSlots = new Semaphore(bulkSlots, true);
        this.slotWait = slotWait;
    }

    @Override
    public Admission admit(Priority priority, Deadline due, Deadline deadline) throws InterruptedException {
        if (!budget.acquire(priority, due, deadline)) {
            return new Admission.Refused(Shortage.BUDGET);
        }
        Deadline slotDeadline = deadline.atMost(slotWait);
        if (priority != Priority.BULK) {
            return take(slots, slotDeadline) ? new Admission.Admitted(slots::release) : refused();
        }
        if (!take(bulkSlots, slotDeadline)) {
            return refused();
        }
        if (!take(slots, slotDeadline)) {
            bulkSlots.release();
            return refused();
        }
        return new Admission.Admitted(() -> {
            slots.release();
            bulkSlots.release();
        });
    }

    private static boolean take(Semaphore permits, Deadline deadline) throws InterruptedException {
        long wait = deadline.remaining().toNanos();
        return wait > 0 && permits.tryAcquire(wait, TimeUnit.NANOSECONDS);
    }

    private static Admission refused() {
        return new Admission.Refused(Shortage.SLOTS);
    }

    @Override
    public int waiting(Priority priority) {
        return budget.waiting(priority);
    }

    @Override
    public boolean isShared() {
        return false;
    }
}
