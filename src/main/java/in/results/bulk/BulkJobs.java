package in.results.bulk;

import in.results.catalog.Course;
import in.results.core.Environment;
import in.results.core.ExamQuery;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.ExamLookup;
import in.results.redis.SharedJobs;
import in.results.report.ClassRecord;
import in.results.report.StudentReports;
import java.time.Duration;

/**
 * The bulk jobs of one {@link JobKind}: asynchronous lookups of a range of hall tickets about one target (an exam, a
 * course). Identical requests — same range and target — share one job. A job ({@link BulkJob}) asks every hall
 * ticket through its kind (so cached answers are reused and the per-host upstream limit holds across all jobs and
 * lookups), retries hall tickets the university failed for a bounded number of times with backoff, and ends by its
 * deadline at the latest. Its upstream requests have {@link in.results.upstream.Priority#BULK}: when the request
 * budget is scarce, interactive lookups go first, and the hall tickets of all jobs of every kind together hold at most
 * {@link Policy#maxInFlight()} permits ({@link JobCapacity}), leaving slots to interactive lookups. Finished jobs are
 * kept for {@link Policy#keepFinished()} (one that left hall tickets out only {@link Policy#keepIncomplete()}, so that
 * a new request soon retries them); then a new request starts a new job.
 *
 * <p>{@link #local}: the jobs of this instance. {@link #fleet}: the jobs of every instance on one Redis — a job
 * started through one instance is seen (progress, result) through all, identical requests share one job fleet-wide,
 * {@link Policy#maxRunning()} counts the fleet's jobs of every kind, and a job whose instance died is resumed by
 * another. Both are thread-safe.
 *
 * @param <T> what a job is about besides its range
 * @param <R> a finished job's result
 */
public sealed interface BulkJobs<T, R> permits LocalJobs, FleetJobs {
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
            Duration firstBackoff) {

        /** How long a finished job that left {@code missing} hall tickets out is kept. */
        Duration keepFor(int missing) {
            return missing == 0 ? keepFinished : keepIncomplete;
        }
    }

    /** Whether a job for this range and target runs or is kept finished (a request would not start one). */
    boolean hasJob(HallTicketRange range, T target);

    /** The status of the job for this range and target, starting one when there is none (or it expired). */
    BulkStatus<R> request(HallTicketRange range, T target);

    /**
     * The server is stopping: this instance's running jobs end now, their unanswered hall tickets missing — or, in a
     * fleet, are handed over to another instance.
     */
    void stop();

    /** Jobs kept in this process; they run on the environment's executor and read its ticker. */
    static <T, A, R> BulkJobs<T, R> local(JobKind<T, A, R> kind, JobCapacity capacity, Environment environment) {
        return new LocalJobs<>(kind, capacity, environment);
    }

    /** Jobs shared by the fleet through {@code shared}; this instance's own jobs while Redis does not answer. */
    static <T, A, R> BulkJobs<T, R> fleet(
            JobKind<T, A, R> kind, JobCapacity capacity, Environment environment, SharedJobs<R> shared) {
        return new FleetJobs<>(kind, capacity, environment, shared, new LocalJobs<>(kind, capacity, environment));
    }

    /** The kind of today's bulk jobs: a range of hall tickets in one exam, through {@code lookup}. */
    static JobKind<ExamQuery, ?, ExamResults> exams(ExamLookup lookup) {
        return new ExamJobKind(lookup);
    }

    /**
     * The kind of class jobs: a range of hall tickets of one course over all its semesters, through {@code lookup},
     * each student's figures made by {@code reports}.
     */
    static JobKind<Course, ?, ClassRecord> classes(AllSemestersLookup lookup, StudentReports reports) {
        return new ClassJobKind(lookup, reports);
    }
}
