package in.results.results;

import in.results.cache.CacheStatus;
import in.results.cache.CachedAnswer;
import in.results.catalog.ExamRelease;
import in.results.catalog.Semester;
import in.results.upstream.ExamQuery;
import in.results.upstream.HallTicket;
import in.results.upstream.Priority;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A student's R18 Regular attempt of one semester (DESIGN §5): the earliest R18 B.Tech Regular release of the
 * semester that has a result for the hall ticket. Releases that cannot concern the hall ticket are skipped
 * ({@link AttemptWindow}); the rest are asked one after another, earliest first — the batch's own regular
 * release is the most likely, so most lookups stop at the first request.
 */
public final class SemesterLookup {
    private final CatalogSource catalog;
    private final ExamLookup exams;
    private final Duration deadline;

    /** @param deadline the longest one lookup takes, all its steps together (the release list and each candidate) */
    public SemesterLookup(CatalogSource catalog, ExamLookup exams, Duration deadline) {
        this.catalog = catalog;
        this.exams = exams;
        this.deadline = deadline;
    }

    /**
     * The regular attempt's answer; throws {@link ResultNotFound} when no regular release has a result, and
     * {@link UpstreamFailure} when the university fails or the whole lookup takes longer than the deadline.
     */
    public CachedAnswer<ExamAnswer> regularAttempt(HallTicket hallTicket, Semester semester) {
        try {
            return Deadline.within(deadline, () -> firstRegularAttempt(hallTicket, semester));
        } catch (UpstreamFailure failure) {
            return storedRegularAttempt(hallTicket, semester).orElseThrow(() -> failure);
        }
    }

    /** The regular attempt as stored earlier, served STALE when the university fails or is too slow now. */
    private Optional<CachedAnswer<ExamAnswer>> storedRegularAttempt(HallTicket hallTicket, Semester semester) {
        for (ExamRelease release : new AttemptWindow(hallTicket, catalog.lastKnown()).possibleRegular(semester)) {
            CachedAnswer<ExamAnswer> stored = exams.stored(hallTicket, queryOf(release));
            if (stored != null && stored.value() instanceof ExamAnswer.Found) {
                return Optional.of(new CachedAnswer<>(stored.value(), CacheStatus.STALE, stored.age(), Duration.ZERO));
            }
        }
        return Optional.empty();
    }

    private CachedAnswer<ExamAnswer> firstRegularAttempt(HallTicket hallTicket, Semester semester) {
        List<ExamRelease> candidates =
                new AttemptWindow(hallTicket, catalog.current().catalog()).possibleRegular(semester);
        for (ExamRelease release : candidates) {
            CachedAnswer<ExamAnswer> answer = exams.lookup(hallTicket, queryOf(release), Priority.INTERACTIVE);
            if (answer.value() instanceof ExamAnswer.Found) {
                return answer;
            }
        }
        throw new ResultNotFound("No R18 regular result of semester " + semester.key() + " for this hall ticket.");
    }

    /** The university query of a release: its own link parameters (DESIGN §3). */
    static ExamQuery queryOf(ExamRelease release) {
        var params = release.params();
        return new ExamQuery(params.getOrDefault("degree", "btech"), release.code(),
                params.getOrDefault("etype", ""), params.getOrDefault("type", ""), params.getOrDefault("result", ""));
    }
}
