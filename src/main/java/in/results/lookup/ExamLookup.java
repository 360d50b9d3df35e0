package in.results.lookup;

import in.results.archive.Archive;
import in.results.archive.PageKey;
import in.results.core.Deadline;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.core.LookupFailure;
import in.results.core.Reply;
import in.results.scrape.ResultPage;
import in.results.store.AnswerStore;
import in.results.store.CacheStatus;
import in.results.store.CachedAnswer;
import in.results.store.Loaded;
import in.results.upstream.BreakerState;
import in.results.upstream.Priority;
import in.results.upstream.UpstreamClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * One hall ticket in one exam, through the single-exam store: results are kept 30 minutes, "no result" 5
 * minutes, failures never. Identical concurrent lookups share one upstream request. Every other lookup
 * (semester, all semesters, bulk) asks the university through this class, so what it once answered is reused, and
 * every answer the university gives is kept in the {@link Archive} for good. A result page the archive holds is
 * served from there instead of asking again ({@link ArchiveReuse}); a "no result" is asked again, because a single
 * exam's lookup cannot tell whether it was read before the release was published.
 */
public final class ExamLookup {
    static final Duration RESULT_FRESH = Duration.ofMinutes(30);
    static final Duration NO_RESULT_FRESH = Duration.ofMinutes(5);

    private final UpstreamClient upstream;
    private final AnswerStore<ExamKey, ExamAnswer> store;
    private final Archive archive;
    private final ArchiveReuse reuse;
    private final Clock clock;

    /** @param clock the time each answer is read at, kept with it in the archive */
    public ExamLookup(UpstreamClient upstream, AnswerStore<ExamKey, ExamAnswer> store, Archive archive, Clock clock) {
        this.upstream = upstream;
        this.store = store;
        this.archive = archive;
        this.reuse = new ArchiveReuse(clock);
        this.clock = clock;
    }

    /**
     * The answer for {@code hallTicket} in {@code exam}: fresh from the store, loaded now, or stale when the
     * university fails. Throws {@link LookupFailure} when it fails (or does not answer before the deadline) and no
     * result is stored — a stale "no result" is not served: results may have appeared since. {@code priority}, then
     * {@code deadline}, order the upstream request against others when the request budget is scarce; a caller that
     * joins a load already running waits with that load's priority and deadline.
     */
    public CachedAnswer<ExamAnswer> lookup(
            HallTicket hallTicket, ExamQuery exam, Priority priority, Deadline deadline) {
        return current(
                store.get(new ExamKey(hallTicket, exam), key -> keptOrFetched(key, priority, deadline), deadline),
                exam);
    }

    /**
     * Like {@link #lookup}, for a caller that has looked in the archive already (the all-semesters lookup reads a
     * student's kept pages at once): a stored result is reused even when no longer fresh (kept up to the stale
     * period), because a result a published release holds for a hall ticket does not change; otherwise the
     * university is asked, without asking the archive again. Not reused when no longer fresh: "no result" (an RC/RV
     * page or a withheld result may still appear) and a result with a withheld ({@code -}) row (its grade may be
     * published later). A fresh "no result" is reused only when {@code listedBefore}: the release was on the list
     * the caller's last lookup knew — one read before the release was listed (by a single-exam request for its code)
     * says nothing of what it holds now.
     */
    public ExamAnswer remembered(
            HallTicket hallTicket, ExamQuery exam, boolean listedBefore, Priority priority, Deadline deadline) {
        Optional<CachedAnswer<ExamAnswer>> stored = stored(hallTicket, exam);
        if (stored.isPresent()
                && (isSettled(stored.get().value())
                        || stored.get().status() == CacheStatus.HIT
                                && (listedBefore || stored.get().value() instanceof ExamAnswer.Found))) {
            return stored.get().value();
        }
        ExamKey key = new ExamKey(hallTicket, exam);
        Function<ExamKey, Loaded<ExamAnswer>> fetch = k -> fetched(k, priority, deadline);
        // A fresh "no result" not to be reused: read again, even though the store holds it fresh.
        boolean readAgain = stored.isPresent() && stored.get().status() == CacheStatus.HIT;
        return current(readAgain ? store.reload(key, fetch, deadline) : store.get(key, fetch, deadline), exam)
                .value();
    }

    private static CachedAnswer<ExamAnswer> current(CachedAnswer<ExamAnswer> answer, ExamQuery exam) {
        if (answer.status() == CacheStatus.STALE && answer.value() instanceof ExamAnswer.NoResult) {
            // An old "no result" while the university fails: results may have been published since.
            throw LookupFailure.unavailable("no current answer for exam " + exam.examCode());
        }
        return answer;
    }

    /** Whether the university answers: some host's circuit breaker is closed. */
    public boolean universityAnswers() {
        return upstream.health().stream().anyMatch(host -> host.state() == BreakerState.CLOSED);
    }

    /** The stored answer (fresh or stale) without asking the university. */
    public Optional<CachedAnswer<ExamAnswer>> stored(HallTicket hallTicket, ExamQuery exam) {
        return store.peek(new ExamKey(hallTicket, exam));
    }

    private static boolean isSettled(ExamAnswer answer) {
        return answer instanceof ExamAnswer.Found found && !found.page().hasWithheldRow();
    }

    /** The archive's result page when it stands for the university's, else the university's answer. */
    private Loaded<ExamAnswer> keptOrFetched(ExamKey key, Priority priority, Deadline deadline) {
        return archive.page(PageKey.of(key.hallTicket(), key.exam()), deadline)
                .flatMap(reuse::reusedPage)
                .map(kept -> new Loaded<>(kept, RESULT_FRESH))
                .orElseGet(() -> fetched(key, priority, deadline));
    }

    /** Asks the university, and keeps what it answered in the archive. */
    private Loaded<ExamAnswer> fetched(ExamKey key, Priority priority, Deadline deadline) {
        // In line for the upstream by the caller's deadline: a lookup of several exams started first finishes first.
        Reply<ResultPage> reply = upstream.fetchResult(key.hallTicket(), key.exam(), priority, deadline);
        PageKey kept = PageKey.of(key.hallTicket(), key.exam());
        return switch (reply) {
            case Reply.Answered<ResultPage> answered -> {
                ExamAnswer found = new ExamAnswer.Found(answered.value(), clock.instant());
                archive.keep(kept, found.archived());
                yield new Loaded<>(found, RESULT_FRESH);
            }
            case Reply.NoResult<ResultPage> none -> {
                ExamAnswer noResult = new ExamAnswer.NoResult(clock.instant());
                archive.keep(kept, noResult.archived());
                yield new Loaded<>(noResult, NO_RESULT_FRESH);
            }
            case Reply.Unreadable<ResultPage> unreadable -> throw LookupFailure.unreadable(unreadable.reason());
            case Reply.Unavailable<ResultPage> down -> throw LookupFailure.unavailable(down.reason());
        };
    }

    /** Store key of one exam lookup. */
    public record ExamKey(HallTicket hallTicket, ExamQuery exam) {}
}
