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
     * nothing is cached. {@code priority} orders the upstream request against others when the request budget is
     * scarce; a caller that joins a load already running waits with that load's priority.
     */
    public CachedAnswer<ExamAnswer> lookup(HallTicket hallTicket, ExamQuery exam, Priority priority) {
        try {
            return cache.get(new ExamKey(hallTicket, exam), key -> load(key, priority));
        } catch (DeadlineExceeded e) {
            throw new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, e.getMessage());
        }
    }

    /**
     * Like {@link #lookup}, but a stored result is reused even when no longer fresh (kept up to the stale period):
     * a result a published release holds for a hall ticket does not change, so the all-semesters lookup asks the
     * university only about releases it has no result from. "No result" is reused only while fresh (5 minutes):
     * an RC/RV page or a withheld result may still appear. Throws {@link UpstreamFailure} rather than answer a
     * stale "no result" when the university fails: the caller cannot build a complete answer on it.
     */
    public ExamAnswer remembered(HallTicket hallTicket, ExamQuery exam, Priority priority) {
        CachedAnswer<ExamAnswer> stored = cache.peek(new ExamKey(hallTicket, exam));
        if (stored != null && (stored.value() instanceof ExamAnswer.Found || stored.status() == CacheStatus.HIT)) {
            return stored.value();
        }
        CachedAnswer<ExamAnswer> answer = lookup(hallTicket, exam, priority);
        if (answer.status() == CacheStatus.STALE) { // the university failed just now: not an answer to build on
            throw new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, "no current answer for exam " + exam.examCode());
        }
        return answer.value();
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
