package in.results.lookup;

import in.results.catalog.Course;
import in.results.catalog.Degree;
import in.results.catalog.ExamRelease;
import in.results.catalog.Semester;
import in.results.core.Deadline;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.core.LookupFailure;
import in.results.core.Regulation;
import in.results.releases.CatalogSource;
import in.results.store.CacheStatus;
import in.results.store.CachedAnswer;
import in.results.upstream.Priority;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * A student's R18 Regular attempt of one semester: the earliest R18 B.Tech Regular release of the
 * semester that has a result for the hall ticket. Releases that cannot concern the hall ticket are skipped
 * ({@link AttemptWindow}); the rest are asked one after another, earliest first — the batch's own regular
 * release is the most likely, so most lookups stop at the first request.
 */
public final class SemesterLookup {
    /** The semester endpoints are R18 B.Tech's (the specification's). */
    private static final Course R18 = new Course(Degree.BTECH, Regulation.R18);

    private final CatalogSource catalog;
    private final ExamLookup exams;
    private final Executor executor;

    /** @param executor runs each lookup's steps (the release list, then each candidate) on a thread of their own */
    public SemesterLookup(CatalogSource catalog, ExamLookup exams, Executor executor) {
        this.catalog = catalog;
        this.exams = exams;
        this.executor = executor;
    }

    /**
     * The regular attempt's answer; throws {@link LookupFailure} when no regular release has a result (no result),
     * or the university fails or the whole lookup does not end before {@code deadline} and nothing is stored.
     */
    public CachedAnswer<ExamAnswer> regularAttempt(HallTicket hallTicket, Semester semester, Deadline deadline) {
        try {
            return deadline.await(
                    CompletableFuture.supplyAsync(() -> firstRegularAttempt(hallTicket, semester, deadline), executor));
        } catch (LookupFailure failure) {
            if (failure.kind() == LookupFailure.Kind.NO_RESULT) {
                throw failure;
            }
            return storedRegularAttempt(hallTicket, semester).orElseThrow(() -> failure);
        }
    }

    /** The regular attempt as stored earlier, served STALE when the university fails or is too slow now. */
    private Optional<CachedAnswer<ExamAnswer>> storedRegularAttempt(HallTicket hallTicket, Semester semester) {
        AttemptWindow window = new AttemptWindow(hallTicket, catalog.lastKnown(), R18);
        for (ExamRelease release : window.possibleRegular(semester)) {
            Optional<CachedAnswer<ExamAnswer>> stored = exams.stored(hallTicket, queryOf(release));
            if (stored.isPresent() && stored.get().value() instanceof ExamAnswer.Found) {
                CachedAnswer<ExamAnswer> found = stored.get();
                return Optional.of(new CachedAnswer<>(found.value(), CacheStatus.STALE, found.age(), Duration.ZERO));
            }
        }
        return Optional.empty();
    }

    private CachedAnswer<ExamAnswer> firstRegularAttempt(HallTicket hallTicket, Semester semester, Deadline deadline) {
        List<ExamRelease> candidates =
                new AttemptWindow(hallTicket, catalog.current(deadline).catalog(), R18).possibleRegular(semester);
        for (ExamRelease release : candidates) {
            CachedAnswer<ExamAnswer> answer =
                    exams.lookup(hallTicket, queryOf(release), Priority.INTERACTIVE, deadline);
            if (answer.value() instanceof ExamAnswer.Found) {
                return answer;
            }
        }
        throw LookupFailure.noResult("No R18 regular result of semester " + semester.key() + " for this hall ticket.");
    }

    /**
     * The university query of a release: its own link parameters, the right ones to send for it. A link with an empty
     * {@code degree=} (most B.Pharmacy rows of 2025) is sent with the programme its title names.
     */
    static ExamQuery queryOf(ExamRelease release) {
        var params = release.params();
        String degree = params.getOrDefault("degree", "");
        if (degree.isBlank()) {
            degree = release.degree() == Degree.UNKNOWN
                    ? "btech"
                    : release.degree().key();
        }
        return new ExamQuery(
                degree,
                release.code(),
                params.getOrDefault("etype", ""),
                params.getOrDefault("type", ""),
                params.getOrDefault("result", ""),
                params.getOrDefault("grad", ""));
    }
}
