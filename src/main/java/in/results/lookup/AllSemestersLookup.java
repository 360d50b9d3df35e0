package in.results.lookup;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.archive.Archive;
import in.results.archive.ArchivedAnswer;
import in.results.archive.PageKey;
import in.results.archive.SeenReleases;
import in.results.archive.StudentRecord;
import in.results.catalog.Course;
import in.results.catalog.Degree;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.Semester;
import in.results.core.Deadline;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.core.LookupFailure;
import in.results.grading.Attempt;
import in.results.grading.AttemptMerger;
import in.results.grading.GradeCalculator;
import in.results.grading.Grading;
import in.results.releases.CatalogSource;
import in.results.scrape.ResultPage;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import in.results.store.AnswerStore;
import in.results.store.CacheStatus;
import in.results.store.CachedAnswer;
import in.results.store.Loaded;
import in.results.upstream.Priority;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.IntConsumer;

/**
 * All semesters of a hall ticket in one course (programme and regulation), attempts merged (see
 * {@link in.results.grading.AttemptMerger}): the one pipeline behind {@code /all-r18}, {@code /all-r22} and
 * {@code /all}. The course only chooses which
 * releases of the catalog are the student's; grading, merging, request economy and caching are the same. Releases
 * that cannot concern the student are skipped ({@link AttemptWindow}); the rest are asked in concurrent rounds
 * planned by {@link AttemptSearch}: the batch's regular exam and the next release of every semester first, then,
 * only for semesters not yet settled, what most likely holds the missing result, each round no larger than the
 * requests the university is sent at once.
 *
 * <p><b>Only what is new is asked.</b> A lookup first reads what the {@link Archive} keeps of the student, and asks
 * the university only where no kept answer stands for its answer ({@link ArchiveReuse}): a kept "no result" counts
 * only for a release the student's last complete lookup knew from the list ({@link SeenReleases}, recorded in the
 * archive after every complete lookup on a current list, by any instance). So a returning student costs requests
 * only for releases listed since, and the RC/RV pages that follow them — also after a restart, with Redis emptied,
 * and on an instance that never saw the student. Other requests go through {@link ExamLookup#remembered}.
 *
 * <p><b>Freshness follows the list.</b> An answer is stored with the list it was built on ({@link ListMark}) and
 * stays fresh while the current list ({@link CatalogSource#recent}) is that list or shows no release of the
 * student's that the answer did not know; otherwise the next request rebuilds it, asking only the new releases.
 * Answers are kept {@link #FRESH_FOR} at most by the clock (so withheld rows are read again daily), "no result
 * anywhere" 5 minutes; a lookup that loses any upstream answer fails as a whole and is never cached — the last
 * complete answer is served stale instead, when there is one and the list shows nothing new for the student, or while
 * the university fails. When the release list cannot be fetched, an answer built from the last list or the built-in
 * table is kept only 5 minutes.
 *
 * <p>A load goes on when its callers stop waiting (their deadline passed: a busy results day), for at least
 * {@link #LOAD_BUDGET}, so that its answer is stored for the next request; the callers' failure then says when that
 * is at the latest ({@link LookupFailure#retryAfter}).
 */
public final class AllSemestersLookup {
    static final Duration FRESH_FOR = ArchiveReuse.REREAD_AFTER;
    static final Duration NOT_FOUND_FRESH_FOR = Duration.ofMinutes(5);
    /**
     * How long a load may go on, from its start, whoever waits for it: long enough to drain the queue of a results
     * day at the default request budget, so that the clients told to come back find the answer.
     */
    static final Duration LOAD_BUDGET = Duration.ofMinutes(1);
    /**
     * When a lookup read ahead is due: after the longest warm-up ({@code RESULTS_WARMUP_SECONDS} is 60 s at most) and a
     * person's whole {@link #LOAD_BUDGET}.
     */
    static final Duration READ_AHEAD_DUE = Duration.ofMinutes(2);
    /** The most builds of one load while the list keeps changing under it. */
    static final int MOST_BUILDS = 3;

    private final CatalogSource catalog;
    private final ExamLookup exams;
    private final Archive archive;
    private final ArchiveReuse reuse;
    private final AnswerStore<TranscriptKey, TranscriptAnswer> store;
    private final Executor executor;
    private final int roundSize;
    private final RunningLoads<TranscriptKey> running;
    private final Ticker ticker;

