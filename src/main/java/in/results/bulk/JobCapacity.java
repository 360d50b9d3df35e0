package in.results.bulk;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the bulk jobs of every kind share on one instance: the bulk share's permits (hall tickets asked at once, across
 * all jobs) and the count of jobs running alone (without a fleet). Create one per instance and give it to every kind's
 * jobs, so that a class job and an exam job draw on the same share and count against the same limit. Thread-safe.
 */
public final class JobCapacity {
    private final BulkJobs.Policy policy;
    private final Semaphore bulkShare;
    private final AtomicInteger running = new AtomicInteger();

    public JobCapacity(BulkJobs.Policy policy) {
        this.policy = policy;
        this.bulkShare = new Semaphore(policy.maxInFlight(), true);
    }

    BulkJobs.Policy policy() {
        return policy;
    }

    /** The permits of the hall tickets in flight. */
    Semaphore bulkShare() {
        return bulkShare;
    }

    /** Takes one of the {@code maxRunning} places of this instance's own jobs, or says there is none. */
    boolean reserveRunning() {
        while (true) {
            int now = running.get();
            if (now >= policy.maxRunning()) {
                return false;
            }
            if (running.compareAndSet(now, now + 1)) {
                return true;
            }
        }
    }

    /** Gives back a place taken by {@link #reserveRunning()}: the job ended. */
    void releaseRunning() {
        running.decrementAndGet();
    }
}
