package in.results.releases;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the university's list pages again every refresh interval ({@code RESULTS_LIST_REFRESH_SECONDS}), so that a new
 * release shows in answers within about one interval without anyone asking for {@code ?refresh=1}, and rebuilds the
 * exam catalog from the release list. With Redis every instance runs a watch, but a page is fetched only when the
 * fleet's copy is older than the interval, by one instance under the load lease: about once per interval for the
 * fleet. A release list that differs from the one kept is announced only after its {@link ReleaseWarmUp} (on the
 * instance that read it). Runs on one virtual thread; {@link #stop} ends it and stops a warm-up under way.
 */
public final class ListWatch {
    private static final Logger LOG = LoggerFactory.getLogger(ListWatch.class);

    private final CatalogSource catalog;
    private final ListPage<?> notifications;
    private final Duration every;
    private final Duration budget;
    private final Ticker ticker;
    private final ReleaseWarmUp warmUp;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofVirtual().name("list-watch").factory());

    /** @param budget how long one refresh may wait for the university (and the warm-up of a new list) */
    public ListWatch(
            CatalogSource catalog,
            ListPage<?> notifications,
            Duration every,
            Duration budget,
            Ticker ticker,
            ReleaseWarmUp warmUp) {
        this.catalog = catalog;
        this.notifications = notifications;
        this.every = every;
        this.budget = budget;
        this.ticker = ticker;
        this.warmUp = warmUp;
    }

    /**
     * Starts looking every sixth of the interval whether a page is due: a copy is fresh for one interval from its
     * load, so it is read again at most a sixth of an interval after that (5 s with the default 30 s), and another
     * instance of a fleet builds its catalog from the fleet's new copy within as long again.
     */
    public void start() {
        long look = Math.max(1, every.toMillis() / 6);
        timer.scheduleWithFixedDelay(this::refresh, look, look, TimeUnit.MILLISECONDS);
    }

    public void stop() {
        timer.shutdownNow();
        warmUp.stop();
    }

    private void refresh() {
        try {
            catalog.refresh(Deadline.after(budget, ticker), warmUp);
            notifications.refreshIfDue(Deadline.after(budget, ticker), (kept, read) -> {});
        } catch (RuntimeException e) {
            // A scheduled task that throws is never run again: log, and go on at the next interval.
            LOG.warn("release list refresh failed", e);
        }
    }
}