    /**
     * @param store     keeps the answers of every course, each under its own key
     * @param executor  runs the concurrent exam lookups of each round, each on a thread of its own
     * @param roundSize most exam lookups asked at once by one lookup: the requests in flight allowed per upstream
     *                  host, so that a round is one wave of requests
     * @param ticker    time of the loads' own deadlines and of their expected ends
     * @param clock     the time kept answers are judged by ({@link ArchiveReuse})
     */
    public AllSemestersLookup(
            CatalogSource catalog,
            ExamLookup exams,
            Archive archive,
            AnswerStore<TranscriptKey, TranscriptAnswer> store,
            Executor executor,
            int roundSize,
            Ticker ticker,
            Clock clock) {
        this.catalog = catalog;
        this.exams = exams;
        this.archive = archive;
        this.reuse = new ArchiveReuse(clock);
        this.store = store;
        this.executor = executor;
        this.roundSize = roundSize;
        this.running = new RunningLoads<>(ticker);
        this.ticker = ticker;
    }

    /**
     * The merged transcript of {@code hallTicket} over the releases of {@code course}; throws
     * {@link LookupFailure} when the university fails, or the lookup does not end before {@code deadline} and
     * nothing is stored (or only a copy without a release the current list shows, while the university answers) —
     * then with {@link LookupFailure#retryAfter} the time by which the load, going on, should have ended
     * ({@link RunningLoads#expectedEnd}).
     * Concurrent callers share one load, bounded by the first caller's deadline or {@link #LOAD_BUDGET}, whichever
     * is later, its upstream requests sent with the highest {@code priority} of the callers waiting for it (a round
     * already asked keeps its own). Which course a hall ticket
     * belongs to is the caller's choice ({@code StudentCourse}); any hall ticket can be asked.
     */
    public CachedAnswer<TranscriptAnswer> transcript(
            Course course, HallTicket hallTicket, Priority priority, Deadline deadline) {
        TranscriptKey key = new TranscriptKey(course, hallTicket);
        Function<TranscriptKey, Loaded<TranscriptAnswer>> loader = k -> {
            Deadline loadDeadline = deadline.atLeast(LOAD_BUDGET);
            return load(k, catalog.current(loadDeadline), priority, loadDeadline, false, asked -> {});
        };
        running.raise(key, priority);
        if (priority == Priority.INTERACTIVE) {
            archive.recordAsked(hallTicket); // a person asked, though the answer may come from a store
        }
        try {
            CachedAnswer<TranscriptAnswer> answer = store.get(key, loader, deadline);
            // A copy kept, or a load joined (on another instance too) that an announcement has passed by: the caller
            // starts or joins a load on the list announced.
            if (answer.status() != CacheStatus.STALE
                    && listsNewRelease(key, answer.value().mark())) {
                answer = store.reload(key, loader, deadline);
            }
            if (answer.status() == CacheStatus.STALE
                    && listsNewRelease(key, answer.value().mark())
                    && exams.universityAnswers()) {
                // A stale copy without a release the list shows stands in only while the university fails: one that
                // is merely slow to reach (a results day's queue) tells the caller when to come back instead.
                throw LookupFailure.unavailable("the answer is being rebuilt for a release listed since");
            }
            return answer;
        } catch (LookupFailure failure) {
            throw running.expectedEnd(key).map(failure::withRetryAfter).orElse(failure);
        }
    }

