package in.results.lookup;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.archive.Archive;
import in.results.archive.LookedUpStudent;
import in.results.archive.SeenReleases;
import in.results.catalog.Course;
import in.results.catalog.ExamCatalog;
import in.results.catalog.StudentCourse;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import in.results.releases.CatalogSource;
import in.results.releases.ReleaseWarmUp;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Results day's read-ahead: when the list shows new releases, the students the archive knows they concern are looked
 * up on the new list before it is announced, so that the crowd coming back finds its answers ready rather than every
 * student waiting in one line for the university at once.
 *
 * <p>A student is concerned when the new list shows a release the list in use does not (a new exam, an RC/RV release,
 * a built-in code now listed) that could hold a result of theirs ({@link AttemptWindow}), and their last complete
 * lookup did not know it ({@link SeenReleases}). The students a person looked up most recently are considered first
 * (at least {@link #MOST_STUDENTS}, five times the plan when that is more).
 *
 * <p><b>The plan fits the budget.</b> At most {@link Budget#students} concerned students are planned
 * ({@code RESULTS_READ_AHEAD_MAX}, and never more than half the transcripts the service keeps, so that reading ahead
 * does not push out the answers of those who asked lately). Their lookups start {@link #AT_ONCE} at a time, each
 * only while the upstream requests made so far and expected of those running (the mean of the students done, one
 * each before any is) fit the warm-up's request budget: {@code RESULTS_WARMUP_SECONDS} at reading ahead's share
 * ({@link Budget#SHARE}) of {@code RESULTS_UPSTREAM_RPS}. Concerned students beyond the plan or the budget count as
 * not fitted ({@link ReadAheadStats.Outcome#NOT_FITTED}); they are looked up when they ask, asking only what is new.
 * Each lookup goes through the all-semesters lookup ({@link AllSemestersLookup#prepare}): it asks only the new
 * releases, keeps the pages in the archive and stores the answer built on the new list; its requests go behind every
 * person's waiting with them. The list is announced when every one is ready, or after {@code RESULTS_WARMUP_SECONDS}
 * (15 s by default, 0: no read-ahead), whichever comes first; then no further student is started (the lookups under
 * way finish, and a person asking meanwhile joins them). Only the instance that read the list warms up: in a fleet the
 * list is read once, and the pages and answers go to the shared archive and Redis.
 */
public final class NewReleaseWarmUp implements ReleaseWarmUp {
    private static final Logger LOG = LoggerFactory.getLogger(NewReleaseWarmUp.class);
    /** The fewest students considered, those a person looked up most recently first. */
    static final int MOST_STUDENTS = 10_000;
    /** Students considered per student planned, when that is more than {@link #MOST_STUDENTS}. */
    static final int CONSIDERED_PER_PLANNED = 5;

    /**
     * How much one warm-up may read ahead.
     *
     * @param students          the most students planned: {@code RESULTS_READ_AHEAD_MAX}, and half the transcripts kept
     * @param requestsPerSecond upstream requests a second reading ahead may use; zero: no bound (an unlimited budget)
     */
    public record Budget(int students, double requestsPerSecond) {
        /** Reading ahead's share of the request budget: {@link #AT_ONCE} of the default 32 requests in flight. */
        static final double SHARE = 0.75;

        /** The budget of an instance with these settings, keeping {@code transcriptsKept} answers at most. */
        public static Budget of(int readAheadMax, long transcriptsKept, int upstreamRequestsPerSecond) {
            return new Budget((int) Math.min(readAheadMax, transcriptsKept / 2), upstreamRequestsPerSecond * SHARE);
        }

        /** The upstream requests a warm-up of {@code time} may make; infinite without a bound. */
        double requests(Duration time) {
            return requestsPerSecond == 0 ? Double.POSITIVE_INFINITY : requestsPerSecond * time.toMillis() / 1000.0;
        }
    }

    /** Students looked up at once: three quarters of the default requests in flight per host, the rest for people. */
    static final int AT_ONCE = 24;
    /** How often a waiting warm-up looks whether it was stopped. */
    private static final Duration LOOK_EVERY = Duration.ofMillis(100);

    private final AllSemestersLookup lookup;
    private final Archive archive;
    private final Duration waitAtMost;
    private final Budget budget;
    private final Ticker ticker;
    private final ReadAheadStats stats;
    private volatile Run current;

    /**
     * @param waitAtMost the longest a new list waits for the warm-up before it is announced; zero: none
     * @param budget     how many students, and upstream requests a second, one warm-up may use
     * @param stats      counts every student read ahead by how it ended
     */
    public NewReleaseWarmUp(
            AllSemestersLookup lookup,
            Archive archive,
            Duration waitAtMost,
            Budget budget,
            Ticker ticker,
            ReadAheadStats stats) {
        this.lookup = lookup;
        this.archive = archive;
        this.waitAtMost = waitAtMost;
        this.budget = budget;
        this.ticker = ticker;
        this.stats = stats;
    }

    @Override
    public void beforeAnnouncing(ExamCatalog announced, CatalogSource.View read) {
        if (waitAtMost.isZero() || budget.students() == 0) {
            return;
        }
        long start = ticker.read();
        Deadline until = Deadline.after(waitAtMost, ticker);
        Optional<Map<HallTicket, Course>> concerned = concerned(announced, read.catalog(), until);
        if (concerned.isEmpty()) {
            LOG.warn(
                    "results day: the archive did not answer in time; the new list is announced without reading ahead");
            return;
        }
        if (concerned.get().isEmpty()) {
            return;
        }
        Map<HallTicket, Course> planned = new LinkedHashMap<>();
        concerned.get().entrySet().stream()
                .limit(budget.students())
                .forEach(student -> planned.put(student.getKey(), student.getValue()));
        int beyondPlan = concerned.get().size() - planned.size();
        stats.add(ReadAheadStats.Outcome.NOT_FITTED, beyondPlan);
        Run run = new Run(planned, read, budget.requests(waitAtMost));
        current = run;
        Thread.ofVirtual().name("release-warm-up").start(run::lookUpAll);
        run.awaitUntil(until);
        run.cancel(); // announced now: the students not started are looked up when they ask
        current = null;
        LOG.info(
                "results day: a new list concerns {} students kept in the archive; {} planned, {} ready, {} failed,"
                        + " {} did not fit the request budget or the plan, {} running or not started when it was"
                        + " announced, after {} ms ({} upstream answers read ahead)",
                concerned.get().size(),
                planned.size(),
                run.ready.get(),
                run.failed.get(),
                run.notFitted.get() + beyondPlan,
                planned.size() - run.ready.get() - run.failed.get() - run.notFitted.get(),
                Duration.ofNanos(ticker.read() - start).toMillis(),
                run.requests.get());
    }

    @Override
    public void stop() {
        Optional.ofNullable(current).ifPresent(Run::cancel);
    }

    /**
     * The students whose results a new release could hold and whose last lookup did not know it, with their course,
     * in the order of their last lookup by a person, the most recent first; empty when the archive did not answer.
     */
    private Optional<Map<HallTicket, Course>> concerned(ExamCatalog announced, ExamCatalog read, Deadline deadline) {
        Map<SameWindow, Set<String>> newByWindow = new HashMap<>();
        Map<HallTicket, Course> concerned = new LinkedHashMap<>();
        int considered = Math.max(MOST_STUDENTS, CONSIDERED_PER_PLANNED * budget.students());
        return archive.lookedUp(
                        considered,
                        student -> courseOf(student)
                                .filter(course -> {
                                    Set<String> fresh = newByWindow.computeIfAbsent(
                                            SameWindow.of(course, student.hallTicket()),
                                            window -> newReleases(window, student.hallTicket(), announced, read));
                                    return !student.knewAll(fresh);
                                })
                                .map(course -> concerned.putIfAbsent(student.hallTicket(), course) == null)
                                .orElse(false),
                        considered,
                        deadline)
                .map(students -> concerned);
    }

    /** The releases a lookup of the window would know on the list read and not on the list announced. */
    private static Set<String> newReleases(
            SameWindow window, HallTicket hallTicket, ExamCatalog announced, ExamCatalog read) {
        Set<String> fresh = new HashSet<>(AllSemestersLookup.knownReleases(window.course(), hallTicket, read)
                .releases());
        fresh.removeAll(AllSemestersLookup.knownReleases(window.course(), hallTicket, announced)
                .releases());
        return fresh;
    }

    /**
     * The course the student's record is of: their programme (read from the hall ticket) in the record's regulation;
     * empty when the hall ticket names no served programme or the programme has no course under that regulation.
     */
    private static Optional<Course> courseOf(LookedUpStudent student) {
        if (!(StudentCourse.of(student.hallTicket()) instanceof StudentCourse.Served served)) {
            return Optional.empty();
        }
        return Course.all().stream()
                .filter(course -> course.degree() == served.course().degree()
                        && course.regulation().code().equals(student.regulation()))
                .findFirst();
    }

    /**
     * The students of a course with one admission year and entry: the same releases can hold their results
     * ({@link AttemptWindow} reads nothing else of a hall ticket).
     */
    private record SameWindow(Course course, OptionalInt admissionYear, boolean lateralEntry) {
        static SameWindow of(Course course, HallTicket hallTicket) {
            return new SameWindow(course, hallTicket.admissionYear(), hallTicket.isLateralEntry());
        }
    }

    /**
     * One warm-up: its students looked up {@link #AT_ONCE} at a time, each started only while the requests made and
     * expected fit {@code requestBudget}, until all are, the budget is spent, or it is cancelled.
     */
    private final class Run {
        private final Map<HallTicket, Course> students;
        private final CatalogSource.View read;
        private final double requestBudget;
        private final CountDownLatch done;
        private final AtomicInteger ready = new AtomicInteger();
        private final AtomicInteger failed = new AtomicInteger();
        private final AtomicInteger notFitted = new AtomicInteger();
        /** Upstream answers the lookups' completed builds asked for, whatever the lookups' outcome. */
        private final AtomicInteger requests = new AtomicInteger();

        private final AtomicInteger ended = new AtomicInteger();
        private volatile boolean cancelled;

        Run(Map<HallTicket, Course> students, CatalogSource.View read, double requestBudget) {
            this.students = students;
            this.read = read;
            this.requestBudget = requestBudget;
            this.done = new CountDownLatch(students.size());
        }

        void lookUpAll() {
            Semaphore atOnce = new Semaphore(AT_ONCE);
            int started = 0;
            for (Map.Entry<HallTicket, Course> student : students.entrySet()) {
                try {
                    atOnce.acquire();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    cancelled = true;
                }
                if (cancelled) {
                    stats.add(ReadAheadStats.Outcome.NOT_STARTED, students.size() - started);
                    return;
                }
                if (!fitsBudget(started)) {
                    notFitted.addAndGet(students.size() - started);
                    stats.add(ReadAheadStats.Outcome.NOT_FITTED, students.size() - started);
                    for (int left = started; left < students.size(); left++) {
                        done.countDown();
                    }
                    return;
                }
                started++;
                Thread.ofVirtual().name("release-warm-up-student").start(() -> {
                    try {
                        boolean prepared =
                                lookup.prepare(student.getValue(), student.getKey(), read, requests::addAndGet);
                        (prepared ? ready : failed).incrementAndGet();
                        stats.add(prepared ? ReadAheadStats.Outcome.READY : ReadAheadStats.Outcome.FAILED, 1);
                    } catch (RuntimeException e) {
                        failed.incrementAndGet();
                        stats.add(ReadAheadStats.Outcome.FAILED, 1);
                        LOG.warn("results day: a read-ahead lookup failed: {}", e.toString());
                    } finally {
                        ended.incrementAndGet();
                        atOnce.release();
                        done.countDown();
                    }
                });
            }
        }

        /**
         * Whether one more student fits: the requests made so far, and those expected of the {@code started} lookups
         * not ended and of this one (the mean of the lookups ended, one each before any has), within the budget.
         */
        private boolean fitsBudget(int started) {
            int endedSoFar = ended.get();
            double expectedEach = endedSoFar == 0 ? 1 : (double) requests.get() / endedSoFar;
            return requests.get() + (started - endedSoFar + 1) * expectedEach <= requestBudget;
        }

        /** Waits until every student was looked up, {@code until} passes, or the run is cancelled. */
        void awaitUntil(Deadline until) {
            try {
                while (!cancelled && !until.remaining().isZero()) {
                    Duration wait = until.remaining().compareTo(LOOK_EVERY) < 0 ? until.remaining() : LOOK_EVERY;
                    if (done.await(wait.toNanos(), TimeUnit.NANOSECONDS)) {
                        return;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void cancel() {
            cancelled = true;
        }
    }
}
