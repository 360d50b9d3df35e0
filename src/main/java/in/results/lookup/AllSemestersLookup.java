package in.results.lookup;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.Semester;
import in.results.core.Deadline;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.core.LookupFailure;
import in.results.core.Regulation;
import in.results.grading.Attempt;
import in.results.grading.AttemptMerger;
import in.results.grading.GradeCalculator;
import in.results.releases.CatalogSource;
import in.results.scrape.ResultPage;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import in.results.store.AnswerStore;
import in.results.store.CachedAnswer;
import in.results.store.Loaded;
import in.results.upstream.Priority;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
 * releases of the catalog are the student's; grading, merging, request economy and caching are the same. Releases
 * that cannot concern the student are skipped ({@link AttemptWindow}); the rest are asked in concurrent rounds
 * planned by {@link AttemptSearch}: the batch's regular exam and the next release of every semester first, then,
 * only for semesters not yet settled, what most likely holds the missing result, each round no larger than the
 * requests the university is sent at once. Every request goes through {@link ExamLookup#remembered}, so a later
 * lookup asks only about releases it has not seen. Answers are cached per regulation and hall ticket 3 hours ("no
 * result anywhere" 5 minutes); a lookup that loses any upstream answer fails as a whole and is never cached — the
 * last complete answer is served stale instead, when there is one. When the release list cannot be fetched, an
 * answer built from the last list or the built-in table is kept only 5 minutes.
 *
 * <p>A load goes on when its callers stop waiting (their deadline passed: a busy results day), for at least
 * {@link #LOAD_BUDGET}, so that its answer is stored for the next request; the callers' failure then says when that
 * is at the latest ({@link LookupFailure#retryAfter}).
 */
public final class AllSemestersLookup {
    static final Duration FRESH_FOR = Duration.ofHours(3);
    static final Duration NOT_FOUND_FRESH_FOR = Duration.ofMinutes(5);
    /**
     * How long a load may go on, from its start, whoever waits for it: long enough to drain the queue of a results
     * day at the default request budget, so that the clients told to come back find the answer.
     */
    static final Duration LOAD_BUDGET = Duration.ofMinutes(1);

    private final CatalogSource catalog;
    private final ExamLookup exams;
    private final AnswerStore<TranscriptKey, TranscriptAnswer> store;
    private final Executor executor;
    private final int roundSize;
    private final RunningLoads<TranscriptKey> running;

    /**
     * @param store     keeps the answers of every regulation, each under its own key
     * @param executor  runs the concurrent exam lookups of each round, each on a thread of its own
     * @param roundSize most exam lookups asked at once by one lookup: the requests in flight allowed per upstream
     *                  host, so that a round is one wave of requests
     * @param ticker    time of the loads' own deadlines and of their expected ends
     */
    public AllSemestersLookup(
            CatalogSource catalog,
            ExamLookup exams,
            AnswerStore<TranscriptKey, TranscriptAnswer> store,
            Executor executor,
            int roundSize,
            Ticker ticker) {
        this.catalog = catalog;
        this.exams = exams;
        this.store = store;
        this.executor = executor;
        this.roundSize = roundSize;
        this.running = new RunningLoads<>(ticker);
    }

    /**
     * The merged transcript of {@code hallTicket} over the B.Tech releases of {@code regulation}; throws
     * {@link LookupFailure} when the university fails, or the lookup does not end before {@code deadline} and
     * nothing is stored — then with {@link LookupFailure#retryAfter} the time by which the load, going on, should
     * have ended ({@link RunningLoads#expectedEnd}).
     * Concurrent callers share one load, bounded by the first caller's deadline or {@link #LOAD_BUDGET}, whichever
     * is later. Which regulation a hall ticket belongs to is the caller's choice ({@code StudentRegulation}); any
     * hall ticket can be asked.
     */
    public CachedAnswer<TranscriptAnswer> transcript(Regulation regulation, HallTicket hallTicket, Deadline deadline) {
        TranscriptKey key = new TranscriptKey(regulation, hallTicket);
        try {
            return store.get(key, k -> load(k, deadline.atLeast(LOAD_BUDGET)), deadline);
        } catch (LookupFailure failure) {
            throw running.expectedEnd(key).map(failure::withRetryAfter).orElse(failure);
        }
    }

    private Loaded<TranscriptAnswer> load(TranscriptKey key, Deadline deadline) {
        RunningLoads.Load load = running.started(key, deadline);
        try {
            CatalogSource.View view = catalog.current(deadline);
            TranscriptAnswer answer = new Plan(key, view.catalog(), deadline)
                    .transcript()
                    .<TranscriptAnswer>map(TranscriptAnswer.Found::new)
                    .orElseGet(TranscriptAnswer.NoResult::new);
            // Without the current release list a new release may be missing: such an answer is kept only briefly.
            Duration freshFor =
                    answer instanceof TranscriptAnswer.Found && view.current() ? FRESH_FOR : NOT_FOUND_FRESH_FOR;
            return new Loaded<>(answer, freshFor);
        } finally {
            running.ended(key, load);
        }
    }

    /** One lookup: its search, asked round by round, and the transcript its answers make. */
    private final class Plan {
        private final HallTicket hallTicket;
        private final AttemptWindow window;
        private final AttemptSearch search;
        private final Deadline deadline;

        Plan(TranscriptKey key, ExamCatalog catalog, Deadline deadline) {
            this.hallTicket = key.hallTicket();
            this.deadline = deadline;
            this.window = new AttemptWindow(key.hallTicket(), catalog, key.regulation());
            this.search = new AttemptSearch(window, catalog, roundSize);
        }

        Optional<Transcript> transcript() {
            for (Set<ExamQuery> round = search.nextRound(); !round.isEmpty(); round = search.nextRound()) {
                ask(round);
            }
            return assemble();
        }

        /** Asks all queries at once (the upstream client bounds concurrency per host). */
        private void ask(Set<ExamQuery> queries) {
            Map<ExamQuery, CompletableFuture<ExamAnswer>> pending = new LinkedHashMap<>();
            for (ExamQuery query : queries) {
                pending.put(
                        query,
                        CompletableFuture.supplyAsync(
                                () -> exams.remembered(hallTicket, query, Priority.INTERACTIVE, deadline), executor));
            }
            // Every answer of the round settles (or the deadline passes) before a failure is reported: a lookup that
            // fails leaves no exam load of its own behind for the next request to inherit.
            deadline.await(CompletableFuture.allOf(pending.values().toArray(new CompletableFuture<?>[0]))
                    .handle((done, failure) -> done));
            pending.forEach((query, answer) -> search.record(query, deadline.await(answer)));
        }

        private Optional<Transcript> assemble() {
            StudentDetails details = null;
            List<Transcript.SemesterRecord> records = new ArrayList<>();
            List<SubjectResult> allFinalRows = new ArrayList<>();
            for (Semester semester : Semester.values()) {
                List<Attempt> attempts = new ArrayList<>();
                Map<String, ExamRelease> lastAttempts = new LinkedHashMap<>();
                for (ExamRelease release : window.possible(semester)) {
                    search.attemptOf(release).ifPresent(attempt -> {
                        attempts.add(attempt);
                        attempt.rows()
                                .forEach(row -> lastAttempts.put(row.code(), release)); // releases are in date order
                    });
                    if (details == null) {
                        details =
                                search.pageOf(release).map(ResultPage::details).orElse(null);
                    }
                }
                if (attempts.isEmpty()) {
                    continue;
                }
                List<SubjectResult> finalRows = AttemptMerger.finalRows(attempts);
                records.add(new Transcript.SemesterRecord(
                        semester, finalRows, GradeCalculator.sgpaOf(finalRows), lastAttempts));
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