    /**
     * Looks the student up on {@code read}, a release list read but not announced yet ({@link NewReleaseWarmUp}), and
     * stores the answer as the student's current one (a copy loaded meanwhile by another caller is taken as it is):
     * once the list is announced, the student's next request finds it fresh and costs the university nothing. Its
     * requests go as a person's ({@link Priority#INTERACTIVE}), but due {@link #READ_AHEAD_DUE} after it starts: where
     * the work due first goes first (this instance's request budget), behind every person's lookup started within the
     * next minute. The archive records the releases it knew without counting it as a person's lookup
     * ({@link Archive#recordLookupAhead}); a student the archive does not answer for is not looked up (it would be a
     * cold lookup of someone who may not come). {@code asked} is told the answers each build that completed asked of
     * {@link ExamLookup} (the university, or answers another lookup had just read), whatever the load's outcome (a
     * build that fails part-way reports nothing). Whether the answer stored was built
     * on that list (false when the load failed or was not made, or when it joined a load of the list announced).
     */
    public boolean prepare(Course course, HallTicket hallTicket, CatalogSource.View read, IntConsumer asked) {
        TranscriptKey key = new TranscriptKey(course, hallTicket);
        Deadline deadline = Deadline.after(READ_AHEAD_DUE, ticker);
        try {
            CachedAnswer<TranscriptAnswer> answer =
                    store.reload(key, k -> load(k, read, Priority.INTERACTIVE, deadline, true, asked), deadline);
            return answer.status() != CacheStatus.STALE
                    && answer.value().mark().listVersion().equals(read.listVersion());
        } catch (LookupFailure failure) {
            return false;
        }
    }

    /**
     * Whether {@code release} (an exam, or the RC/RV release of one) could hold a result of {@code hallTicket} in
     * {@code course}: the lookup would ask it.
     */
    public static boolean couldHold(Course course, HallTicket hallTicket, ExamCatalog catalog, ExamRelease release) {
        if (release.semester().isEmpty()) {
            return false;
        }
        return new AttemptWindow(hallTicket, catalog, course)
                .possible(release.semester().get()).stream()
                        .anyMatch(exam -> exam.code().equals(release.code()));
    }

    /**
     * Whether the current list shows a release that could hold a result of the student and that {@code mark} holds no
     * outcome for. An outdated list tells nothing new; the same list version is answered without building the window,
     * and an answer read ahead on the list this instance is about to use is newer than the current list.
     */
    private boolean listsNewRelease(TranscriptKey key, ListMark mark) {
        CatalogSource.View view = catalog.recent();
        if (!view.current()
                || view.listVersion().equals(mark.listVersion())
                || catalog.isReadAhead(mark.listVersion())) {
            return false;
        }
        AttemptWindow window = new AttemptWindow(key.hallTicket(), view.catalog(), key.course());
        return !mark.seen().containsAll(knownReleases(window, view.catalog()));
    }

    /**
     * The releases of {@code catalog} that could hold a result of {@code hallTicket} in {@code course}, and their RC/RV
     * releases, named as {@link SeenReleases} names them: what a complete lookup on that catalog records as known.
     * The same for every hall ticket of the course with the same admission year and entry ({@link AttemptWindow}).
     */
    static SeenReleases knownReleases(Course course, HallTicket hallTicket, ExamCatalog catalog) {
        return knownReleases(new AttemptWindow(hallTicket, catalog, course), catalog);
    }

    /** The releases of the window and their RC/RV releases, each named as the list shows it or not. */
    private static SeenReleases knownReleases(AttemptWindow window, ExamCatalog catalog) {
        Set<String> known = new HashSet<>();
        for (Semester semester : window.semesters()) {
            for (ExamRelease release : window.possible(semester)) {
                known.add(seenName(catalog, release));
                catalog.rcrvRelease(release.degree(), release.code())
                        .ifPresent(rcrv -> known.add(seenName(catalog, rcrv)));
            }
        }
        return new SeenReleases(known);
    }

    /**
     * The release's name in {@link SeenReleases}: listed or not as {@code catalog} says. A release known only from the
     * built-in table has a name of its own, so that its "no result" is not taken for the listed release's once the
     * list shows it.
     */
    private static String seenName(ExamCatalog catalog, ExamRelease release) {
        boolean listed =
                release.rcrv() ? catalog.hasRcrv(release.degree(), release.code()) : !catalog.isUnlisted(release);
        return SeenReleases.nameOf(release.code(), release.rcrv(), listed);
    }

