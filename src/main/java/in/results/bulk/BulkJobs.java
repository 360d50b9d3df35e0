package in.results.bulk;

import in.results.core.HallTicket;
import in.results.core.ExamQuery;
import in.results.core.Deadline;
import in.results.core.Environment;
import in.results.core.LookupFailure;
import in.results.lookup.ExamLookup;
import in.results.lookup.ExamAnswer;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.scrape.ResultPage;
import in.results.upstream.Priority;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asynchronous bulk lookups (DESIGN §5 "Bulk"). Identical requests — same range and exam — share one job. A job
 * asks every hall ticket of its range through {@link ExamLookup} (so cached answers are reused and the per-host
 * upstream limit holds across all jobs and lookups), retries hall tickets the university failed for a bounded
 * number of times with backoff, and ends by its deadline at the latest. Its upstream requests have
 * {@link Priority#BULK}: when the request budget is scarce, interactive lookups go first, and all jobs together
 * hold at most {@link Policy#maxInFlight()} upstream requests, leaving slots to interactive lookups. Finished jobs
 * are kept for {@link Policy#keepFinished()} (one that left hall tickets out only {@link Policy#keepIncomplete()},
 * so that a new request soon retries them); then a new request starts a new job.
 */
public final class BulkJobs {
    private static final Logger LOG = LoggerFactory.getLogger(BulkJobs.class);

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
     * @param firstBackoff   pause before the second try, doubled after each try, with jitter
     */
    public record Policy(int maxRunning, int maxInFlight, int maxKept, Duration keepFinished, Duration keepIncomplete,
            Duration deadline, int attempts, Duration firstBackoff) {}

    private final ExamLookup lookup;
    private final Policy policy;
    private final Ticker ticker;
    private final Executor executor;
    private final Semaphore bulkInFlight;
    private final Map<JobKey, Job> jobs = new ConcurrentHashMap<>();
    private final AtomicInteger running = new AtomicInteger();
    private final Set<Thread> runners = ConcurrentHashMap.newKeySet();

    public BulkJobs(ExamLookup lookup, Policy policy, Environment environment) {
        this.lookup = lookup;
        this.policy = policy;
        this.ticker = environment.ticker();
        this.executor = environment.executor();
        this.bulkInFlight = new Semaphore(policy.maxInFlight(), true);
    }

    /** Whether a job for this range and exam runs or is kept finished (a request would not start one). */
    public boolean hasJob(HallTicketRange range, ExamQuery exam) {
        Job job = jobs.get(new JobKey(range, exam));
        return job != null && !job.expiredAt(ticker.read());
    }

    /** The status of the job for this range and exam, starting one when there is none (or it expired). */
    public BulkStatus request(HallTicketRange range, ExamQuery exam) {
        long now = ticker.read();
        jobs.values().removeIf(job -> job.expiredAt(now));
        if (jobs.size() >= policy.maxKept()) {
            jobs.values().stream().filter(Job::isFinished).min(Comparator.comparingLong(Job::finishedAt))
                    .ifPresent(oldest -> jobs.values().remove(oldest));
        }
        JobKey key = new JobKey(range, exam);
        Job[] started = new Job[1];
        Job job = jobs.compute(key, (k, existing) -> {
            if (existing != null) {
                return existing;
            }
            if (!reserveRunningSlot()) {
                return null;
            }
            started[0] = new Job(range.hallTickets(), exam);
            return started[0];
        });
        if (job == null) {
            return new BulkStatus.Busy();
        }
        if (job == started[0]) {
            Thread runner = Thread.ofVirtual().name("bulk " + range.first() + "-" + range.last()).unstarted(() -> {
                try {
                    job.run();
                } finally {
                    runners.remove(Thread.currentThread());
                }
            });
            runners.add(runner);
            runner.start();
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
        runners.forEach(Thread::interrupt);
    }

    private record JobKey(HallTicketRange range, ExamQuery exam) {}

    private final class Job {
        private final List<HallTicket> hallTickets;
        private final ExamQuery exam;
        private final AtomicReferenceArray<ExamAnswer> answers;
        private final AtomicInteger done = new AtomicInteger();
        private volatile BulkStatus.Finished finished;
        private volatile long finishedAt;

        Job(List<HallTicket> hallTickets, ExamQuery exam) {
            this.hallTickets = List.copyOf(hallTickets);
            this.exam = exam;
            this.answers = new AtomicReferenceArray<>(hallTickets.size());
        }

        BulkStatus status() {
            BulkStatus.Finished result = finished;
            return result != null ? result : new BulkStatus.Loading(done.get(), hallTickets.size());
        }

        boolean isFinished() {
            return finished != null;
        }

        long finishedAt() {
            return finishedAt;
        }

        boolean expiredAt(long now) {
            BulkStatus.Finished result = finished;
            if (result == null) {
                return false;
            }
            Duration keep = result.missing() == 0 ? policy.keepFinished() : policy.keepIncomplete();
            return now - finishedAt > keep.toNanos();
        }

        void run() {
            ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();
            try {
                Deadline endBy = Deadline.after(policy.deadline(), ticker);
                for (int i = 0; i < hallTickets.size(); i++) {
                    int index = i;
                    workers.execute(() -> answer(index, endBy));
                }
                workers.shutdown();
                if (!workers.awaitTermination(policy.deadline().toNanos(), TimeUnit.NANOSECONDS)) {
                    LOG.warn("bulk job for exam {} hit its deadline of {}", exam.examCode(), policy.deadline());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                workers.shutdownNow();
                finish();
            }
        }

        private void answer(int index, Deadline endBy) {
            HallTicket hallTicket = hallTickets.get(index);
            Duration backoff = policy.firstBackoff();
            for (int attempt = 1; attempt <= policy.attempts(); attempt++) {
                try {
                    answers.set(index, lookupWithinShare(hallTicket, endBy));
                    done.incrementAndGet();
                    return;
                } catch (LookupFailure failure) {
                    long pause = backoff.toNanos() / 2 + ThreadLocalRandom.current().nextLong(backoff.toNanos() + 1);
                    if (attempt == policy.attempts() || !endBy.allows(Duration.ofNanos(pause)) || !sleep(pause)) {
                        break;
                    }
                    backoff = backoff.multipliedBy(2);
                }
            }
            done.incrementAndGet();
        }

        /** One lookup inside the bulk share of upstream slots, so bulk work never takes them all. */
        private ExamAnswer lookupWithinShare(HallTicket hallTicket, Deadline endBy) {
            try {
                bulkInFlight.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw LookupFailure.unavailable("bulk job stopped");
            }
            try {
                return lookup.lookup(hallTicket, exam, Priority.BULK, endBy).value();
            } finally {
                bulkInFlight.release();
            }
        }

        private void finish() {
            List<ResultPage> pages = new ArrayList<>();
            int missing = 0;
            for (int i = 0; i < answers.length(); i++) {
                switch (answers.get(i)) {
                    case ExamAnswer.Found found -> pages.add(found.page());
                    case ExamAnswer.NoResult none -> { }
                    case null -> missing++;
                }
            }
            finishedAt = ticker.read();
            finished = new BulkStatus.Finished(pages, missing);
            running.decrementAndGet();
            LOG.info("bulk job for exam {} finished: {} results, {} left out", exam.examCode(), pages.size(), missing);
        }
    }

    private static boolean sleep(long nanos) {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
