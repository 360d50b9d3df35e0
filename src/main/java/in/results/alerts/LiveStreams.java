package in.results.alerts;

import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.archive.DatabaseUnavailable;
import in.results.config.AlertSettings;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The students' pages open on this instance, and the events each is told of. The events of every open student are
 * read from the database every {@link #LOOK_EVERY} — the one place every instance's dispatch writes them, so a page
 * on any instance of a fleet is told within seconds of the event, whichever instance made it — and each page gets
 * each event once. Open pages are recorded in the database ({@link LivePageStore#keepLive}) so that dispatch counts
 * them as subscribers; the record outlives the page by {@link #LIVE_FOR} at most. A client may hold
 * {@code RESULTS_LIVE_PER_CLIENT} pages on an instance, and an instance {@code RESULTS_LIVE_MAX} ({@link LiveLimits}).
 */
public final class LiveStreams {
    private static final Logger LOG = LoggerFactory.getLogger(LiveStreams.class);
    static final Duration LOOK_EVERY = Duration.ofSeconds(2);
    /**
     * How far before the last look events are read again: an event written late (a slow transaction, or an instance
     * whose clock is behind) still reaches open pages.
     */
    static final Duration OVERLAP = Duration.ofSeconds(30);

    static final Duration LIVE_FOR = Duration.ofMinutes(1);
    private static final Duration RENEW_EVERY = Duration.ofSeconds(20);

    private final LivePageStore store;
    private final ObjectMapper mapper;
    private final String instance;
    private final Duration databaseBound;
    private final Clock clock;
    private final com.github.benmanes.caffeine.cache.Ticker ticker;
    private final LiveLimits limits;
    private final Map<HallTicket, Set<Page>> open = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofVirtual().name("live-pages").factory());
    private volatile Instant renewedAt = Instant.EPOCH;
    /** When the last look that the database answered began. */
    private Instant lookedAt = Instant.EPOCH;

    public LiveStreams(
            LivePageStore store,
            ObjectMapper mapper,
            String instance,
            AlertSettings settings,
            Duration databaseBound,
            Clock clock,
            com.github.benmanes.caffeine.cache.Ticker ticker) {
        this.limits = new LiveLimits(settings.livePerClient(), settings.liveMax());
        this.store = store;
        this.mapper = mapper;
        this.instance = instance;
        this.databaseBound = databaseBound;
        this.clock = clock;
        this.ticker = ticker;
    }

    public void start() {
        timer.scheduleWithFixedDelay(this::look, LOOK_EVERY.toMillis(), LOOK_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops looking and ends every open page's stream. */
    public void stop() {
        timer.shutdownNow();
        open.values().forEach(pages -> pages.forEach(Page::close));
    }

    /**
     * Opens a page of {@code hallTicket} for {@code client} (a {@link in.results.core.ClientKey}): it is told of the
     * events made from now on. With {@code lastEventId} (the browser's {@code Last-Event-ID} after a reconnect, "" for
     * none) the events after it are replayed first. Throws {@link LivePageRefused} when the client or this instance
     * holds as many pages as it may.
     */
    public Page open(HallTicket hallTicket, String lastEventId, String client) {
        limits.take(client);
        Page page = new Page(hallTicket, client, clock.instant());
        open.compute(hallTicket, (key, pages) -> {
            Set<Page> all = pages == null ? new CopyOnWriteArraySet<>() : pages;
            all.add(page);
            return all;
        });
        try {
            store.keepLive(List.of(hallTicket), instance, clock.instant().plus(LIVE_FOR), bound());
            Optional<Instant> after = timeOf(lastEventId);
            if (after.isPresent()) {
                for (StudentEvent event : store.eventsSince(List.of(hallTicket), after.get(), bound())) {
                    if (event.liveId().compareTo(lastEventId) > 0) { // ids order by time, then page
                        page.offer(event);
                    }
                }
            }
        } catch (DatabaseUnavailable e) {
            LOG.debug("alerts: a live page opened while the database does not answer ({})", e.getMessage());
        } catch (RuntimeException e) {
            page.close(); // its place is given back
            throw e;
        }
        return page;
    }

    /** The pages open on this instance now. */
    public int openPages() {
        return limits.open();
    }

    /** How many pages were refused for {@code reason} since start. */
    public long refused(LivePageRefused.Reason reason) {
        return limits.refused(reason);
    }

    void look() {
        try {
            Set<HallTicket> students = new HashSet<>(open.keySet());
            if (students.isEmpty()) {
                return;
            }
            Instant now = clock.instant();
            if (Duration.between(renewedAt, now).compareTo(RENEW_EVERY) >= 0) {
                store.keepLive(students, instance, now.plus(LIVE_FOR), bound());
                renewedAt = now;
            }
            // From the last look that answered (less the overlap): events made while the database was away are not
            // skipped when it is back.
            Instant since = (lookedAt.equals(Instant.EPOCH) ? now : lookedAt).minus(OVERLAP);
            for (StudentEvent event : store.eventsSince(students, since, bound())) {
                open.getOrDefault(event.hallTicket(), Set.of()).forEach(page -> page.tell(event));
            }
            lookedAt = now;
        } catch (DatabaseUnavailable e) {
            LOG.debug("alerts: live pages wait for the database ({})", e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("alerts: live page look failed", e);
        }
    }

    private static Optional<Instant> timeOf(String liveId) {
        int dash = liveId.indexOf('-');
        if (dash <= 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(Instant.ofEpochMilli(Long.parseLong(liveId.substring(0, dash))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private Deadline bound() {
        return Deadline.after(databaseBound, ticker);
    }

    /** One open page: the events it has not been sent yet, each once. */
    public final class Page implements AutoCloseable {
        private final HallTicket hallTicket;
        private final String client;
        private final Instant openedAt;
        private final AtomicBoolean closed = new AtomicBoolean();
        private final Set<String> offered = ConcurrentHashMap.newKeySet();
        private final LinkedBlockingQueue<Optional<StudentEvent>> queue = new LinkedBlockingQueue<>();

        private Page(HallTicket hallTicket, String client, Instant openedAt) {
            this.hallTicket = hallTicket;
            this.client = client;
            this.openedAt = openedAt;
        }

        /**
         * An event a look found: news for this page only when made since it opened (a look reads events again from
         * before its last one; what came before the page is the page's content, or a replay's).
         */
        private void tell(StudentEvent event) {
            if (!event.createdAt().isBefore(openedAt)) {
                offer(event);
            }
        }

        private void offer(StudentEvent event) {
            if (offered.add(event.liveId())) {
                queue.add(Optional.of(event));
            }
        }

        /**
         * The next event as its message ({@code id} and JSON), waiting at most {@code wait}; empty when none came (a
         * heartbeat is due). Throws {@link InterruptedException} once the page is closed.
         */
        public Optional<Message> next(Duration wait) throws InterruptedException {
            Optional<StudentEvent> event = queue.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
            if (event == null) {
                return Optional.empty();
            }
            if (event.isEmpty()) {
                throw new InterruptedException("the live page was closed");
            }
            return Optional.of(new Message(event.get().liveId(), EventMessage.published(mapper, event.get())));
        }

        /** Ends the page and gives back its place; once, however often it is called (at stop and when it ends). */
        @Override
        public void close() {
            if (!closed.compareAndSet(false, true)) {
                return;
            }
            limits.give(client);
            open.computeIfPresent(hallTicket, (key, pages) -> {
                pages.remove(this);
                return pages.isEmpty() ? null : pages;
            });
            queue.add(Optional.empty()); // the mark of a closed page
        }
    }

    /** An event as a live page gets it: its id and the message's JSON. */
    public record Message(String id, String json) {}
}
