package in.results.lookup;

import in.results.catalog.Course;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.ReleaseKind;
import in.results.catalog.Semester;
import in.results.core.ExamQuery;
import in.results.grading.Attempt;
import in.results.grading.AttemptMerger;
import in.results.grading.GradeScale;
import in.results.grading.Grading;
import in.results.scrape.ResultPage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which releases one all-semesters lookup asks, round after round, and what they answered. Pure: the caller asks
 * each round's queries at once, {@link #record}s the answers, and asks for the next round until it is empty. Every
 * answer is exact: a release is left unasked only when it cannot change the merged transcript.
 *
 * <p>What a student's pages of one semester look like, and what the search relies on: the first attempt is in a
 * release whose title does not say Supplementary (the batch's regular exam, or a later batch's for a detained
 * student), and a page in a release titled Regular is that first attempt — the university titles its regular and
 * supplementary releases apart; later attempts follow until every subject is passed (a passed subject is not written
 * again). So a semester is <b>settled</b> once its first attempt is found and the merged rows hold no fail grade, or
 * once every release that could hold an attempt has been asked.
 *
 * <p>Per semester, among the releases {@link AttemptWindow} leaves:
 * <ol>
 *   <li>Round 1: the first listed regular release (the batch's own) and the {@value #FOLLOW_UPS} listed release
 *       after it most likely to hold a second attempt: most students who fail clear it at the next exam, and then
 *       the semester needs nothing more.</li>
 *   <li>Later rounds, for each semester not settled: the RC/RV pages of exams found to hold a result, then, while
 *       the first attempt is not found, the next regular (or unknown-kind) releases that could hold it, else the
 *       releases after it — supplementary ones in release order, then later batches' regular ones, which hardly
 *       ever hold a later attempt but are asked all the same before a semester counts as settled without passing.
 *       Semesters share a round position by position (every semester's next release before any semester's
 *       second), up to {@code roundSize} queries: what most likely holds the missing result goes first, a round
 *       fits the requests the university is sent at once, and a semester settled by one round asks nothing in the
 *       next.</li>
 * </ol>
 * A release's RC/RV twin is asked together with it when the list shows one ({@link ExamCatalog#hasRcrv}), but for a
 * regular release after the semester's first attempt, once that attempt is found: a later batch's regular exam hardly
 * ever holds a result of the student (a failed subject is written again in supplementary exams), so its RC/RV page is
 * asked in the round after the exam is found to hold one. Releases a current list does not show
 * ({@link ExamCatalog#isUnlisted}) are asked only once the listed ones leave a semester unsettled, and their RC/RV
 * pages only for an exam found to hold a result. For a semester where no listed release holds a result, they are asked
 * only when the student is known to have reached it — a page found in it or in a later semester: a built-in code the
 * list does not show may not be released yet (codes are handed out when exams are scheduled, and published later,
 * not always in code order), and a student who has not reached the semester has nothing in it.
 */
final class AttemptSearch {
    /**
     * Releases after the batch's regular exam asked in the first round too. Measured better than 0 (one more round
     * for most students who failed a subject) and 2 (more requests, no shorter lookups): BENCHMARKS.md.
     */
    static final int FOLLOW_UPS = 1;

    private final AttemptWindow window;
    private final ExamCatalog catalog;
    private final int roundSize;
    private final Map<ExamQuery, ExamAnswer> answers = new HashMap<>();
    private boolean started;

    /** @param roundSize most queries in one round (the most requests in flight to one upstream host) */
    AttemptSearch(AttemptWindow window, ExamCatalog catalog, int roundSize) {
        if (roundSize < 1) {
            throw new IllegalArgumentException("roundSize must be positive, got " + roundSize);
        }
        this.window = window;
        this.catalog = catalog;
        this.roundSize = roundSize;
    }

    /** The queries to ask next, at once, most likely first; empty when every semester is settled. */
    Set<ExamQuery> nextRound() {
        List<List<ExamQuery>> wanted = new ArrayList<>();
        for (Semester semester : window.semesters()) {
            List<ExamQuery> queries = started ? wanted(semester) : firstWanted(semester);
            queries.removeIf(answers::containsKey);
            wanted.add(queries);
        }
        started = true;
        Set<ExamQuery> round = new LinkedHashSet<>();
        for (int position = 0; round.size() < roundSize; position++) {
            boolean more = false;
            for (List<ExamQuery> queries : wanted) {
                if (position < queries.size() && round.size() < roundSize) {
                    round.add(queries.get(position));
                    more = true;
                }
            }
            if (!more) {
                break;
            }
        }
        return round;
    }

    /** What the university answered for a query of a round. */
    void record(ExamQuery query, ExamAnswer answer) {
        answers.put(query, answer);
    }

    /** The release's attempt: its page with the rows of its RC/RV page where asked and found; empty without a page. */
    Optional<Attempt> attemptOf(ExamRelease release) {
        return pageOf(queryOf(release))
                .map(page -> new Attempt(
                        page.subjects(),
                        rcrvQueryOf(release)
                                .flatMap(this::pageOf)
                                .map(ResultPage::subjects)
                                .orElse(List.of())));
    }

    /** The release's own result page, when asked and found. */
    Optional<ResultPage> pageOf(ExamRelease release) {
        return pageOf(queryOf(release));
    }

    private List<ExamQuery> firstWanted(Semester semester) {
        List<ExamRelease> listed = window.possible(semester).stream()
                .filter(r -> !catalog.isUnlisted(r))
                .toList();
        Optional<ExamRelease> regular =
                listed.stream().filter(r -> r.kind() == ReleaseKind.REGULAR).findFirst();
        if (regular.isEmpty()) {
            return withListedTwins(
                    listed.stream().filter(AttemptSearch::mayHoldFirstAttempt).toList());
        }
        List<ExamRelease> first = new ArrayList<>(List.of(regular.get()));
        first.addAll(inLikelyOrder(listed.subList(listed.indexOf(regular.get()) + 1, listed.size())).stream()
                .limit(FOLLOW_UPS)
                .toList());
        return withListedTwins(first);
    }

    private List<ExamQuery> wanted(Semester semester) {
        List<ExamRelease> possible = window.possible(semester);
        List<ExamQuery> queries = new ArrayList<>();
        for (ExamRelease release : possible) {
            if (pageOf(release).isPresent()) {
                rcrvQueryOf(release).ifPresent(queries::add);
            }
        }
        queries.addAll(candidateQueries(possible, semester));
        return queries;
    }

    /**
     * The queries of releases not asked yet that may still hold an attempt the transcript needs: while the first
     * attempt is not found, in release order; after it, most likely first.
     */
    private List<ExamQuery> candidateQueries(List<ExamRelease> possible, Semester semester) {
        List<ExamRelease> unasked =
                possible.stream().filter(r -> !answers.containsKey(queryOf(r))).toList();
        int earliest = indexOfFirstPage(possible);
        if (earliest < 0) {
            List<ExamRelease> firstAttempts =
                    unasked.stream().filter(AttemptSearch::mayHoldFirstAttempt).toList();
            return withListedTwins(reached(semester) ? listedFirst(firstAttempts) : listedOnly(firstAttempts));
        }
        if (!isFirstAttempt(possible, earliest)) {
            return withListedTwins(listedFirst(unasked)); // an earlier attempt exists somewhere: nothing is ruled out
        }
        if (settled(possible)) {
            return List.of();
        }
        return laterAttemptQueries(listedFirst(inLikelyOrder(
                unasked.stream().filter(r -> possible.indexOf(r) > earliest).toList())));
    }

    /** Whether a page was found in a semester after {@code semester}: the student reached it. */
    private boolean reached(Semester semester) {
        List<Semester> semesters = window.semesters();
        return semesters.subList(semesters.indexOf(semester) + 1, semesters.size()).stream()
                .anyMatch(later -> indexOfFirstPage(window.possible(later)) >= 0);
    }

    /** The releases a current list shows. */
    private List<ExamRelease> listedOnly(List<ExamRelease> releases) {
        return releases.stream().filter(r -> !catalog.isUnlisted(r)).toList();
    }

    /** The releases a current list shows, or all of them when it shows none: unlisted ones are asked last. */
    private List<ExamRelease> listedFirst(List<ExamRelease> releases) {
        List<ExamRelease> listed = listedOnly(releases);
        return listed.isEmpty() ? releases : listed;
    }

    /**
     * Releases after a student's first attempt, most likely to hold a later one first: supplementary ones in release
     * order, then regular ones (a later batch's regular exam, which the university titles apart from its
     * supplementary ones). Any order is exact: attempts found out of order can settle a semester only when the ones
     * skipped could not change it, because a subject passed is not written again — what a skipped attempt holds of
     * a subject passed later is a fail.
     */
    private static List<ExamRelease> inLikelyOrder(List<ExamRelease> later) {
        List<ExamRelease> ordered = new ArrayList<>(
                later.stream().filter(r -> r.kind() != ReleaseKind.REGULAR).toList());
        ordered.addAll(
                later.stream().filter(r -> r.kind() == ReleaseKind.REGULAR).toList());
        return ordered;
    }

    private int indexOfFirstPage(List<ExamRelease> possible) {
        for (int i = 0; i < possible.size(); i++) {
            if (pageOf(possible.get(i)).isPresent()) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether the page at {@code index} is the semester's first attempt: in a regular release, or in one of unknown
     * kind with every release before it that could hold a first attempt asked.
     */
    private boolean isFirstAttempt(List<ExamRelease> possible, int index) {
        ExamRelease release = possible.get(index);
        return release.kind() == ReleaseKind.REGULAR
                || release.kind() == ReleaseKind.UNKNOWN
                        && possible.subList(0, index).stream()
                                .filter(AttemptSearch::mayHoldFirstAttempt)
                                .allMatch(r -> answers.containsKey(queryOf(r)));
    }

    /**
     * The grading of a semester's attempts in {@code possible} (oldest first): the grade legend of the newest page found,
     * in its release's regulation. Without a page there are no rows to grade, and the grading is unscaled.
     */
    Grading gradingOf(List<ExamRelease> possible) {
        for (ExamRelease release : possible.reversed()) {
            Optional<ResultPage> page = pageOf(release);
            if (page.isPresent()) {
                return Grading.of(page.get().legend(), release.degree(), release.regulation());
            }
        }
        Course course = window.course();
        return Grading.of(Map.of(), course.degree(), course.regulation().code());
    }

    /** Whether the attempts found so far leave no fail grade once merged. */
    private boolean settled(List<ExamRelease> possible) {
        List<Attempt> attempts =
                possible.stream().map(this::attemptOf).flatMap(Optional::stream).toList();
        return AttemptMerger.finalRows(attempts, gradingOf(possible)).stream()
                .noneMatch(row -> GradeScale.isFail(row.grade()));
    }

    private static boolean mayHoldFirstAttempt(ExamRelease release) {
        return release.kind() == ReleaseKind.REGULAR || release.kind() == ReleaseKind.UNKNOWN;
    }

    /** Each release's query, followed by its RC/RV twin's when the list shows one. */
    private List<ExamQuery> withListedTwins(List<ExamRelease> releases) {
        return withListedTwins(releases, release -> true);
    }

    /**
     * The queries of releases after the semester's first attempt, found: as {@link #withListedTwins}, but without the
     * RC/RV twin of a regular release (a later batch's regular exam, which hardly ever holds a result of the
     * student): {@link #wanted} asks that twin in the round after the exam is found to hold a result.
     */
    private List<ExamQuery> laterAttemptQueries(List<ExamRelease> releases) {
        return withListedTwins(releases, release -> release.kind() != ReleaseKind.REGULAR);
    }

    private List<ExamQuery> withListedTwins(List<ExamRelease> releases, Predicate<ExamRelease> twinWanted) {
        List<ExamQuery> queries = new ArrayList<>();
        for (ExamRelease release : releases) {
            queries.add(queryOf(release));
            if (catalog.hasRcrv(release.degree(), release.code()) && twinWanted.test(release)) {
                queries.add(rcrvQueryOf(release).orElseThrow());
            }
        }
        return queries;
    }

    /** The RC/RV query of a release, when it may have RC/RV results (listed, or unlisted with a page found). */
    Optional<ExamQuery> rcrvQueryOf(ExamRelease release) {
        // Old RC/RV links carry only etype=rcrv: the RC/RV result type is added where the link lacks it.
        return catalog.rcrvRelease(release.degree(), release.code())
                .map(rcrv -> SemesterLookup.queryOf(rcrv).rcrv());
    }

    private static ExamQuery queryOf(ExamRelease release) {
        return SemesterLookup.queryOf(release);
    }

    /** What {@code query} answered, when asked. */
    Optional<ExamAnswer> answerOf(ExamQuery query) {
        return Optional.ofNullable(answers.get(query));
    }

    /** The page {@code query} found, when asked and found. */
    Optional<ResultPage> pageOf(ExamQuery query) {
        return answers.get(query) instanceof ExamAnswer.Found found ? Optional.of(found.page()) : Optional.empty();
    }
}
