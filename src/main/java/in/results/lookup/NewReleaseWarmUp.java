package in.results.lookup;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.archive.Archive;
import in.results.archive.LookedUpStudent;
import in.results.archive.SeenReleases;
import in.results.catalog.Course;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.ReleaseSource;
import in.results.catalog.StudentCourse;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import in.results.releases.CatalogSource;
import in.results.releases.ReleaseWarmUp;
import in.results.upstream.Priority;
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
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Results day's read-ahead: when the list shows new releases, the students the archive knows they concern are looked
 * up on the new list before it is announced, so that the crowd coming back finds its answers ready rather than every
 * student waiting in one line for the university at once.
 *
 * <p>A student is concerned when a release the new list shows, and the list requests see does not, could hold a result
 * of theirs ({@link AttemptWindow}) and their last complete lookup did not know it ({@link SeenReleases}). Each is
 * looked up with {@link Priority#BULK} (a person waiting always goes first) through the all-semesters lookup, which
 * asks only the new releases, keeps the pages in the archive and stores the answer built on the new list
 * ({@link AllSemestersLookup#prepare}). The list is announced when every concerned student is ready, or after
 * {@code RESULTS_WARMUP_SECONDS} (15 s by default, 0: no read-ahead), whichever comes first; the students not ready
 * then are still looked up, behind the people asking. The {@link #MOST_STUDENTS} most recently looked up are
 * considered; a newer list's warm-up ends what is left of the one before (its students are concerned again when still
 * behind). Only the instance that read the list warms up: in a fleet the list is read once, and the pages and answers
 * go to the shared archive and Redis.
 */
public final class NewReleaseWarmUp implements ReleaseWarmUp {
    private static final Logger LOG = LoggerFactory.getLogger(NewReleaseWarmUp.class);
    /** The most students considered, the most recently looked up first. */
    static final int MOST_STUDENTS = 50_000;
    /** Students looked up at once; the upstream limits (bulk work's share of them) pace the requests. */
    static final int AT_ONCE = 32;
    /** The longest one student's lookup may take: it waits behind every person asking. */
    static final Duration LOOKUP_BUDGET = Duration.ofMinutes(2);

    private final AllSemestersLookup lookup;
    private final Archive archive;
    private final Duration waitAtMost;
    private final Ticker ticker;
    private final AtomicReference<Run> running = new AtomicReference<>();

    /** @param waitAtMost the longest a new list waits for the warm-up before it is announced; zero: none */
    public NewReleaseWarmUp(AllSemestersLookup lookup, Archive archive, Duration waitAtMost, Ticker ticker) {
        this.lookup = lookup;
        this.archive = archive;
        this.waitAtMost = waitAtMost;
        this.ticker = ticker;
    }

    @Override
    public void beforeAnnouncing(ExamCatalog announced, CatalogSource.View read) {
        if (waitAtMost.isZero()) {
            return;
        }
        long start = ticker.read();
        Set<String> newReleases = listedNames(read.catalog());
        newReleases.removeAll(listedNames(announced));
        if (newReleases.isEmpty()) {
            return;
        }
        Map<HallTicket, Course> concerned = concerned(newReleases, read.catalog(), Deadline.after(waitAtMost, ticker));
        if (concerned.isEmpty()) {
            return;
        }
        Run run = new Run(concerned, read);
        Optional.ofNullable(running.getAndSet(run)).ifPresent(Run::cancel);
        Thread.ofVirtual().name("release-warm-up").start(run::lookUpAll);
        boolean all = run.awaitAtMost(waitAtMost.minusNanos(ticker.read() - start));
        LOG.info(
                "results day: {} new releases concern {} students kept in the archive; {} ready, {} failed{} after {} ms",
                newReleases.size(),
                concerned.size(),
                run.ready.get(),
                run.failed.get(),
                all ? "" : " (the rest go on after the list is announced)",
                Duration.ofNanos(ticker.read() - start).toMillis());
    }

    @Override
    public void stop() {
        Optional.ofNullable(running.getAndSet(null)).ifPresent(Run::cancel);
    }

    /**
     * The students kept in the archive whose results a new release could hold and whose last lookup did not know it,
     * with their course; in the order of their last lookup, the most recent first.
     */
    private Map<HallTicket, Course> concerned(Set<String> newReleases, ExamCatalog catalog, Deadline deadline) {
        Map<HallTicket, Course> concerned = new LinkedHashMap<>();
        Map<SameWindow, Set<String>> knownByWindow = new HashMap<>();
        for (LookedUpStudent student : archive.lookedUp(MOST_STUDENTS, deadline)) {
            Optional<Course> course = courseOf(student);
            if (course.isEmpty()) {
                continue;
            }
            SameWindow window = SameWindow.of(course.get(), student.hallTicket());
            Set<String> known = knownByWindow.computeIfAbsent(
                    window,
                    w -> newlyKnown(
                            AllSemestersLookup.knownReleases(w.course(), student.hallTicket(), catalog), newReleases));
            if (!student.seen().releases().containsAll(known)) {
                concerned.putIfAbsent(student.hallTicket(), course.get());
            }
        }
        return concerned;
    }

    /** The new releases among those a lookup would know. */
    private static Set<String> newlyKnown(SeenReleases known, Set<String> newReleases) {
        Set<String> newlyKnown = new HashSet<>(known.releases());
        newlyKnown.retainAll(newReleases);
        return newlyKnown;
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

    /** The names the list gives its releases in {@link SeenReleases}: exam code, and R for an RC/RV release. */
    private static Set<String> listedNames(ExamCatalog catalog) {
        Set<String> names = new HashSet<>();
        for (ExamRelease release : catalog.all()) {
            if (release.source() == ReleaseSource.RELEASE_LIST) {
                names.add(SeenReleases.nameOf(release.code(), release.rcrv(), true));
            }
        }
        return names;
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

    /** One warm-up: its students looked up {@link #AT_ONCE} at a time, until all are or it is cancelled. */
    private final class Run {
        private final Map<HallTicket, Course> students;
        private final CatalogSource.View read;
        private final CountDownLatch done;
        private final AtomicInteger ready = new AtomicInteger();
        private final AtomicInteger failed = new AtomicInteger();
        private volatile boolean cancelled;

        Run(Map<HallTicket, Course> students, CatalogSource.View read) {
            this.students = students;
            this.read = read;
            this.done = new CountDownLatch(students.size());
        }

        void lookUpAll() {
            Semaphore atOnce = new Semaphore(AT_ONCE);
            for (Map.Entry<HallTicket, Course> student : students.entrySet()) {
                try {
                    atOnce.acquire();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                if (cancelled) {
                    return;
                }
                Thread.ofVirtual().name("release-warm-up-student").start(() -> {
                    try {
                        boolean prepared = lookup.prepare(
                                student.getValue(),
                                student.getKey(),
                                read,
                                Priority.BULK,
                                Deadline.after(LOOKUP_BUDGET, ticker));
                        (prepared ? ready : failed).incrementAndGet();
                    } finally {
                        atOnce.release();
                        done.countDown();
                    }
                });
            }
        }

        /** Whether every student was looked up within {@code patience}. */
        boolean awaitAtMost(Duration patience) {
            try {
                return done.await(Math.max(0, patience.toNanos()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        void cancel() {
            cancelled = true;
        }
    }
}
