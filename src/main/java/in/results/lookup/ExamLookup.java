package in.results.lookup;

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
import in.results.upstream.Priority;
import in.results.upstream.UpstreamClient;
import java.time.Duration;
import java.util.Optional;

/**
 * One hall ticket in one exam, through the single-exam store: results are kept 30 minutes, "no result" 5
 * minutes, failures never. Identical concurrent lookups share one upstream request. Every other lookup
 * (semester, all semesters, bulk) asks the university through this class, so what it once answered is reused.
 */
public final class ExamLookup {
    static final Duration RESULT_FRESH = Duration.ofMinutes(30);
    static final Duration NO_RESULT_FRESH = Duration.ofMinutes(5);
    private static final String WITHHELD = "-";

    private final UpstreamClient upstream;
    private final AnswerStore<ExamKey, ExamAnswer> store;

    public ExamLookup(UpstreamClient upstream, AnswerStore<ExamKey, ExamAnswer> store) {
        this.upstream = upstream;
        this.store = store;
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
        CachedAnswer<ExamAnswer> answer =
                store.get(new ExamKey(hallTicket, exam), key -> load(key, priority, deadline), deadline);
        if (answer.status() == CacheStatus.STALE && answer.value() instanceof ExamAnswer.NoResult) {
            // An old "no result" while the university fails: results may have been published since.
            throw LookupFailure.unavailable("no current answer for exam " + exam.examCode());
        }
        return answer;
    }

    /**
     * Like {@link #lookup}, but a stored result is reused even when no longer fresh (kept up to the stale period):
     * a result a published release holds for a hall ticket does not change, so the all-semesters lookup asks the
     * university only about releases it has no result from. Not reused when no longer fresh: "no result" (an
     * RC/RV page or a withheld result may still appear) and a result with a withheld ({@code -}) row (its grade
     * may be published later).
     */
    public ExamAnswer remembered(HallTicket hallTicket, ExamQuery exam, Priority priority, Deadline deadline) {
        Optional<CachedAnswer<ExamAnswer>> stored = stored(hallTicket, exam);
        if (stored.isPresent()
                && (stored.get().status() == CacheStatus.HIT
                        || isSettled(stored.get().value()))) {
            return stored.get().value();
        }
        return lookup(hallTicket, exam, priority, deadline).value();
    }

    /** The stored answer (fresh or stale) without asking the university. */
    public Optional<CachedAnswer<ExamAnswer>> stored(HallTicket hallTicket, ExamQuery exam) {
        return store.peek(new ExamKey(hallTicket, exam));
    }

    private static boolean isSettled(ExamAnswer answer) {
        return answer instanceof ExamAnswer.Found found
                && found.page().subjects().stream().noneMatch(row -> row.grade().equals(WITHHELD));
    }

    private Loaded<ExamAnswer> load(ExamKey key, Priority priority, Deadline deadline) {
        // In line for the upstream by the caller's deadline: a lookup of several exams started first finishes first.
        return switch (upstream.fetchResult(key.hallTicket(), key.exam(), priority, deadline)) {
            case Reply.Answered<ResultPage> answered ->
                new Loaded<>(new ExamAnswer.Found(answered.value()), RESULT_FRESH);
            case Reply.NoResult<ResultPage> none -> new Loaded<>(new ExamAnswer.NoResult(), NO_RESULT_FRESH);
            case Reply.Unreadable<ResultPage> unreadable -> throw LookupFailure.unreadable(unreadable.reason());
            case Reply.Unavailable<ResultPage> down -> throw LookupFailure.unavailable(down.reason());
        };
    }

    /** Store key of one exam lookup. */
    public record ExamKey(HallTicket hallTicket, ExamQuery exam) {}
}
