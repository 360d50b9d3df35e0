package in.results.bulk;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Backoff;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import in.results.core.LookupFailure;
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
import java.util.function.IntConsumer;
import java.util.function.ObjIntConsumer;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One bulk job: every hall ticket of a range asked by its {@link JobKind}, each as a task of its own on the injected
 * executor. A hall ticket holds one of the bulk share's permits while it is asked, and is asked
 * again after a {@link Backoff#pause} when the university failed for it, up to {@code attempts} tries.
 *
 * <p>The job ends when every hall ticket is answered or given up, when it is {@link #stop() stopped}, or at its
 * {@link Deadline} (on the injected ticker), whichever comes first. Every wait of a task ends by the deadline, so
 * the last task ends the job then; should one not, the job ends anyway the first time it is looked at after the
 * deadline ({@link #finishIfOverdue()}). Hall tickets unanswered at the end count as missing. A job can also be
 * {@link #abandon() abandoned}: it then stops without ending (another instance of a fleet goes on with it).
 * Thread-safe.
 */
final class BulkJob<T, A, R> {
    private static final Logger LOG = LoggerFactory.getLogger(BulkJob.class);

    /** The end of the job: what requests see from then on, and when it ended (a ticker reading). */
    private record Ending<R>(BulkStatus.Finished<R> status, int missing, long at) {}

    private final List<HallTicket> hallTickets;
    private final JobKind<T, A, R> kind;
    private final T target;
    private final Semaphore bulkShare;
    private final BulkJobs.Policy policy;
    private final Ticker ticker;
    private final IntConsumer onDone;
    private final ObjIntConsumer<R> onFinish;
    private final Deadline endBy;
    private final List<FutureTask<Void>> tasks;
    private final AtomicReferenceArray<JobKind.Answer<A>> answers;
    private final AtomicInteger done = new AtomicInteger();
    private final AtomicReference<Ending<R>> ending = new AtomicReference<>();
    private final AtomicBoolean abandoned = new AtomicBoolean();

    /**
     * @param bulkShare permits shared by all jobs: the upstream requests bulk work may hold at once
     * @param budget    how long the job may run from now
     * @param onDone    told the index of each hall ticket answered or given up (on the task's thread)
     * @param onFinish  told the job's result and how many hall tickets it left out, once
     */
    BulkJob(
            JobKey<T> key,
            JobKind<T, A, R> kind,
            Semaphore bulkShare,
            BulkJobs.Policy policy,
            Duration budget,
            Ticker ticker,
            IntConsumer onDone,
            ObjIntConsumer<R> onFinish) {
        this.hallTickets = key.range().hallTickets();
        this.kind = kind;
        this.target = key.target();
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
    BulkStatus<R> status() {
        finishIfOverdue();
        Ending<R> end = ending.get();
        return end != null ? end.status() : new BulkStatus.Loading<>(done.get(), hallTickets.size());
    }

    boolean isFinished() {
        return ending.get() != null;
    }

    /** When the job ended (a ticker reading); only meaningful once {@link #isFinished()}. */
    long finishedAt() {
        Ending<R> end = ending.get();
        return end == null ? Long.MAX_VALUE : end.at();
    }

    /**
     * Whether the job ended long enough before {@code now} to be forgotten: {@code keepFinished} after ending, or
     * only {@code keepIncomplete} when it left hall tickets out, so that a new request soon asks for them again.
     */
    boolean expiredAt(long now) {
        Ending<R> end = ending.get();
        if (end == null) {
            return false;
        }
        Duration keep = policy.keepFor(end.missing());
        return now - end.at() > keep.toNanos();
    }

    /** Ends the job if its deadline has passed, cutting short the hall tickets still being asked. */
    void finishIfOverdue() {
        if (!isFinished() && endBy.remaining().isZero()) {
            LOG.warn("bulk job for {} hit its deadline of {}", kind.describe(target), kind.deadline(policy));
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
    private JobKind.Answer<A> lookupWithinShare(HallTicket hallTicket) {
        try {
            if (!bulkShare.tryAcquire(endBy.remaining().toNanos(), TimeUnit.NANOSECONDS)) {
                throw LookupFailure.unavailable("no bulk slot before the job's deadline");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw LookupFailure.unavailable("bulk job stopped");
        }
        try {
            return kind.ask(target, hallTicket, endBy);
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
        List<A> found = new ArrayList<>();
        List<HallTicket> noResult = new ArrayList<>();
        List<HallTicket> missing = new ArrayList<>();
        for (int i = 0; i < answers.length(); i++) {
            switch (answers.get(i)) {
                case JobKind.Answer.Found<A> answered -> found.add(answered.value());
                case JobKind.Answer.NoResult<A> none -> noResult.add(hallTickets.get(i));
                case null -> missing.add(hallTickets.get(i));
            }
        }
        R result = kind.resultOf(target, new JobKind.Tally<>(found, noResult, missing));
        Ending<R> end = new Ending<>(new BulkStatus.Finished<>(result), missing.size(), ticker.read());
        if (!ending.compareAndSet(null, end)) {
            return false;
        }
        onFinish.accept(result, missing.size());
        LOG.info(
                "bulk job for {} finished: {} results, {} left out",
                kind.describe(target),
                found.size(),
                missing.size());
        return true;
    }
}
