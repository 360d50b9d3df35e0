package in.results.lookup;

import in.results.core.Deadline;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.core.LookupFailure;
import in.results.core.Regulation;
import in.results.releases.CatalogSource;
import in.results.store.AnswerStore;
import in.results.store.CachedAnswer;
import in.results.store.Loaded;

import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.Semester;
import in.results.grading.Attempt;
import in.results.grading.AttemptMerger;
import in.results.grading.GradeCalculator;
import in.results.grading.GradePoints;
import in.results.scrape.ResultPage;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import in.results.upstream.Priority;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * All semesters of a hall ticket in one regulation, attempts merged (see {@link in.results.grading.AttemptMerger}):
 * the one pipeline behind {@code /all-r18}, {@code /all-r22} and {@code /all}. The regulation only chooses which
 * releases of the catalog are the student's; grading, merging, request economy and caching are the same. At most
 * two rounds of concurrent upstream requests:
 * <ol>
 *   <li>per semester, the earliest B.Tech Regular release of the regulation that can concern the student (the
 *       batch's own regular exam) and the release after it, with their RC/RV twins where the catalog lists them —
 *       or, for a semester without such a regular release, all of its releases that can concern the student;</li>
 *   <li>only for semesters where the regular attempt is missing or, merged with the next release, still holds a
 *       fail grade: every later release of the semester, with their RC/RV twins where listed.</li>
 * </ol>
 * Releases that cannot concern the student are skipped ({@link AttemptWindow}). Every request goes through
 * {@link ExamLookup#remembered}, so a later lookup asks only about releases it has not seen. Answers are cached per
 * regulation and hall ticket 3 hours ("no result anywhere" 5 minutes); a lookup that loses any upstream answer
 * fails as a whole and is never cached — the last complete answer is served stale instead, when there is one.
 * When the release list cannot be fetched, an answer built from the last list or the built-in table is kept only
 * 5 minutes.
 */
public final class AllSemestersLookup {
    static final Duration FRESH_FOR = Duration.ofHours(3);
    static final Duration NOT_FOUND_FRESH_FOR = Duration.ofMinutes(5);
    /**
     * Releases after the batch regular exam asked in the first round too. Most failures clear in the next exam,
     * which then spares the second round and its fan-out: measured better on both latency and request count than
     * 0 or 2 (BENCHMARKS.md).
     */
    static final int FOLLOW_UPS = 1;

    private final CatalogSource catalog;
    private final ExamLookup exams;
    private final AnswerStore<TranscriptKey, TranscriptAnswer> store;
    private final Executor executor;

    /**
     * @param store    keeps the answers of every regulation, each under its own key
     * @param executor runs the concurrent exam lookups of each round, each on a thread of its own
     */
    public AllSemestersLookup(CatalogSource catalog, ExamLookup exams, AnswerStore<TranscriptKey, TranscriptAnswer> store,
            Executor executor) {
        this.catalog = catalog;
        this.exams = exams;
        this.store = store;
        this.executor = executor;
    }

    /**
     * The merged transcript of {@code hallTicket} over the B.Tech releases of {@code regulation}; throws
     * {@link LookupFailure} when the university fails (or the lookup does not end before {@code deadline}) and
     * nothing is stored. Concurrent callers share one load, bounded by the first caller's deadline. Which regulation
     * a hall ticket belongs to is the caller's choice ({@code StudentRegulation}); any hall ticket can be asked.
     */
    public CachedAnswer<TranscriptAnswer> transcript(Regulation regulation, HallTicket hallTicket, Deadline deadline) {
        return store.get(new TranscriptKey(regulation, hallTicket), key -> load(key, deadline), deadline);
    }

    private Loaded<TranscriptAnswer> load(TranscriptKey key, Deadline deadline) {
        CatalogSource.View view = catalog.current(deadline);
        TranscriptAnswer answer = new Plan(key, view.catalog(), deadline).transcript()
                .<TranscriptAnswer>map(TranscriptAnswer.Found::new)
                .orElseGet(TranscriptAnswer.NoResult::new);
        // Without the current release list a new release may be missing: such an answer is kept only briefly.
        Duration freshFor = answer instanceof TranscriptAnswer.Found && view.current() ? FRESH_FOR : NOT_FOUND_FRESH_FOR;
        return new Loaded<>(answer, freshFor);
    }

    /** One lookup: which releases to ask per semester, and what they answered. */
    private final class Plan {
        private final HallTicket hallTicket;
        private final ExamCatalog catalog;
        private final AttemptWindow window;
        private final Deadline deadline;
        private final Map<ExamQuery, ExamAnswer> answers = new LinkedHashMap<>();

        Plan(TranscriptKey key, ExamCatalog catalog, Deadline deadline) {
            this.hallTicket = key.hallTicket();
            this.deadline = deadline;
            this.catalog = catalog;
            this.window = new AttemptWindow(key.hallTicket(), catalog, key.regulation());
        }

        Optional<Transcript> transcript() {
            Map<Semester, List<ExamRelease>> firstAsked = new EnumMap<>(Semester.class);
            for (Semester semester : Semester.values()) {
                List<ExamRelease> releases = window.possible(semester);
                firstAsked.put(semester, window.possibleRegular(semester).stream().findFirst()
                        .map(regular -> releases.subList(releases.indexOf(regular),
                                Math.min(releases.size(), releases.indexOf(regular) + 1 + FOLLOW_UPS)))
                        .orElse(releases)); // nothing to wait for: ask all now
            }
            ask(requestsFor(firstAsked.values().stream().flatMap(List::stream).toList()));

            List<ExamRelease> secondRound = new ArrayList<>();
            firstAsked.forEach((semester, asked) -> {
                List<ExamRelease> releases = window.possible(semester);
                if (!asked.isEmpty() && !clearedBy(asked)) {
                    secondRound.addAll(releases.subList(releases.indexOf(asked.getLast()) + 1, releases.size()));
                }
            });
            ask(requestsFor(secondRound));
            return assemble();
        }

        /** Whether the first releases of a semester hold its regular attempt and leave no fail grade. */
        private boolean clearedBy(List<ExamRelease> asked) {
            List<Attempt> attempts = asked.stream().map(this::attemptOf).flatMap(Optional::stream).toList();
            return attemptOf(asked.getFirst()).isPresent() && AttemptMerger.finalRows(attempts).stream()
                    .noneMatch(row -> GradePoints.isFail(row.grade()));
        }

        private Set<ExamQuery> requestsFor(Collection<ExamRelease> releases) {
            Set<ExamQuery> queries = new LinkedHashSet<>();
            for (ExamRelease release : releases) {
                queries.add(SemesterLookup.queryOf(release));
                if (catalog.hasRcrv(release.code())) {
                    queries.add(rcrvQueryOf(release));
                }
            }
            queries.removeAll(answers.keySet());
            return queries;
        }

        private ExamQuery rcrvQueryOf(ExamRelease release) {
            // Old RC/RV links carry only etype=rcrv: the RC/RV result type is added where the link lacks it.
            return catalog.rcrvRelease(release.code()).map(SemesterLookup::queryOf)
                    .orElseGet(() -> SemesterLookup.queryOf(release)).rcrv();
        }

        /** Asks all queries at once (the upstream client bounds concurrency per host). */
        private void ask(Set<ExamQuery> queries) {
            Map<ExamQuery, CompletableFuture<ExamAnswer>> pending = new LinkedHashMap<>();
            for (ExamQuery query : queries) {
                pending.put(query, CompletableFuture.supplyAsync(
                        () -> exams.remembered(hallTicket, query, Priority.INTERACTIVE, deadline), executor));
            }
            // Every answer of the round settles (or the deadline passes) before a failure is reported: a lookup that
            // fails leaves no exam load of its own behind for the next request to inherit.
            deadline.await(CompletableFuture.allOf(pending.values().toArray(new CompletableFuture<?>[0]))
                    .handle((done, failure) -> done));
            pending.forEach((query, answer) -> answers.put(query, deadline.await(answer)));
        }

        private Optional<Attempt> attemptOf(ExamRelease release) {
            return pageOf(SemesterLookup.queryOf(release)).map(page -> new Attempt(page.subjects(),
                    catalog.hasRcrv(release.code())
                            ? pageOf(rcrvQueryOf(release)).map(ResultPage::subjects).orElse(List.of())
                            : List.of()));
        }

        private Optional<ResultPage> pageOf(ExamQuery query) {
            return answers.get(query) instanceof ExamAnswer.Found found
                    ? Optional.of(found.page())
                    : Optional.empty();
        }

        private Optional<Transcript> assemble() {
            StudentDetails details = null;
            List<Transcript.SemesterRecord> records = new ArrayList<>();
            List<SubjectResult> allFinalRows = new ArrayList<>();
            for (Semester semester : Semester.values()) {
                List<Attempt> attempts = new ArrayList<>();
                Map<String, ExamRelease> lastAttempts = new LinkedHashMap<>();
                for (ExamRelease release : window.possible(semester)) {
                    attemptOf(release).ifPresent(attempt -> {
                        attempts.add(attempt);
                        attempt.rows().forEach(row -> lastAttempts.put(row.code(), release)); // releases are in date order
                    });
                    if (details == null) {
                        details = pageOf(SemesterLookup.queryOf(release)).map(ResultPage::details).orElse(null);
                    }
                }
                if (attempts.isEmpty()) {
                    continue;
                }
                List<SubjectResult> finalRows = AttemptMerger.finalRows(attempts);
                records.add(new Transcript.SemesterRecord(semester, finalRows, GradeCalculator.sgpaOf(finalRows),
                        lastAttempts));
                allFinalRows.addAll(finalRows);
            }
            if (records.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new Transcript(details, records, GradeCalculator.overallGpaOf(allFinalRows)));
        }
    }

    /** Store key of one all-semesters lookup: the same hall ticket has one answer per regulation asked. */
    public record TranscriptKey(Regulation regulation, HallTicket hallTicket) {
        public TranscriptKey {
            Objects.requireNonNull(regulation, "regulation");
            Objects.requireNonNull(hallTicket, "hallTicket");
        }
    }
}