    /**
     * Builds the answer on {@code view}, and again on the list announced meanwhile, if one was (a load started during
     * a warm-up, or joined across an announcement, is not stored on the list before the one announced; an announcement
     * in the instant between the last check and the store reaches its first caller, and the next request rebuilds it);
     * records the lookup in the archive, the pages every build asked with its seen set. Gives up, storing nothing, when
     * the list changes under {@link #MOST_BUILDS} builds in a row.
     *
     * @param readAhead whether no person asked for this lookup (results day's read-ahead, on a list not announced yet)
     * @param asked     told how many answers each build asked of {@link ExamLookup}
     */
    private Loaded<TranscriptAnswer> load(
            TranscriptKey key,
            CatalogSource.View view,
            Priority priority,
            Deadline deadline,
            boolean readAhead,
            IntConsumer asked) {
        RunningLoads.Load load = running.started(key, deadline, priority);
        try {
            StudentRecord kept =
                    archive.student(key.hallTicket(), key.course().regulation().code(), deadline);
            if (readAhead && kept.seen().equals(SeenReleases.NONE)) {
                throw LookupFailure.unavailable("read ahead: the archive did not answer for the student");
            }
            CatalogSource.View builtOn = view;
            Map<PageKey, ArchivedAnswer> askedInAll = new HashMap<>();
            for (int build = 1; ; build++) {
                Plan plan = new Plan(key, builtOn.catalog(), kept, load, deadline);
                Optional<Transcript> transcript = plan.transcript();
                asked.accept(plan.pagesAsked().size());
                askedInAll.putAll(plan.pagesAsked());
                if (readAhead || !passedBy(builtOn)) {
                    return answer(key, builtOn, plan, transcript, readAhead, askedInAll);
                }
                if (build == MOST_BUILDS) {
                    throw LookupFailure.unavailable("the release list changed during " + build + " builds in a row");
                }
                kept = plan.recorded();
                builtOn = catalog.current(deadline);
            }
        } finally {
            running.ended(key, load);
        }
    }

    /** Whether a list other than {@code view}'s was announced since {@code view} was taken. */
    private boolean passedBy(CatalogSource.View view) {
        CatalogSource.View announced = catalog.recent();
        return announced.current() && !announced.listVersion().equals(view.listVersion());
    }

    /**
     * The answer of a complete build, recorded in the archive when its list is current, with {@code asked}: the answers
     * every build of the load asked of {@link ExamLookup}.
     */
    private Loaded<TranscriptAnswer> answer(
            TranscriptKey key,
            CatalogSource.View view,
            Plan plan,
            Optional<Transcript> transcript,
            boolean readAhead,
            Map<PageKey, ArchivedAnswer> asked) {
        ListMark mark;
        if (view.current()) {
            mark = new ListMark(view.listVersion(), plan.outcomes());
            String regulation = key.course().regulation().code();
            if (readAhead) {
                archive.recordLookupAhead(key.hallTicket(), regulation, mark.seen(), asked);
            } else {
                archive.recordLookup(key.hallTicket(), regulation, mark.seen(), asked);
            }
        } else {
            mark = ListMark.outdated(view.listVersion());
        }
        TranscriptAnswer answer = transcript
                .<TranscriptAnswer>map(found -> new TranscriptAnswer.Found(found, plan.pagesRead(), mark))
                .orElseGet(() -> new TranscriptAnswer.NoResult(mark));
        // Without the current release list a new release may be missing: such an answer is kept only briefly.
        Duration freshFor =
                answer instanceof TranscriptAnswer.Found && view.current() ? FRESH_FOR : NOT_FOUND_FRESH_FOR;
        return new Loaded<>(answer, freshFor);
    }

    /** One lookup: its search, asked round by round, and the transcript its answers make. */
    private final class Plan {
        private final HallTicket hallTicket;
        private final Course course;
        private final ExamCatalog catalog;
        private final AttemptWindow window;
        private final AttemptSearch search;
        private final StudentRecord kept;
        private final RunningLoads.Load load;
        private final Deadline deadline;
        /** Every release of the window and its RC/RV release, by the query that asks it. */
        private final Map<ExamQuery, ExamRelease> releases = new HashMap<>();
        /** The answers this lookup got through {@link ExamLookup}, not from its archive record. */
        private final Map<PageKey, ArchivedAnswer> asked = new HashMap<>();

