package in.results.bulk;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import in.results.core.Environment;
import in.results.redis.JobLease;
import in.results.redis.SharedJobs;
import in.results.redis.SharedJobs.Standing;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bulk jobs of a fleet, shared through Redis ({@link SharedJobs}); {@link BulkJobs} states what they promise.
 * <ul>
 *   <li>Every request asks Redis for the job's standing, so every instance answers a poll alike: the same progress
 *       (hall tickets done, each counted once) and the same finished result, kept in Redis as long as a finished
 *       job is kept. At most {@link Policy#maxRunning()} jobs run in the whole fleet.</li>
 *   <li>The instance that starts a job runs it as a {@link BulkJob}, reporting each hall ticket done and the end to
 *       Redis, and renews its {@link JobLease} while it runs. When that instance dies, its lease ends within
 *       {@link JobLease#TTL}; another instance takes the job over at the next request for it or within
 *       {@link #WATCH_EVERY} (each instance looks for such jobs), and runs every hall ticket again through the shared
 *       exam store: those already answered are copies there, so only the hall tickets in flight when the runner died
 *       are asked again. A resumed job keeps its end time, but gets at least {@link #RESUME_AT_LEAST}. An instance
 *       that stops hands its jobs over at once.</li>
 *   <li>While Redis does not answer, this instance's jobs ({@link LocalJobs}) serve its requests, and the jobs it
 *       runs for the fleet go on and answer here.</li>
 * </ul>
 */
final class FleetJobs<T, A, R> implements BulkJobs<T, R> {
    private static final Logger LOG = LoggerFactory.getLogger(FleetJobs.class);
    /** How often each instance looks for jobs whose runner's lease ended. */
    static final Duration WATCH_EVERY = Duration.ofSeconds(1);
    /** The least time a resumed job gets, even when its end time has passed: its answered hall tickets are copies. */
    static final Duration RESUME_AT_LEAST = Duration.ofSeconds(30);
    /** A request waits for Redis at most this long (and never more than the Redis command timeout). */
    private static final Duration ASK_REDIS = Duration.ofSeconds(2);

    /** A job this instance runs for the fleet. */
    private record Running<T, A, R>(BulkJob<T, A, R> job, JobLease<R> lease) {}

    private final JobKind<T, A, R> kind;
    private final Policy policy;
    private final Ticker ticker;
    private final Executor executor;
    private final SharedJobs<R> shared;
    private final SharedJobs.Rules rules;
    private final LocalJobs<T, A, R> alone;
    private final Semaphore bulkShare;
    private final Map<JobKey<T>, Running<T, A, R>> here = new ConcurrentHashMap<>();
    private final CountDownLatch stopped = new CountDownLatch(1);

    /** Starts looking for jobs to resume, on the environment's executor, until {@link #stop()}. */
    FleetJobs(
            JobKind<T, A, R> kind,
            JobCapacity capacity,
            Environment environment,
            SharedJobs<R> shared,
            LocalJobs<T, A, R> alone) {
        this.kind = kind;
        this.policy = capacity.policy();
        this.ticker = environment.ticker();
        this.executor = environment.executor();
        this.shared = shared;
        this.rules = new SharedJobs.Rules(policy.maxRunning(), kind.deadline(policy), RESUME_AT_LEAST);
        this.alone = alone;
        this.bulkShare = capacity.bulkShare(); // one share of the upstream slots for every job of this instance
        executor.execute(this::watchForOrphans);
    }

    @Override
    public boolean hasJob(HallTicketRange range, T target) {
        JobKey<T> key = new JobKey<>(range, target);
        return shared.exists(kind.idOf(range, target), askRedis())
                .orElseGet(() -> here.containsKey(key) || alone.hasJob(range, target));
    }

    @Override
    public BulkStatus<R> request(HallTicketRange range, T target) {
        long now = ticker.read();
        here.values().forEach(running -> running.job().finishIfOverdue());
        here.values().removeIf(running -> running.job().expiredAt(now));
        JobKey<T> key = new JobKey<>(range, target);
        return switch (shared.request(kind.idOf(range, target), range.size(), rules, false, askRedis())) {
            case Standing.Finished<R> finished -> new BulkStatus.Finished<>(finished.result());
            case Standing.Running<R> running -> new BulkStatus.Loading<>(running.done(), range.size());
            case Standing.Claimed<R> claimed -> {
                run(key, claimed);
                yield new BulkStatus.Loading<>(claimed.done(), range.size());
            }
            case Standing.Busy<R> busy -> new BulkStatus.Busy<>();
            case Standing.Gone<R> gone -> new BulkStatus.Busy<>(); // only when resuming
            case Standing.Down<R> down -> {
                Running<T, A, R> mine = here.get(key);
                yield mine != null ? mine.job().status() : alone.request(range, target);
            }
        };
    }

    /** Hands this instance's jobs over to the fleet (another instance resumes them at once), ends its own ones. */
    @Override
    public void stop() {
        stopped.countDown();
        here.values().forEach(running -> {
            running.lease().handOver();
            running.job().abandon();
        });
        here.clear();
        alone.stop();
    }

    /** Runs a job claimed for this instance: progress and end go to Redis, the lease is renewed meanwhile. */
    private void run(JobKey<T> key, Standing.Claimed<R> claimed) {
        JobLease<R> lease = claimed.lease();
        AtomicReference<Running<T, A, R>> self = new AtomicReference<>();
        BulkJob<T, A, R> job = new BulkJob<>(
                key, kind, bulkShare, policy, claimed.budget(), ticker, lease::progress, (result, missing) -> {
                    if (lease.finish(result, policy.keepFor(missing))) {
                        here.remove(key, self.get()); // else kept here, to answer while Redis is away
                    }
                });
        Running<T, A, R> running = new Running<>(job, lease);
        self.set(running);
        here.put(key, running);
        lease.renewUntilEnded(() -> {
            LOG.info("bulk job for {} is run by another instance now: stopping it here", kind.describe(key.target()));
            here.remove(key, running);
            job.abandon();
        });
        if (claimed.resumed()) {
            LOG.info(
                    "bulk job for {} ({} to {}) resumed here: {} of {} hall tickets were done",
                    kind.describe(key.target()),
                    key.range().first(),
                    key.range().last(),
                    claimed.done(),
                    key.range().size());
        }
        job.start(executor);
    }

    private void watchForOrphans() {
        try {
            while (!stopped.await(WATCH_EVERY.toMillis(), TimeUnit.MILLISECONDS)) {
                for (String id : shared.orphans(askRedis())) {
                    kind.keyOf(id).ifPresent(this::resume); // another kind's job is resumed by its own watcher
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void resume(JobKey<T> key) {
        if (stopped.getCount() > 0
                && shared.request(
                                kind.idOf(key.range(), key.target()),
                                key.range().size(),
                                rules,
                                true,
                                askRedis())
                        instanceof Standing.Claimed<R> claimed) {
            run(key, claimed);
        }
    }

    private Deadline askRedis() {
        return Deadline.after(ASK_REDIS, ticker);
    }
}
