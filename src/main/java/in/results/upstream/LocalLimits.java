package in.results.upstream;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * One instance's limits towards one host: a {@link RequestBudget} with priority, then a fair {@link Semaphore} of
 * request slots, waited for at most the slot wait (one request timeout).
 */
final class LocalLimits implements HostLimits {
    private final RequestBudget budget;
    private final Semaphore slots;
    private final Duration slotWait;

    LocalLimits(int slots, int perSecond, Duration slotWait, Ticker ticker) {
        this.budget = new RequestBudget(perSecond, ticker);
        this.slots = new Semaphore(slots, true);
        this.slotWait = slotWait;
    }

    @Override
    public Admission admit(Priority priority, Deadline due, Deadline deadline) throws InterruptedException {
        if (!budget.acquire(priority, due, deadline)) {
            return new Admission.Refused(Shortage.BUDGET);
        }
        long wait = deadline.atMost(slotWait).remaining().toNanos();
        if (wait <= 0 || !slots.tryAcquire(wait, TimeUnit.NANOSECONDS)) {
            return new Admission.Refused(Shortage.SLOTS);
        }
        return new Admission.Admitted(slots::release);
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