        /** @param load the running load: its requests go with its priority as it is when each round is asked */
        Plan(TranscriptKey key, ExamCatalog catalog, StudentRecord kept, RunningLoads.Load load, Deadline deadline) {
            this.hallTicket = key.hallTicket();
            this.course = key.course();
            this.catalog = catalog;
            this.kept = kept;
            this.load = load;
            this.deadline = deadline;
            this.window = new AttemptWindow(key.hallTicket(), catalog, key.course());
            this.search = new AttemptSearch(window, catalog, roundSize);
            for (Semester semester : window.semesters()) {
                for (ExamRelease release : window.possible(semester)) {
                    releases.put(SemesterLookup.queryOf(release), release);
                    search.rcrvQueryOf(release)
                            .ifPresent(rcrv -> releases.put(
                                    rcrv,
                                    catalog.rcrvRelease(release.degree(), release.code())
                                            .orElseThrow()));
                }
            }
        }

        /**
         * Round after round: what the archive answers of a round is recorded and the round planned again, so that
         * the university is asked only a round the archive cannot answer any of — a kept page that settles a semester
         * spares the releases planned beside it.
         */
        Optional<Transcript> transcript() {
            for (Set<ExamQuery> round = search.nextRound(); !round.isEmpty(); round = search.nextRound()) {
                if (!answeredFromArchive(round)) {
                    ask(round);
                }
            }
            return assemble();
        }

        /** Records the archive's answers to the round; whether there were any. */
        private boolean answeredFromArchive(Set<ExamQuery> round) {
            boolean any = false;
            for (ExamQuery query : round) {
                Optional<ExamAnswer> reused = reusedAnswer(query);
                if (reused.isPresent()) {
                    search.record(query, reused.get());
                    any = true;
                }
            }
            return any;
        }

        /** Asks the university all queries at once (the upstream client bounds concurrency per host). */
        private void ask(Set<ExamQuery> queries) {
            Map<ExamQuery, CompletableFuture<ExamAnswer>> pending = new LinkedHashMap<>();
            Priority priority = load.currentPriority();
            for (ExamQuery query : queries) {
                pending.put(
                        query,
                        CompletableFuture.supplyAsync(
                                () -> exams.remembered(hallTicket, query, listedBefore(query), priority, deadline),
                                executor));
            }
            // Every answer of the round settles (or the deadline passes) before a failure is reported: a lookup that
            // fails leaves no exam load of its own behind for the next request to inherit.
            deadline.await(CompletableFuture.allOf(pending.values().toArray(new CompletableFuture<?>[0]))
                    .handle((done, failure) -> done));
            pending.forEach((query, pendingAnswer) -> {
                ExamAnswer answer = deadline.await(pendingAnswer);
                asked.put(PageKey.of(hallTicket, query), answer.archived());
                search.record(query, answer);
            });
        }

        /**
         * The answers asked, keyed as the archive keeps them: written with the lookup's seen set, in one transaction
         * ({@link Archive#recordLookup}).
         */
        Map<PageKey, ArchivedAnswer> pagesAsked() {
            return asked;
        }

        /**
         * The student's record as this build leaves it in the archive: the pages kept with the answers it asked, and
         * the releases it knew. A build on the next list starts from it, so that it asks only what that list adds.
         */
        StudentRecord recorded() {
            Map<PageKey, ArchivedAnswer> pages = new HashMap<>(kept.pages());
            pages.putAll(asked);
            return new StudentRecord(pages, new SeenReleases(outcomes().keySet()));
        }

        /**
         * What this build made of every release of the window and its RC/RV release: a page or "no result" read, or
         * not needed by the plan.
         */
        Map<String, ListMark.Outcome> outcomes() {
            Map<String, ListMark.Outcome> outcomes = new HashMap<>();
            releases.forEach((query, release) -> outcomes.put(
                    seenName(catalog, release),
                    switch (search.answerOf(query).orElse(null)) {
                        case ExamAnswer.Found found -> ListMark.Outcome.PAGE;
                        case ExamAnswer.NoResult none -> ListMark.Outcome.NO_RESULT;
                        case null -> ListMark.Outcome.NOT_NEEDED;
                    }));
            return outcomes;
        }

        /** The archive's answer to {@code query}, when it stands for the university's ({@link ArchiveReuse}). */
        private Optional<ExamAnswer> reusedAnswer(ExamQuery query) {
            ExamRelease release = releases.get(query);
            return kept.page(PageKey.of(hallTicket, query))
                    .filter(answer -> release != null)
                    .flatMap(answer -> reuse.reused(answer, listedBefore(query), release));
        }

