package in.results.bulk;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Environment;
import in.results.core.ExamQuery;
import in.results.lookup.ExamLookup;
import in.results.upstream.Priority;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bulk jobs of the service: asynchronous lookups of a range of hall tickets in one exam. Identical requests —
 * same range and exam — share one job. A job ({@link BulkJob}) asks every hall ticket through {@link ExamLookup}
 * (so cached answers are reused and the per-host upstream limit holds across all jobs and lookups), retries hall
 * tickets the university failed for a bounded number of times with backoff, and ends by its deadline at the latest.
 * Its upstream requests have {@link Priority#BULK}: when the request budget is scarce, interactive lookups go first,
 * and all jobs together hold at most {@link Policy#maxInFlight()} upstream requests, leaving slots to interactive
 * lookups. Finished jobs are kept for {@link Policy#keepFinished()} (one that left hall tickets out only
 * {@link Policy#keepIncomplete()}, so that a new request soon retries them); then a new request starts a new job.
 *
 * <p>Jobs run on the {@link Environment#executor()} and read time from its ticker. Thread-safe.
 */
public final class BulkJobs {
    /**
     * How jobs run.
     *
     * @param maxRunning     most jobs running at once (beyond: {@link BulkStatus.Busy})
     * @param maxInFlight    most hall tickets asked at once across all jobs: bulk's share of the upstream slots
     * @param maxKept        most jobs kept (running and finished); the oldest finished ones go first
     * @param keepFinished   how long a complete finished job is kept
     * @param keepIncomplete how long a job that left hall tickets out is kept (short: a new request retries them)
     * @param deadline       the longest a job runs
     * @param attempts       tries per hall ticket the university fails for (each already retried upstream)
     * @param firstBackoff   base of the pause before each retry ({@link in.results.core.Backoff#pause})
     */
    public record Policy(int maxRunning, int maxInFlight, int maxKept, Duration keepFinished, Duration keepIncomplete,
            Duration deadline, int attempts, Duration firstBackoff) {}

    private final ExamLookup lookup;
    private final Policy policy;
    private final Ticker ticker;
    private final Executor executor;
    private final Semaphore bulkShare;
    private final Map<JobKey, BulkJob> jobs = new ConcurrentHashMap<>();
    private final AtomicInteger running = new AtomicInteger();

    public BulkJobs(ExamLookup lookup, Policy policy, Environment environment) {
        this.lookup = lookup;
        this.policy = policy;
        this.ticker = environment.ticker();
        this.executor = environment.executor();
        this.bulkShare = new Semaphore(policy.maxInFlight(), true);
    }

    /** Whether a job for this range and exam runs or is kept finished (a request would not start one). */
    public boolean hasJob(HallTicketRange range, ExamQuery exam) {
        BulkJob job = jobs.get(new JobKey(range, exam));
        return job != null && !job.expiredAt(ticker.read());
    }

    /** The status of the job for this range and exam, starting one when there is none (or it expired). */
    public BulkStatus request(HallTicketRange range, ExamQuery exam) {
        jobs.values().forEach(BulkJob::finishIfOverdue); // frees the running slots of jobs past their deadline
        long now = ticker.read();
        jobs.values().removeIf(job -> job.expiredAt(now));
        if (jobs.size() >= policy.maxKept()) {
            jobs.values().stream().filter(BulkJob::isFinished).min(Comparator.comparingLong(BulkJob::finishedAt))
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
            started[0] = new BulkJob(range.hallTickets(), exam, lookup, bulkShare, policy, ticker,
                    running::decrementAndGet);
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
    public void stop() {
        jobs.values().forEach(BulkJob::stop);
    }

    private record JobKey(HallTicketRange range, ExamQuery exam) {}
}
