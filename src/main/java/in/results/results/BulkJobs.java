package in.results.results;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.scrape.ResultPage;
import in.results.upstream.ExamQuery;
import in.results.upstream.HallTicket;
import in.results.upstream.Priority;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
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
 * {@link Priority#BULK}: when the request budget is scarce, interactive lookups go first. Finished jobs are kept for
 * {@code keepFinished}; then a new request starts a new job. At most {@code maxRunning} jobs run at once.
 */
public final class BulkJobs {
    private static final Logger LOG = LoggerFactory.getLogger(BulkJobs.class);

    /** Retry policy for hall tickets the university failed for. */
    public record Retries(int attempts, Duration firstBackoff) {}

    private final ExamLookup lookup;
    private final int maxRunning;
    private final Duration keepFinished;
    private final Duration deadline;
    private final Retries retries;
    private final Ticker ticker;
    private final Map<JobKey, Job> jobs = new ConcurrentHashMap<>();
    private final AtomicInteger running = new AtomicInteger();
    private final Set<Thread> runners = ConcurrentHashMap.newKeySet();

    public BulkJobs(ExamLookup lookup, int maxRunning, Duration keepFinished, Duration deadline, Retries retries,
            Ticker ticker) {
        this.lookup = lookup;
        this.maxRunning = maxRunning;
        this.keepFinished = keepFinished;
        this.deadline = deadline;
        this.retries = retries;
        this.ticker = ticker;
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
        JobKey key = new JobKey(range, exam);
        Job[] started = new Job[1];
        Job job = jobs.compute(key, (k, existing) -> {
            if (existing != null) {
                return existing;
            }
            if (running.get() >= maxRunning) {
                return null;
            }
            running.incrementAndGet();
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

        boolean expiredAt(long now) {
            return finished != null && now - finishedAt > keepFinished.toNanos();
        }

        void run() {
            ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();
            try {
                long endBy = System.nanoTime() + deadline.toNanos();
                for (int i = 0; i < hallTickets.size(); i++) {
                    int index = i;
                    workers.execute(() -> answer(index, endBy));
                }
                workers.shutdown();
                if (!workers.awaitTermination(deadline.toNanos(), TimeUnit.NANOSECONDS)) {
                    LOG.warn("bulk job for exam {} hit its deadline of {}", exam.examCode(), deadline);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                workers.shutdownNow();
                finish();
            }
        }

        private void answer(int index, long endBy) {
            HallTicket hallTicket = hallTickets.get(index);
            Duration backoff = retries.firstBackoff();
            for (int attempt = 1; attempt <= retries.attempts(); attempt++) {
                try {
                    answers.set(index, lookup.lookup(hallTicket, exam, Priority.BULK).value());
                    done.incrementAndGet();
                    return;
                } catch (UpstreamFailure failure) {
                    long pause = backoff.toNanos() / 2 + ThreadLocalRandom.current().nextLong(backoff.toNanos() + 1);
                    if (attempt == retries.attempts() || System.nanoTime() + pause > endBy || !sleep(pause)) {
                        break;
                    }
                    backoff = backoff.multipliedBy(2);
                }
            }
            done.incrementAndGet();
        }

        private void finish() {
            List<ResultPage> pages = new ArrayList<>();
            int missing = 0;
            for (int i = 0; i < answers.length(); i++) {
                switch (answers.get(i)) {
                    case ExamAnswer.Found found -> pages.add(found.page());
                    case ExamAnswer.NotFound none -> { }
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