        /** Whether the student's last complete lookup knew the release of {@code query}, listed as it is now. */
        private boolean listedBefore(ExamQuery query) {
            ExamRelease release = releases.get(query);
            return release != null && kept.seen().releases().contains(seenName(catalog, release));
        }

        /**
         * Every page the search found, oldest first: by release date (releases of unknown date, known only from the
         * built-in table, first), then exam code, an RC/RV page after its exam's.
         */
        List<AttemptPage> pagesRead() {
            List<AttemptPage> pages = new ArrayList<>();
            releases.forEach((query, release) ->
                    search.pageOf(query).ifPresent(page -> pages.add(new AttemptPage(release, page))));
            pages.sort(Comparator.comparing(
                            (AttemptPage page) -> page.release().releasedOn().orElse(LocalDate.MIN))
                    .thenComparing(page -> page.release().code(), ExamCatalog.BY_CODE)
                    .thenComparing(page -> page.release().rcrv()));
            return pages;
        }

        /**
         * The releases holding an attempt of the student, by the semester the attempt is of: the one its page's
         * heading names, when that is one of the course's, else the semester the catalog files the release under
         * (an exam filed under two semesters goes under its first). Each list chronological.
         */
        private Map<Semester, List<ExamRelease>> placedAttempts() {
            Map<Semester, List<ExamRelease>> placed = new EnumMap<>(Semester.class);
            Set<ExamRelease> seen = new HashSet<>();
            for (Semester filed : window.semesters()) {
                for (ExamRelease release : window.possible(filed)) {
                    Optional<ResultPage> page = search.pageOf(release);
                    if (page.isPresent() && seen.add(release)) {
                        Semester semester = Semester.namedIn(page.get().examTitle(), release.degree())
                                .filter(window.semesters()::contains)
                                .orElse(filed);
                        placed.computeIfAbsent(semester, s -> new ArrayList<>()).add(release);
                    }
                }
            }
            placed.replaceAll((semester, releases) -> ExamCatalog.chronological(releases));
            return placed;
        }

        private Optional<Transcript> assemble() {
            StudentDetails details = null;
            List<Transcript.SemesterRecord> records = new ArrayList<>();
            List<GradeCalculator.GradedRows> graded = new ArrayList<>();
            Map<Semester, List<ExamRelease>> found = placedAttempts();
            for (Semester semester : window.semesters()) {
                List<ExamRelease> releasesFound = found.getOrDefault(semester, List.of());
                List<Attempt> attempts = new ArrayList<>();
                Map<String, ExamRelease> lastAttempts = new LinkedHashMap<>();
                for (ExamRelease release : releasesFound) {
                    Attempt attempt = search.attemptOf(release).orElseThrow();
                    attempts.add(attempt);
                    attempt.rows().forEach(row -> lastAttempts.put(row.code(), release)); // releases in date order
                    if (details == null) {
                        details =
                                search.pageOf(release).map(ResultPage::details).orElse(null);
                    }
                }
                if (attempts.isEmpty()) {
                    continue;
                }
                Grading grading = search.gradingOf(releasesFound);
                List<SubjectResult> finalRows = AttemptMerger.finalRows(attempts, grading);
                records.add(new Transcript.SemesterRecord(
                        semester, finalRows, GradeCalculator.sgpaOf(finalRows, grading), lastAttempts));
                graded.add(new GradeCalculator.GradedRows(finalRows, grading));
            }
            if (records.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new Transcript(details, records, GradeCalculator.overallGpaOf(graded)));
        }
    }

    /** Store key of one all-semesters lookup: the same hall ticket has one answer per course asked. */
    public record TranscriptKey(Course course, HallTicket hallTicket) {
        public TranscriptKey {
            Objects.requireNonNull(course, "course");
            Objects.requireNonNull(hallTicket, "hallTicket");
        }

        /**
         * The key as shared stores write it: {@code <course>:<hall ticket>}, the course a B.Tech regulation's name
         * ({@code R22}, as before other programmes were served) or {@code <degree>-<regulation>}
         * ({@code bpharmacy-R22}).
         */
        public String text() {
            return courseText(course) + ":" + hallTicket.value();
        }

        private static String courseText(Course course) {
            String regulation = course.regulation().name();
            return course.degree() == Degree.BTECH
                    ? regulation
                    : course.degree().key() + "-" + regulation;
        }
    }
}
