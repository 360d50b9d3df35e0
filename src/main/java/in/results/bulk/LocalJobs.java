package in.results.bulk;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Environment;
import in.results.core.ExamQuery;
import in.results.lookup.ExamLookup;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bulk jobs of one instance, kept in this process (see {@link BulkJobs} for what every implementation promises):
 * a map of jobs by range and exam, at most {@link Policy#maxRunning()} running, a semaphore of
 * {@link Policy#maxInFlight()} permits shared by their hall tickets. Jobs run on the {@link Environment#executor()}
 * and read time from its ticker. Thread-safe.
 */
final class LocalJobs implements BulkJobs {
    private final ExamLookup lookup;
    private final Policy policy;
    private final Ticker ticker;
    private final Executor executor;
    private final Semaphore bulkShare;
    private final Map<JobKey, BulkJob> jobs = new ConcurrentHashMap<>();
    private final AtomicInteger running = new AtomicInteger();

    LocalJobs(ExamLookup lookup, Policy policy, Environment environment) {
        this.lookup = lookup;
        this.policy = policy;
        this.ticker = environment.ticker();
        this.executor = environment.executor();
        this.bulkShare = new Semaphore(policy.maxInFlight(), true);
    }

    /** The permits of this instance's hall tickets in flight, to share with the jobs it runs for a fleet. */
    Semaphore bulkShare() {
        return bulkShare;
    }

    @Override
    public boolean hasJob(HallTicketRange range, ExamQuery exam) {
        BulkJob job = jobs.get(new JobKey(range, exam));
        return job != null && !job.expiredAt(ticker.read());
    }

    @Override
    public BulkStatus request(HallTicketRange range, ExamQuery exam) {
        jobs.values().forEach(BulkJob::finishIfOverdue); // frees the running slots of jobs past their deadline
        long now = ticker.read();
        jobs.values().removeIf(job -> job.expiredAt(now));
        if (jobs.size() >= policy.maxKept()) {
            jobs.values().stream()
                    .filter(BulkJob::isFinished)
                    .min(Comparator.comparingLong(BulkJob::finishedAt))
                    .ifPresent(oldest -> jobs.values().remove(oldest));
        }
        BulkJob[] started = new BulkJob[1];
        BulkJob job = jobs.compute(new JobKey(range, exam), (key, existing) -> {
            if (existing != null) {
                return existing;
            }
            if (!reserveRunningSlot()) {
                return null;
            }
            started[0] = new BulkJob(
                    range.hallTickets(),
                    exam,
                    lookup,
                    bulkShare,
                    policy,
                    policy.deadline(),
                    ticker,
                    index -> {},
                    finished -> running.decrementAndGet());
            return started[0];
        });
        if (job == null) {
            return new BulkStatus.Busy();
        }
        if (job == started[0]) {
            job.start(executor);
        }
        return job.status();
    }

    /** Takes one of the {@code maxRunning} slots atomically (compute() runs concurrently for different keys). */
    private boolean reserveRunningSlot() {
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

    /** Ends every running job now (the server is stopping): unanswered hall tickets count as missing. */
    @Override
    public void stop() {
        jobs.values().forEach(BulkJob::stop);
    }
}
