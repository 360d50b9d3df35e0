package in.results.results;

import in.results.cache.CacheStatus;
import in.results.cache.CachedAnswer;
import in.results.cache.DeadlineExceeded;
import in.results.cache.Load;
import in.results.cache.LookupCache;
import in.results.upstream.ExamQuery;
import in.results.upstream.HallTicket;
import in.results.upstream.Priority;
import in.results.upstream.ResultFetch;
import in.results.upstream.UpstreamClient;
import java.time.Duration;

/**
 * One hall ticket in one exam, through the single-exam cache: results are kept 30 minutes, "no result" 5
 * minutes, failures never. Identical concurrent lookups share one upstream request. Every other lookup
 * (semester, all semesters, bulk) asks the university through this class, so what it once answered is reused.
 */
public final class ExamLookup {
    static final Duration RESULT_FRESH = Duration.ofMinutes(30);
    static final Duration NO_RESULT_FRESH = Duration.ofMinutes(5);
    private static final String WITHHELD = "-";

    private final UpstreamClient upstream;
    private final LookupCache<ExamKey, ExamAnswer> cache;

    public ExamLookup(UpstreamClient upstream, LookupCache<ExamKey, ExamAnswer> cache) {
        this.upstream = upstream;
        this.cache = cache;
    }

    /** An interactive {@link #lookup(HallTicket, ExamQuery, Priority) lookup}: a person waits for the answer. */
    public CachedAnswer<ExamAnswer> lookup(HallTicket hallTicket, ExamQuery exam) {
        return lookup(hallTicket, exam, Priority.INTERACTIVE);
    }

    /**
     * The answer for {@code hallTicket} in {@code exam}: fresh from the cache, loaded now, or stale when the
     * university fails. Throws {@link UpstreamFailure} when it fails (or does not answer within the deadline) and
     * no result is cached — a stale "no result" is not served: results may have appeared since. {@code priority} orders the upstream request against others when the request budget is
     * scarce; a caller that joins a load already running waits with that load's priority.
     */
    public CachedAnswer<ExamAnswer> lookup(HallTicket hallTicket, ExamQuery exam, Priority priority) {
        CachedAnswer<ExamAnswer> answer;
        try {
            answer = cache.get(new ExamKey(hallTicket, exam), key -> load(key, priority));
        } catch (DeadlineExceeded e) {
            throw new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, e.getMessage());
        }
        if (answer.status() == CacheStatus.STALE && answer.value() instanceof ExamAnswer.NotFound) {
            // An old "no result" while the university fails: results may have been published since.
            throw new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, "no current answer for exam " + exam.examCode());
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
    public ExamAnswer remembered(HallTicket hallTicket, ExamQuery exam, Priority priority) {
        CachedAnswer<ExamAnswer> stored = stored(hallTicket, exam);
        if (stored != null && (stored.status() == CacheStatus.HIT || isSettled(stored.value()))) {
            return stored.value();
        }
        return lookup(hallTicket, exam, priority).value();
    }

    /** The stored answer (fresh or stale) without asking the university, or {@code null}. */
    public CachedAnswer<ExamAnswer> stored(HallTicket hallTicket, ExamQuery exam) {
        return cache.peek(new ExamKey(hallTicket, exam));
    }

    private static boolean isSettled(ExamAnswer answer) {
        return answer instanceof ExamAnswer.Found found
                && found.page().subjects().stream().noneMatch(row -> row.grade().equals(WITHHELD));
    }

    private Load<ExamAnswer> load(ExamKey key, Priority priority) {
        return switch (upstream.fetchResult(key.hallTicket(), key.exam(), priority)) {
            case ResultFetch.Found found -> new Load.Keep<>(new ExamAnswer.Found(found.page()), RESULT_FRESH);
            case ResultFetch.NoResult none -> new Load.Keep<>(new ExamAnswer.NotFound(), NO_RESULT_FRESH);
            case ResultFetch.Unavailable down ->
                    new Load.Failed<>(new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, down.reason()));
            case ResultFetch.BadResponse bad ->
                    new Load.Failed<>(new UpstreamFailure(UpstreamFailure.Kind.BAD_RESPONSE, bad.reason()));
        };
    }

    /** Cache key of one exam lookup. */
    public record ExamKey(HallTicket hallTicket, ExamQuery exam) {}
}
