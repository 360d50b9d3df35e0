package in.results.alerts;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.archive.Archive;
import in.results.archive.DatabaseUnavailable;
import in.results.core.Deadline;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntUnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the alerts' tables bounded: {@link #FIRST_AFTER} after start and then every {@link #EVERY}, deletes the
 * finished deliveries ({@link RetentionStore}) and then the events made longer than the retention ago; an event
 * that a delivery still waits to tell is kept until that delivery ends. Deletes go in batches of {@link #BATCH} rows,
 * one transaction each, with a pause between, so that the database's other work (lookups, dispatch, deliveries) goes
 * on meanwhile. In a fleet one instance prunes at a time, under the database lease {@value #LEASE}, renewed before
 * each batch; an instance that finds it held by another skips its pass.
 */
public final class AlertPruner {
    private static final Logger LOG = LoggerFactory.getLogger(AlertPruner.class);
    static final String LEASE = "alert-prune";
    /** Long enough after start that the database's schema is in place and start-up's own work is done. */
    static final Duration FIRST_AFTER = Duration.ofMinutes(1);

    static final Duration EVERY = Duration.ofHours(1);
    /** Held from one batch to the next (each bounded by the database's timeout): a pass that died lets go soon. */
    static final Duration LEASE_FOR = Duration.ofMinutes(2);
    /** Rows per delete: a transaction of milliseconds, which holds SQLite's one write lock only that long. */
    static final int BATCH = 500;

    static final Duration PAUSE = Duration.ofMillis(100);

    private final RetentionStore rows;
    private final AlertStore leases;
    private final Duration retention;
    private final int batch;
    private final Duration pause;
    private final String instance;
    private final Duration databaseBound;
    private final Clock clock;
    private final Ticker ticker;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofVirtual().name("alert-prune").factory());

    /** What one pass deleted: the rows of each batch, in order (a batch short of the size ends its table's turn). */
    public record Pruned(List<Integer> deliveryBatches, List<Integer> eventBatches) {
        public Pruned {
            deliveryBatches = List.copyOf(deliveryBatches);
            eventBatches = List.copyOf(eventBatches);
        }

        public int deliveries() {
            return deliveryBatches.stream().mapToInt(Integer::intValue).sum();
        }

        public int events() {
            return eventBatches.stream().mapToInt(Integer::intValue).sum();
        }
    }

    /**
     * @param retention     how long events and finished deliveries are kept
     * @param instance      this instance's name in leases
     * @param databaseBound how long one database call may wait
     */
    public AlertPruner(
            Archive database,
            AlertStore leases,
            Duration retention,
            String instance,
            Duration databaseBound,
            Clock clock,
            Ticker ticker) {
        this(database, leases, retention, BATCH, PAUSE, instance, databaseBound, clock, ticker);
    }

    AlertPruner(
            Archive database,
            AlertStore leases,
            Duration retention,
            int batch,
            Duration pause,
            String instance,
            Duration databaseBound,
            Clock clock,
            Ticker ticker) {
        this.rows = new RetentionStore(database);
        this.leases = leases;
        this.retention = retention;
        this.batch = batch;
        this.pause = pause;
        this.instance = instance;
        this.databaseBound = databaseBound;
        this.clock = clock;
        this.ticker = ticker;
    }

    public void start() {
        timer.scheduleWithFixedDelay(
                this::pruneAndLog, FIRST_AFTER.toMillis(), EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops pruning; a pass under way ends after its current batch (each batch is a transaction of its own). */
    public void stop() {
        timer.shutdownNow();
    }

    /**
     * One pass, now, while this instance holds the lease: deletes finished deliveries, then events, made before the
     * retention, in batches. Empty when another instance holds the lease. Ends early, with what it deleted, when the
     * lease is lost between batches or the thread is interrupted. Throws {@link DatabaseUnavailable} when the
     * database does not answer (the batches done before stay done).
     */
    public Optional<Pruned> prune() {
        if (!holdLease()) {
            return Optional.empty();
        }
        Instant before = clock.instant().minus(retention);
        List<Integer> deliveries = new ArrayList<>();
        List<Integer> events = new ArrayList<>();
        if (deleteAll(deliveries, most -> rows.deleteFinishedDeliveries(before, most, bound()))) {
            deleteAll(events, most -> rows.deleteToldEvents(before, most, bound()));
        }
        return Optional.of(new Pruned(deliveries, events));
    }

    /** Deletes batch after batch until one is short; false when stopped first (interrupted, or the lease lost). */
    private boolean deleteAll(List<Integer> batches, IntUnaryOperator deleteUpTo) {
        while (true) {
            int deleted = deleteUpTo.applyAsInt(batch);
            batches.add(deleted);
            if (deleted < batch) {
                return true;
            }
            if (!paused() || !holdLease()) {
                return false;
            }
        }
    }

    private void pruneAndLog() {
        try {
            prune().ifPresent(pruned -> {
                if (pruned.deliveries() + pruned.events() > 0) {
                    LOG.info(
                            "alerts: deleted {} finished deliveries and {} events older than {} days ({} batches)",
                            pruned.deliveries(),
                            pruned.events(),
                            retention.toDays(),
                            pruned.deliveryBatches().size()
                                    + pruned.eventBatches().size());
                }
            });
        } catch (DatabaseUnavailable e) {
            LOG.debug("alerts: the database does not answer; pruning waits for the next pass ({})", e.getMessage());
        } catch (RuntimeException e) {
            // A scheduled task that throws is never run again: log, and prune again next time.
            LOG.warn("alerts: pruning failed", e);
        }
    }

    /** Waits the pause between batches; false when interrupted (stopping). */
    private boolean paused() {
        try {
            Thread.sleep(pause);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private boolean holdLease() {
        Instant now = clock.instant();
        return leases.holdLease(LEASE, instance, now, now.plus(LEASE_FOR), bound());
    }

    private Deadline bound() {
        return Deadline.after(databaseBound, ticker);
    }
}
