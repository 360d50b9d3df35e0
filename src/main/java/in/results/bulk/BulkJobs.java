package in.results.bulk;

import in.results.core.Environment;
import in.results.core.ExamQuery;
import in.results.lookup.ExamLookup;
import in.results.redis.SharedJobs;
import in.results.upstream.Priority;
import java.time.Duration;

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
 * <p>{@link #local}: the jobs of this instance. {@link #fleet}: the jobs of every instance on one Redis — a job
 * started through one instance is seen (progress, result) through all, identical requests share one job fleet-wide,
 * {@link Policy#maxRunning()} counts the fleet's jobs, and a job whose instance died is resumed by another. Both are
 * thread-safe.
 */
public sealed interface BulkJobs permits LocalJobs, FleetJobs {
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
    record Policy(
            int maxRunning,
            int maxInFlight,
            int maxKept,
            Duration keepFinished,
            Duration keepIncomplete,
            Duration deadline,
            int attempts,
            Duration firstBackoff) {}

    /** Whether a job for this range and exam runs or is kept finished (a request would not start one). */
    boolean hasJob(HallTicketRange range, ExamQuery exam);

    /** The status of the job for this range and exam, starting one when there is none (or it expired). */
    BulkStatus request(HallTicketRange range, ExamQuery exam);

    /**
     * The server is stopping: this instance's running jobs end now, their unanswered hall tickets missing — or, in a
     * fleet, are handed over to another instance.
     */
    void stop();

    /** Jobs kept in this process; they run on the environment's executor and read its ticker. */
    static BulkJobs local(ExamLookup lookup, Policy policy, Environment environment) {
        return new LocalJobs(lookup, policy, environment);
    }

    /** Jobs shared by the fleet through {@code shared}; this instance's own jobs while Redis does not answer. */
    static BulkJobs fleet(
            ExamLookup lookup, Policy policy, Environment environment, SharedJobs<BulkStatus.Finished> shared) {
        return new FleetJobs(lookup, policy, environment, shared, new LocalJobs(lookup, policy, environment));
    }
}
