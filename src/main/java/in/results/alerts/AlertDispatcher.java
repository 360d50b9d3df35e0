package in.results.alerts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.archive.DatabaseUnavailable;
import in.results.catalog.Course;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.ReleaseSource;
import in.results.catalog.StudentCourse;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import in.results.core.LookupFailure;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.TranscriptAnswer;
import in.results.releases.CatalogSource;
import in.results.store.CacheStatus;
import in.results.store.CachedAnswer;
import in.results.upstream.Priority;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells the watched students (an active subscription, or a live page open) of their new results when the release
 * list shows a new release. Every {@link #LOOK_EVERY} it reads the list as lookups do (the {@code ListWatch} keeps it current); each
 * release the alerts have not seen listed is dispatched: every watched student whose results it could hold is looked
 * up once with {@link Priority#ALERT} — the all-semesters lookup, which reads the archive first and asks the
 * university only for what is new (a page already read for anyone is not asked again) — and the pages of the new
 * release in the answer become events, with one delivery per subscription.
 *
 * <p>In a fleet one instance dispatches at a time, under the database lease {@value #LEASE}; each student checked is
 * recorded, so an instance that takes over after another died goes on with the students not yet checked, and the
 * events and deliveries it records again are the same rows (no student is told twice, none forgotten). A student
 * whose lookup fails is checked again at the next look. An RC/RV page is news only when it changes a grade.
 */
public final class AlertDispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(AlertDispatcher.class);
    static final String LEASE = "alert-dispatch";
    static final Duration LOOK_EVERY = Duration.ofSeconds(2);
    /** The longest pause before students whose check failed are checked again. */
    static final Duration LONGEST_RETRY_PAUSE = Duration.ofMinutes(5);
    /** How long the lease lasts without being renewed: an instance that died is replaced after this. */
    static final Duration LEASE_FOR = Duration.ofSeconds(30);
    /** The longest a look waits for the release list when it is due to be read. */
    static final Duration LIST_BUDGET = Duration.ofSeconds(20);
    /** The longest one student's lookup may take (it waits in line behind interactive requests). */
    static final Duration LOOKUP_BUDGET = Duration.ofMinutes(2);
    /** New subscribers looked up at once in the background. */
    static final int REMEMBER_AT_ONCE = 4;
    /** Students looked up at once; the upstream limits and the alerts' share of the budget pace the requests. */
    static final int AT_ONCE = 32;

    private final CatalogSource catalog;
    private final AllSemestersLookup lookup;
    private final AlertStore store;
    private final Function<PublishedResult, Map<String, Object>> eventData;
    private final ObjectMapper mapper;
    private final String instance;
    private final Duration databaseBound;
    private final Clock clock;
    private final com.github.benmanes.caffeine.cache.Ticker ticker;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofVirtual().name("alert-dispatch").factory());
    /**
     * New subscribers looked up at once: a burst of subscriptions queues here rather than as thousands of requests
     * in the upstream budget's line, where they would wait past their deadlines.
     */
    private final Semaphore remembering = new Semaphore(REMEMBER_AT_ONCE);

    private volatile State state = new State(0, 0);
    /** The list version whose releases this instance dispatched completely: nothing to do until the list changes. */
    private volatile String dispatchedVersion = "";
    /** Looks in a row that left students unchecked, and when the next may try again. */
    private int incompleteLooks;

    private Instant retryAt = Instant.EPOCH;

    /**
     * What this instance's last look found, for {@code /health}: the releases the alerts have seen listed (0 before
     * the first look, or on an instance that never held the lease), and how many waited for dispatch.
     */
    public record State(int releasesKnown, int releasesWaiting) {}

    /**
     * @param eventData     the event's {@code data} object of a new result
     * @param instance      this instance's name in leases
     * @param databaseBound how long one database call may wait
     */
    public AlertDispatcher(
            CatalogSource catalog,
            AllSemestersLookup lookup,
            AlertStore store,
            Function<PublishedResult, Map<String, Object>> eventData,
            ObjectMapper mapper,
            String instance,
            Duration databaseBound,
            Clock clock,
            com.github.benmanes.caffeine.cache.Ticker ticker) {
        this.catalog = catalog;
        this.lookup = lookup;
        this.store = store;
        this.eventData = eventData;
        this.mapper = mapper;
        this.instance = instance;
        this.databaseBound = databaseBound;
        this.clock = clock;
        this.ticker = ticker;
    }

    public void start() {
        timer.scheduleWithFixedDelay(this::look, LOOK_EVERY.toMillis(), LOOK_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    public void stop() {
        timer.shutdownNow();
    }

    public State state() {
        return state;
    }

    /** The pause after {@code incomplete} looks in a row left students unchecked: 2 s doubled each time, 5 min at most. */
    static Duration retryPause(int incomplete) {
        Duration pause = LOOK_EVERY.multipliedBy(1L << Math.min(incomplete, 16));
        return pause.compareTo(LONGEST_RETRY_PAUSE) > 0 ? LONGEST_RETRY_PAUSE : pause;
    }

    /**
     * Looks {@code hallTicket} up in the background with {@link Priority#BULK}, so that the archive knows the
     * student's results before the next release: checking them for it then asks the university only what is new.
     */
    public void remember(HallTicket hallTicket) {
        if (StudentCourse.of(hallTicket) instanceof StudentCourse.Served served) {
            Thread.ofVirtual().name("alert-remember").start(() -> {
                try {
                    remembering.acquire();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                try {
                    lookup.transcript(
                            served.course(), hallTicket, Priority.BULK, Deadline.after(LOOKUP_BUDGET, ticker));
                } catch (LookupFailure e) {
                    LOG.debug(
                            "alerts: a new subscriber's lookup failed ({}); their first release asks more",
                            e.getMessage());
                } finally {
                    remembering.release();
                }
            });
        }
    }

    /**
     * One look: when the list changed since the last complete dispatch (or a release still waits), the releases
     * waiting for dispatch, each dispatched while this instance holds the lease. The list as lookups see it; read
     * here only while nobody has (so that alerts work before anyone looked anything up).
     */
    void look() {
        try {
            CatalogSource.View view = catalog.recent();
            if (!view.current()) {
                view = catalog.current(Deadline.after(LIST_BUDGET, ticker));
            }
            if (!view.current()
                    || view.listVersion().equals(dispatchedVersion)
                    || clock.instant().isBefore(retryAt)
                    || !holdLease()) {
                return;
            }
            AlertStore.Listed listed = store.listed(listedNames(view.catalog()), clock.instant(), bound());
            state = new State(listed.known(), listed.waiting().size());
            boolean complete = true;
            for (String name : listed.waiting()) {
                if (Thread.currentThread().isInterrupted()) {
                    return; // stopping: the release stays waiting for the next holder of the lease
                }
                Optional<ExamRelease> release = releaseNamed(view.catalog(), name);
                if (release.isEmpty() || dispatch(release.get(), name, view.catalog())) {
                    store.dispatched(name, clock.instant(), bound());
                } else {
                    complete = false;
                }
            }
            if (complete) {
                dispatchedVersion = view.listVersion();
                state = new State(listed.known(), 0);
                incompleteLooks = 0;
            } else {
                // Students whose check failed (the university down, a long queue) are tried again, ever less often.
                incompleteLooks++;
                retryAt = clock.instant().plus(retryPause(incompleteLooks));
            }
        } catch (DatabaseUnavailable e) {
            LOG.debug("alerts: the database does not answer; dispatch waits ({})", e.getMessage());
        } catch (RuntimeException e) {
            // A scheduled task that throws is never run again: log, and look again next time.
            LOG.warn("alerts: dispatch failed", e);
        }
    }

    /** Checks every watched student not yet checked for {@code release}; whether every one of them was. */
    private boolean dispatch(ExamRelease release, String name, ExamCatalog catalog) {
        Set<HallTicket> checked = store.checkedFor(name, bound());
        Map<HallTicket, Course> toCheck = new LinkedHashMap<>();
        for (HallTicket hallTicket : store.watched(clock.instant(), bound())) {
            if (!checked.contains(hallTicket)) {
                ReleaseNews.courseHolding(hallTicket, release, catalog)
                        .ifPresent(course -> toCheck.put(hallTicket, course));
            }
        }
        if (toCheck.isEmpty()) {
            return true;
        }
        LOG.info("alerts: checking {} watched students for release {}", toCheck.size(), name);
        Semaphore atOnce = new Semaphore(AT_ONCE);
        List<Thread> checks = new ArrayList<>();
        AtomicBoolean complete = new AtomicBoolean(true);
        boolean leaseHeld = true;
        for (Map.Entry<HallTicket, Course> student : toCheck.entrySet()) {
            leaseHeld = awaitPlace(atOnce);
            if (!leaseHeld) {
                break; // another instance took over (or the database is away): the rest is checked later
            }
            checks.add(Thread.ofVirtual().name("alert-check").start(() -> {
                try {
                    if (!check(student.getKey(), student.getValue(), release, name)) {
                        complete.set(false);
                    }
                } catch (RuntimeException e) {
                    complete.set(false);
                    LOG.warn("alerts: a check for release {} failed: {}", name, e.toString());
                } finally {
                    atOnce.release();
                }
            }));
        }
        for (Thread check : checks) {
            while (!joined(check)) {
                renewLease(); // the checks go on: keep the lease while they do
            }
        }
        // Stopped while checks ran (the instance shuts down): not complete, whatever the checks did so far.
        return leaseHeld && !Thread.currentThread().isInterrupted() && complete.get();
    }

    /**
     * Waits for one of the places of {@link #AT_ONCE} checks, keeping the lease meanwhile; false when the lease was
     * lost (or could not be renewed) while waiting.
     */
    private boolean awaitPlace(Semaphore atOnce) {
        try {
            while (!atOnce.tryAcquire(LEASE_FOR.dividedBy(3).toMillis(), TimeUnit.MILLISECONDS)) {
                if (!renewLease()) {
                    return false;
                }
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Keeps the lease; false when another instance holds it now or the database does not answer. */
    private boolean renewLease() {
        try {
            return holdLease();
        } catch (DatabaseUnavailable e) {
            return false;
        }
    }

    /**
     * Looks {@code hallTicket} up and records what {@code release} holds for them. False when the answer cannot tell:
     * the lookup failed, or gave a stale copy or one built on a list that did not show the release yet (it would
     * lack the new page); the student is then checked again later.
     */
    private boolean check(HallTicket hallTicket, Course course, ExamRelease release, String name) {
        CachedAnswer<TranscriptAnswer> answer;
        try {
            answer = lookup.transcript(course, hallTicket, Priority.ALERT, Deadline.after(LOOKUP_BUDGET, ticker));
        } catch (LookupFailure e) {
            LOG.debug("alerts: lookup for release {} failed ({}); tried again later", name, e.getMessage());
            return false;
        }
        if (answer.status() == CacheStatus.STALE
                || !answer.value().mark().seen().contains(release.code(), release.rcrv(), true)) {
            return false;
        }
        List<StudentEvent> events = new ArrayList<>();
        if (answer.value() instanceof TranscriptAnswer.Found found) {
            ReleaseNews.newResult(found, hallTicket, release).ifPresent(result -> events.add(eventOf(result, name)));
        }
        try {
            store.checked(name, hallTicket, events, bound());
            return true;
        } catch (DatabaseUnavailable e) {
            return false;
        }
    }

    private StudentEvent eventOf(PublishedResult result, String name) {
        try {
            String data = mapper.writeValueAsString(eventData.apply(result));
            return new StudentEvent(result.hallTicket(), name, data, clock.instant());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an event's data is plain JSON", e);
        }
    }

    /** The name of every release the list shows: {@code <degree>/<exam code>/<regular|rcrv>}. */
    private static List<String> listedNames(ExamCatalog catalog) {
        return catalog.all().stream()
                .filter(release -> release.source() == ReleaseSource.RELEASE_LIST)
                .map(AlertDispatcher::nameOf)
                .distinct()
                .toList();
    }

    static String nameOf(ExamRelease release) {
        return release.degree().key() + "/" + release.code() + "/" + (release.rcrv() ? "rcrv" : "regular");
    }

    private static Optional<ExamRelease> releaseNamed(ExamCatalog catalog, String name) {
        return catalog.all().stream()
                .filter(release -> release.source() == ReleaseSource.RELEASE_LIST
                        && nameOf(release).equals(name))
                .findFirst();
    }

    private boolean holdLease() {
        Instant now = clock.instant();
        return store.holdLease(LEASE, instance, now, now.plus(LEASE_FOR), bound());
    }

    private Deadline bound() {
        return Deadline.after(databaseBound, ticker);
    }

    /** Whether {@code thread} ended within a third of the lease (true also when interrupted: stop waiting). */
    private static boolean joined(Thread thread) {
        try {
            return thread.join(LEASE_FOR.dividedBy(3));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }
}
