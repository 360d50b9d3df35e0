package in.results.bulk;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Environment;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The bulk jobs of one kind on one instance, kept in this process (see {@link BulkJobs} for what every implementation
 * promises): a map of jobs by range and target; the places of running jobs and the permits of their hall tickets are
 * the instance's {@link JobCapacity}, shared with the jobs of other kinds. Jobs run on the
 * {@link Environment#executor()} and read time from its ticker. Thread-safe.
 */
final class LocalJobs<T, A, R> implements BulkJobs<T, R> {
    private final JobKind<T, A, R> kind;
    private final JobCapacity capacity;
    private final Policy policy;
    private final Ticker ticker;
    private final Executor executor;
    private final Map<JobKey<T>, BulkJob<T, A, R>> jobs = new ConcurrentHashMap<>();

    LocalJobs(JobKind<T, A, R> kind, JobCapacity capacity, Environment environment) {
        this.kind = kind;
        this.capacity = capacity;
        this.policy = capacity.policy();
        this.ticker = environment.ticker();
        this.executor = environment.executor();
    }

    @Override
    public boolean hasJob(HallTicketRange range, T target) {
        BulkJob<T, A, R> job = jobs.get(new JobKey<>(range, target));
        return job != null && !job.expiredAt(ticker.read());
    }

    @Override
    public BulkStatus<R> request(HallTicketRange range, T target) {
        jobs.values().forEach(BulkJob::finishIfOverdue); // frees the running places of jobs past their deadline
        long now = ticker.read();
        jobs.values().removeIf(job -> job.expiredAt(now));
        if (jobs.size() >= policy.maxKept()) {
            jobs.values().stream()
                    .filter(BulkJob::isFinished)
                    .min(Comparator.comparingLong(BulkJob::finishedAt))
                    .ifPresent(oldest -> jobs.values().remove(oldest));
        }
        AtomicReference<BulkJob<T, A, R>> started = new AtomicReference<>();
        BulkJob<T, A, R> job = jobs.compute(new JobKey<>(range, target), (key, existing) -> {
            if (existing != null) {
                return existing;
            }
            if (!capacity.reserveRunning()) {
                return null;
            }
            started.set(new BulkJob<>(
                    key,
                    kind,
                    capacity.bulkShare(),
                    policy,
                    kind.deadline(policy),
                    ticker,
                    index -> {},
                    (result, missing) -> capacity.releaseRunning()));
            return started.get();
        });
        if (job == null) {
            return new BulkStatus.Busy<>();
        }
        if (job == started.get()) {
            job.start(executor);
        }
        return job.status();
    }

    /** Ends every running job now (the server is stopping): unanswered hall tickets count as missing. */
    @Override
    public void stop() {
        jobs.values().forEach(BulkJob::stop);
    }
}
