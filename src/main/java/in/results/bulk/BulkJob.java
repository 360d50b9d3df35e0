package in.results.bulk;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Backoff;
import in.results.core.Deadline;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.core.LookupFailure;
import in.results.lookup.ExamAnswer;
import in.results.lookup.ExamLookup;
import in.results.scrape.ResultPage;
import in.results.upstream.Priority;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One bulk job: every hall ticket of a range asked in one exam through {@link ExamLookup}, each as a task of its own
 * on the injected executor. A hall ticket holds one of the bulk share's permits while it is asked, and is asked
 * again after a {@link Backoff#pause} when the university failed for it, up to {@code attempts} tries.
 *
 * <p>The job ends when every hall ticket is answered or given up, when it is {@link #stop() stopped}, or at its
 * {@link Deadline} (on the injected ticker), whichever comes first. Every wait of a task ends by the deadline, so
 * the last task ends the job then; should one not, the job ends anyway the first time it is looked at after the
 * deadline ({@link #finishIfOverdue()}). Hall tickets unanswered at the end count as missing. A job can also be
 * {@link #abandon() abandoned}: it then stops without ending (another instance of a fleet goes on with it).
 * Thread-safe.
 */
final class BulkJob {
    private static final Logger LOG = LoggerFactory.getLogger(BulkJob.class);

    /** The end of the job: what requests see from then on, and when it ended (a ticker reading). */
    private record Ending(BulkStatus.Finished status, long at) {}

    private final List<HallTicket> hallTickets;
    private final ExamQuery exam;
    private final ExamLookup lookup;
    private final Semaphore bulkShare;
    private final BulkJobs.Policy policy;
    private final Ticker ticker;
    private final IntConsumer onDone;
    private final Consumer<BulkStatus.Finished> onFinish;
    private final Deadline endBy;
    private final List<FutureTask<Void>> tasks;
    private final AtomicReferenceArray<ExamAnswer> answers;
    private final AtomicInteger done = new AtomicInteger();
    private final AtomicReference<Ending> ending = new AtomicReference<>();
    private final AtomicBoolean abandoned = new AtomicBoolean();

    /**
     * @param bulkShare permits shared by all jobs: the upstream requests bulk work may hold at once
     * @param budget    how long the job may run from now
     * @param onDone    told the index of each hall ticket answered or given up (on the task's thread)
     * @param onFinish  told the job's end, once
     */
    BulkJob(
            List<HallTicket> hallTickets,
            ExamQuery exam,
            ExamLookup lookup,
            Semaphore bulkShare,
            BulkJobs.Policy policy,
            Duration budget,
            Ticker ticker,
            IntConsumer onDone,
            Consumer<BulkStatus.Finished> onFinish) {
        if (hallTickets.isEmpty()) {
            throw new IllegalArgumentException("a bulk job needs at least one hall ticket");
        }
        this.hallTickets = List.copyOf(hallTickets);
        this.exam = exam;
        this.lookup = lookup;
        this.bulkShare = bulkShare;
        this.policy = policy;
        this.ticker = ticker;
        this.onDone = onDone;
        this.onFinish = onFinish;
        this.endBy = Deadline.after(budget, ticker);
        this.answers = new AtomicReferenceArray<>(this.hallTickets.size());
        this.tasks = IntStream.range(0, this.hallTickets.size())
                .mapToObj(index -> new FutureTask<Void>(() -> answer(index), null))
                .toList();
    }

    /** Hands every hall ticket's task to {@code executor}; call once. */
    void start(Executor executor) {
        tasks.forEach(executor::execute);
    }

    /** Progress while the job runs; the results once it ended. */
    BulkStatus status() {
        finishIfOverdue();
        Ending end = ending.get();
        return end != null ? end.status() : new BulkStatus.Loading(done.get(), hallTickets.size());
    }

    boolean isFinished() {
        return ending.get() != null;
    }

    /** When the job ended (a ticker reading); only meaningful once {@link #isFinished()}. */
    long finishedAt() {
        Ending end = ending.get();
        return end == null ? Long.MAX_VALUE : end.at();
    }

    /**
     * Whether the job ended long enough before {@code now} to be forgotten: {@code keepFinished} after ending, or
     * only {@code keepIncomplete} when it left hall tickets out, so that a new request soon asks for them again.
     */
    boolean expiredAt(long now) {
        Ending end = ending.get();
        if (end == null) {
            return false;
        }
        Duration keep = end.status().missing() == 0 ? policy.keepFinished() : policy.keepIncomplete();
        return now - end.at() > keep.toNanos();
    }

    /** Ends the job if its deadline has passed, cutting short the hall tickets still being asked. */
    void finishIfOverdue() {
        if (!isFinished() && endBy.remaining().isZero()) {
            LOG.warn("bulk job for exam {} hit its deadline of {}", exam.examCode(), policy.deadline());
            stop();
        }
    }

    /** Ends the job now (at its deadline, or the server is stopping): unanswered hall tickets count as missing. */
    void stop() {
        if (finish()) {
            // Interrupts the hall tickets still being asked; those not started yet never start.
            tasks.forEach(task -> task.cancel(true));
        }
    }

    /** Stops asking without ending the job: its end, and the hall tickets not yet answered, are someone else's. */
    void abandon() {
        if (!isFinished() && abandoned.compareAndSet(false, true)) {
            tasks.forEach(task -> task.cancel(true));
        }
    }

    private void answer(int index) {
        try {
            for (int attempt = 1; !isFinished() && !abandoned.get(); attempt++) {
                try {
                    answers.set(index, lookupWithinShare(hallTickets.get(index)));
                    return;
                } catch (LookupFailure failure) {
                    if (attempt >= policy.attempts() || !pauseBeforeRetry(attempt)) {
                        return;
                    }
                }
            }
        } finally {
            if (!abandoned.get()) {
                onDone.accept(index);
            }
            if (done.incrementAndGet() == hallTickets.size()) {
                finish();
            }
        }
    }

    /** One lookup inside the bulk share of upstream slots, so bulk work never takes them all. */
    private ExamAnswer lookupWithinShare(HallTicket hallTicket) {
        try {
            if (!bulkShare.tryAcquire(endBy.remaining().toNanos(), TimeUnit.NANOSECONDS)) {
                throw LookupFailure.unavailable("no bulk slot before the job's deadline");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw LookupFailure.unavailable("bulk job stopped");
        }
        try {
            return lookup.lookup(hallTicket, exam, Priority.BULK, endBy).value();
        } finally {
            bulkShare.release();
        }
    }

    /** Waits before retry number {@code retry}; false when the pause would pass the deadline or the job stopped. */
    private boolean pauseBeforeRetry(int retry) {
        Duration pause = Backoff.pause(retry, policy.firstBackoff(), ThreadLocalRandom.current());
        if (!endBy.allows(pause)) {
            return false;
        }
        try {
            Thread.sleep(pause);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Records the end from the answers so far; true for the one call that ended the job (never an abandoned one). */
    private boolean finish() {
        if (abandoned.get()) {
            return false;
        }
        List<ResultPage> pages = new ArrayList<>();
        int missing = 0;
        for (int i = 0; i < answers.length(); i++) {
            switch (answers.get(i)) {
                case ExamAnswer.Found found -> pages.add(found.page());
                case ExamAnswer.NoResult none -> {}
                case null -> missing++;
            }
        }
        BulkStatus.Finished finished = new BulkStatus.Finished(pages, missing);
        if (!ending.compareAndSet(null, new Ending(finished, ticker.read()))) {
            return false;
        }
        onFinish.accept(finished);
        LOG.info("bulk job for exam {} finished: {} results, {} left out", exam.examCode(), pages.size(), missing);
        return true;
    }
}
