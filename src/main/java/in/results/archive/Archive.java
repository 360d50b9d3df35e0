package in.results.archive;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.zaxxer.hikari.HikariDataSource;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.flywaydb.core.Flyway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every answer the university published for a hall ticket, kept for good, in one database: an embedded SQLite file
 * or a fleet's PostgreSQL ({@link ArchiveDatabase}). Promises:
 * <ul>
 *   <li><b>Never the cause of a failure, never a wait past a bound.</b> Each read waits at most
 *       {@code RESULTS_DATABASE_TIMEOUT_MS} (or the caller's deadline, when sooner); past it, or while the database is
 *       down or its schema not yet in place, a read is a miss. Writes go to a bounded queue that one writer drains;
 *       while the database does not answer they wait there (when it is full, new writes are dropped and counted).</li>
 *   <li><b>Written within a second.</b> The writer takes what is queued as soon as it is queued and writes it in one
 *       transaction; {@link #close} writes everything queued before it returns (bounded by {@link #FLUSH_BUDGET}).</li>
 *   <li><b>Schema by migrations, when the database first answers.</b> Start-up never waits for the database: the
 *       writer runs the migrations and tries again every few seconds until they succeed.</li>
 *   <li><b>No request thread touches JDBC.</b> Reads run on a small pool of platform threads, writes on one
 *       (the SQLite driver is native code behind locks, which would pin a virtual thread).</li>
 * </ul>
 * The archive holds names and marks: nothing of a page is logged, only exam codes.
 */
public final class Archive implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Archive.class);
    /** Most writes waiting for the database; about 2 KB each. */
    static final int QUEUE_CAPACITY = 10_000;
    /** Most rows written in one transaction. */
    static final int BATCH = 500;
    /** How long {@link #close} lets the writer empty the queue. */
    static final Duration FLUSH_BUDGET = Duration.ofSeconds(10);
    /** How long the writer waits before trying a database that failed again. */
    static final Duration RETRY_AFTER = Duration.ofSeconds(2);
    /** The longest the writer waits for a write before looking whether the archive is closing. */
    static final Duration POLL = Duration.ofMillis(200);
    /** How often the kept pages are counted for {@code /health} at most. */
    static final Duration COUNT_EVERY = Duration.ofMinutes(1);
    /** How often one student's ask answered from a store is recorded at most, per instance. */
    static final Duration ASKED_EVERY = Duration.ofMinutes(1);

    private final ArchiveDatabase database;
    private final HikariDataSource pool;
    private final Duration timeout;
    private final Clock clock;
    private final ArchiveStats stats = new ArchiveStats();
    private final ArchiveRows rows = new ArchiveRows(stats);
    private final BlockingQueue<ArchiveRows.Write> queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
    /** When each student's ask was last recorded ({@link #recordAsked}), for the students asked most recently. */
    private final Cache<HallTicket, Instant> askedRecorded =
            Caffeine.newBuilder().maximumSize(100_000).build();
    /** The writes the writer has taken from the queue and not written yet. */
    private volatile int writing;

    private final ThreadPoolExecutor readers;
    private final Thread writer;
    private final AtomicBoolean counting = new AtomicBoolean();
    private volatile boolean migrated;
    private volatile boolean reachable;
    private volatile boolean closing;
    private volatile long countedRows = -1;
    private volatile Instant countedAt = Instant.EPOCH;
    private volatile boolean loggedDown;

    private Archive(ArchiveDatabase database, Duration timeout, Clock clock) {
        this.database = database;
        this.pool = database.pool(timeout);
        this.timeout = timeout;
        this.clock = clock;
        int readerThreads = database.readers();
        this.readers = new ThreadPoolExecutor(
                readerThreads,
                readerThreads,
                0,
                TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(256),
                Thread.ofPlatform().daemon().name("archive-read-", 1).factory());
        this.writer = Thread.ofPlatform().daemon().name("archive-write").unstarted(this::writeUntilClosed);
    }

    /** Opens the archive and starts its writer, which puts the schema in place as soon as the database answers. */
    public static Archive open(ArchiveDatabase database, Duration timeout, Clock clock) {
        Archive archive = new Archive(database, timeout, clock);
        archive.writer.start();
        return archive;
    }

    /**
     * Everything kept of {@code hallTicket}, with the releases its last lookup in {@code regulation} knew; empty when
     * nothing is kept, or when the database does not answer within its bound or {@code deadline}.
     */
    public StudentRecord student(HallTicket hallTicket, String regulation, Deadline deadline) {
        return read(
                        connection -> rows.student(connection, hallTicket, regulation),
                        record -> !record.pages().isEmpty(),
                        deadline)
                .orElseGet(StudentRecord::empty);
    }

    /**
     * Of the {@code most} students whose all-semesters lookup a person asked for most recently, the most recent
     * first, those {@code wanted} keeps ({@code keep} at most; it runs on the database's reader thread); empty when
     * the database does not answer within its bound or {@code deadline}.
     */
    public Optional<List<LookedUpStudent>> lookedUp(
            int most, Predicate<LookedUpStudent> wanted, int keep, Deadline deadline) {
        return read(
                connection -> rows.lookedUp(connection, most, wanted, keep), students -> !students.isEmpty(), deadline);
    }

    /** The answer kept for {@code key}; empty when none, or when the database does not answer in time. */
    public Optional<ArchivedAnswer> page(PageKey key, Deadline deadline) {
        return read(connection -> rows.page(connection, key), Optional::isPresent, deadline)
                .flatMap(answer -> answer);
    }

    /**
     * The credits a passed row of each of {@code subjectCodes} in {@code degree} ({@code btech}) shows on a kept page,
     * by code; a code no kept page passed is missing.
     *
     * @throws DatabaseUnavailable when the database does not answer in time (not knowing is then not the answer)
     */
    public Map<String, String> subjectCredits(String degree, Collection<String> subjectCodes, Deadline deadline) {
        return run(
                connection -> {
                    Map<String, String> credits = new LinkedHashMap<>();
                    for (String code : subjectCodes) {
                        rows.credits(connection, degree, code).ifPresent(value -> credits.put(code, value));
                    }
                    return credits;
                },
                deadline);
    }

    /** Keeps what the university answered for {@code key} (queued; written within a second while the database answers). */
    public void keep(PageKey key, ArchivedAnswer answer) {
        enqueue(new ArchiveRows.PageWrite(key, answer));
    }

    /**
     * Records a complete lookup of {@code hallTicket} in {@code regulation} (queued), and that a person asked for it
     * now: the releases it knew, and with them, in the same transaction, the answers it read that did not come from
     * this archive's record of the student ({@code pages}; rewriting a page already kept changes nothing). So the
     * seen set is never committed ahead of the pages it covers, whichever instance queued those pages, and when the
     * queue is full nothing of the lookup is written rather than the seen set alone.
     */
    public void recordLookup(
            HallTicket hallTicket, String regulation, SeenReleases seen, Map<PageKey, ArchivedAnswer> pages) {
        enqueue(new ArchiveRows.LookupWrite(hallTicket, regulation, seen, Optional.of(clock.instant()), pages));
    }

    /**
     * Records that a person asked for {@code hallTicket} now (queued; once per {@link #ASKED_EVERY} per student on
     * this instance, so a student asked every second costs one write a minute): the time of their last lookup moves on
     * also when the answer came from a store and no lookup completed, so that {@link #lookedUp} and the live pages'
     * "looked up in the last 10 minutes" see every ask.
     */
    public void recordAsked(HallTicket hallTicket) {
        Instant now = clock.instant();
        Instant last = askedRecorded.getIfPresent(hallTicket);
        if (last != null && Duration.between(last, now).compareTo(ASKED_EVERY) < 0) {
            return;
        }
        askedRecorded.put(hallTicket, now);
        enqueue(new ArchiveRows.AskedWrite(hallTicket, now));
    }

    /**
     * Records a complete lookup read ahead (queued): as {@link #recordLookup}, but the time a person last asked stays
     * as it was ({@link #lookedUp} orders by it).
     */
    public void recordLookupAhead(
            HallTicket hallTicket, String regulation, SeenReleases seen, Map<PageKey, ArchivedAnswer> pages) {
        enqueue(new ArchiveRows.LookupWrite(hallTicket, regulation, seen, Optional.empty(), pages));
    }

    /**
     * Deletes every row of {@code hallTicket} now, in one transaction, waiting for the schema up to {@code patience};
     * the number of rows deleted. Throws {@link IllegalStateException} when the database does not answer or refuses a
     * delete; nothing is deleted then (a student half forgotten would keep, say, subscriptions to results whose
     * pages are gone).
     */
    public int forget(HallTicket hallTicket, Duration patience) {
        long until = System.nanoTime() + patience.toNanos();
        while (!migrated && System.nanoTime() < until) {
            sleep(Duration.ofMillis(100));
        }
        if (!migrated) {
            throw new IllegalStateException("the archive's database did not answer within " + patience);
        }
        try (Connection connection = pool.getConnection()) {
            return inTransaction(forgetting -> rows.forget(forgetting, hallTicket), new CommitGate())
                    .run(connection);
        } catch (SQLException e) {
            throw new IllegalStateException("the archive's database failed: " + e.getMessage(), e);
        }
    }

    /** What {@code /health} shows; never waits for the database (the row count is refreshed in the background). */
    public ArchiveHealth health() {
        countRowsInBackground();
        long counted = countedRows;
        return new ArchiveHealth(
                database.kind(),
                reachable,
                counted < 0 ? OptionalLong.empty() : OptionalLong.of(counted),
                queue.size() + writing);
    }

    /** Whether the migrations have run once (the schema is in place); stays true from then on. */
    public boolean migrated() {
        return migrated;
    }

    public ArchiveStats stats() {
        return stats;
    }

    /** Writes what is queued (at most {@link #FLUSH_BUDGET}), then closes the connections. */
    @Override
    public void close() {
        closing = true; // the writer sees it within POLL and then drains the queue without waiting
        try {
            writer.join(FLUSH_BUDGET.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!queue.isEmpty()) {
            LOG.warn("archive: {} writes not written at shutdown (the database did not answer)", queue.size());
        }
        readers.shutdownNow();
        pool.close();
    }

    private void enqueue(ArchiveRows.Write write) {
        if (closing || !queue.offer(write)) {
            stats.dropped();
        }
    }

    /** Work on one connection of the service's database. */
    @FunctionalInterface
    public interface Query<T> {
        T run(Connection connection) throws SQLException;
    }

    /**
     * Runs {@code query} now on a reader thread, for callers that need the database's answer (or its write) before
     * they can answer: subscriptions and the alerts' records, kept in the same database as the archive. Waits at
     * most the database timeout, or {@code deadline} when sooner; throws {@link DatabaseUnavailable} when the
     * database does not answer within it, fails, or its schema is not in place yet. The query runs in one
     * transaction, committed when it returns; a {@link RuntimeException} it throws rolls it back and is thrown on.
     * A transaction not done in time is rolled back, never committed after the caller was told it failed (unless it
     * was already committing: then the commit's outcome is awaited and answered). Never run on the writer thread:
     * queued archive writes go on meanwhile.
     */
    public <T> T run(Query<T> query, Deadline deadline) {
        return run(query, deadline, Duration.ZERO);
    }

    /**
     * As {@link #run(Query, Deadline)}, but past the bound waits up to {@code grace} more for the transaction's
     * outcome and answers by it: for a write whose caller must not report a failure for what was in fact stored (a
     * new subscription), where a late answer is better than a wrong one.
     */
    public <T> T run(Query<T> query, Deadline deadline, Duration grace) {
        Duration bound = deadline.remaining().compareTo(timeout) < 0 ? deadline.remaining() : timeout;
        if (!migrated) {
            throw new DatabaseUnavailable("the database's schema is not in place yet", null);
        }
        CommitGate gate = new CommitGate();
        Future<T> result;
        try {
            result = readers.submit(inConnection(inTransaction(query, gate), new AtomicBoolean()));
        } catch (RejectedExecutionException e) {
            throw new DatabaseUnavailable("the database's threads are all busy", e);
        }
        try {
            try {
                return result.get(bound.toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                return outcomeWithin(result, gate, grace, bound.plus(grace));
            }
        } catch (ExecutionException e) {
            throw failureOf(e);
        } catch (InterruptedException e) {
            gate.abandon();
            result.cancel(true);
            Thread.currentThread().interrupt();
            throw new DatabaseUnavailable("interrupted", e);
        }
    }

    /**
     * The transaction's value when it is done within {@code grace}; else it is abandoned (rolled back) and
     * {@link DatabaseUnavailable} thrown, unless it is already committing, whose outcome is then awaited.
     */
    private static <T> T outcomeWithin(Future<T> result, CommitGate gate, Duration grace, Duration waited)
            throws ExecutionException, InterruptedException {
        try {
            return result.get(grace.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            if (gate.abandon()) {
                result.cancel(true);
                throw new DatabaseUnavailable("no answer within " + waited.toMillis() + " ms", e);
            }
            return result.get(); // committing: a commit is bounded by the driver's socket timeout
        }
    }

    /** What the caller is told of a transaction that failed. */
    private RuntimeException failureOf(ExecutionException e) {
        if (e.getCause() instanceof RuntimeException own) {
            return own; // the query's own refusal (a limit reached), not the database's: rolled back, passed on
        }
        if (!(e.getCause() instanceof SQLException sql && isRefusal(sql))) {
            failed(e.getCause()); // a value the database refuses is no outage
        }
        // The state only: the database's message may quote a row (a hall ticket, a URL).
        return new DatabaseUnavailable("the database failed (" + stateOf(e.getCause()) + ")", e.getCause());
    }

    private static String stateOf(Throwable failure) {
        return failure instanceof SQLException sql
                ? "SQL state " + sql.getSQLState()
                : failure.getClass().getSimpleName();
    }

    /** {@code query} in one transaction, committed when it returns unless {@code gate} says its caller gave up. */
    private static <T> Query<T> inTransaction(Query<T> query, CommitGate gate) {
        return connection -> {
            connection.setAutoCommit(false);
            try {
                T value = query.run(connection);
                if (!gate.commit()) {
                    throw new SQLException("abandoned: its caller stopped waiting", "57014");
                }
                connection.commit();
                return value;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        };
    }

    /** The query's result, or empty when the database does not answer within the bound; {@code isHit} for the count. */
    private <T> Optional<T> read(Query<T> query, Predicate<T> isHit, Deadline deadline) {
        Duration bound = deadline.remaining().compareTo(timeout) < 0 ? deadline.remaining() : timeout;
        if (!migrated || bound.isNegative() || bound.isZero()) {
            stats.read(ArchiveStats.ReadOutcome.UNAVAILABLE);
            return Optional.empty();
        }
        Future<T> result;
        AtomicBoolean started = new AtomicBoolean();
        try {
            result = readers.submit(inConnection(query, started));
        } catch (RejectedExecutionException e) {
            stats.read(ArchiveStats.ReadOutcome.UNAVAILABLE);
            return Optional.empty();
        }
        try {
            T value = result.get(bound.toNanos(), TimeUnit.NANOSECONDS);
            stats.read(isHit.test(value) ? ArchiveStats.ReadOutcome.HIT : ArchiveStats.ReadOutcome.MISS);
            return Optional.of(value);
        } catch (TimeoutException e) {
            result.cancel(true);
            // The database is slow only when the query had started: not when it waited for a reader thread all along
            // (a busy moment of this instance), nor when the caller's own deadline came first.
            if (bound.equals(timeout) && started.get()) {
                failed(new TimeoutException("no answer within " + bound.toMillis() + " ms"));
            }
        } catch (ExecutionException e) {
            failed(e.getCause());
        } catch (InterruptedException e) {
            result.cancel(true);
            Thread.currentThread().interrupt();
        }
        stats.read(ArchiveStats.ReadOutcome.UNAVAILABLE);
        return Optional.empty();
    }

    private <T> Callable<T> inConnection(Query<T> query, AtomicBoolean started) {
        return () -> {
            started.set(true);
            try (Connection connection = pool.getConnection()) {
                T value = query.run(connection);
                answered();
                return value;
            }
        };
    }

    private void countRowsInBackground() {
        if (!migrated
                || Duration.between(countedAt, clock.instant()).compareTo(COUNT_EVERY) < 0
                || !counting.compareAndSet(false, true)) {
            return;
        }
        try {
            readers.execute(() -> {
                try (Connection connection = pool.getConnection()) {
                    countedRows = rows.countPages(connection);
                    countedAt = clock.instant();
                    answered();
                } catch (SQLException | RuntimeException e) {
                    failed(e);
                } finally {
                    counting.set(false);
                }
            });
        } catch (RejectedExecutionException e) {
            counting.set(false);
        }
    }

    /** The writer: the schema first, then every queued write, until closed and the queue is empty. */
    private void writeUntilClosed() {
        List<ArchiveRows.Write> batch = new ArrayList<>();
        while (!(closing && queue.isEmpty() && batch.isEmpty())) {
            if (!migrated && !migrate()) {
                if (closing) {
                    return; // nothing can be written: close() reports what is left
                }
                pause();
                continue;
            }
            if (batch.isEmpty() && !takeBatch(batch)) {
                continue;
            }
            writing = batch.size();
            try (Connection connection = pool.getConnection()) {
                write(connection, batch);
                writing = 0;
                answered();
            } catch (SQLException | RuntimeException e) {
                failed(e);
                if (closing) {
                    return;
                }
                pause(); // the same batch is tried again: nothing is lost while the queue holds
            }
        }
    }

    /**
     * Writes {@code batch} in one transaction and empties it; when the database refuses a row for good (a value it
     * cannot hold), row by row, dropping the refused ones (counted and logged), so that one bad row never blocks
     * the rows behind it. Throws, leaving the rows not yet written in {@code batch}, when the database does not answer.
     */
    private void write(Connection connection, List<ArchiveRows.Write> batch) throws SQLException {
        try {
            rows.write(connection, batch, this::changed);
            stats.written(ArchiveRows.rowsOf(batch));
            batch.clear();
            return;
        } catch (SQLException e) {
            if (!isRefusal(e)) {
                throw e;
            }
        }
        while (!batch.isEmpty()) {
            try {
                rows.write(connection, batch.subList(0, 1), this::changed);
                stats.written(ArchiveRows.rowsOf(batch.subList(0, 1)));
            } catch (SQLException e) {
                if (!isRefusal(e)) {
                    throw e;
                }
                stats.dropped();
                // The state only: the database's message may quote the row, which holds names and marks.
                LOG.warn(
                        "archive: the {} database refused a row (SQL state {}); dropped",
                        database.kind(),
                        e.getSQLState());
            }
            batch.removeFirst();
        }
    }

    /** A row the database will never take (data or constraint error, SQL state class 22 or 23), not an outage. */
    private static boolean isRefusal(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.startsWith("22") || state.startsWith("23"));
    }

    /** Waits for a write (not while closing), then takes what else is queued; false when nothing came. */
    private boolean takeBatch(List<ArchiveRows.Write> batch) {
        try {
            ArchiveRows.Write first = closing ? queue.poll() : queue.poll(POLL.toMillis(), TimeUnit.MILLISECONDS);
            if (first == null) {
                return false;
            }
            batch.add(first);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closing = true;
            return false;
        }
        queue.drainTo(batch, BATCH - 1);
        return true;
    }

    private boolean migrate() {
        try {
            database.prepare();
            Flyway.configure()
                    .dataSource(pool)
                    .locations("classpath:db/migration")
                    .javaMigrations(new SubjectCreditsFromPages(rows))
                    // Another instance may hold the lock while it runs a long migration (7 reads every kept page):
                    // wait for it rather than give up after Flyway's 50 s and report the database as not answering.
                    .lockRetryCount(-1)
                    .load()
                    .migrate();
            migrated = true;
            answered();
            LOG.info("archive: {} ready", database.kind());
            return true;
        } catch (RuntimeException e) {
            failed(e);
            return false;
        }
    }

    private void changed(PageKey key) {
        stats.changed();
        LOG.info(
                "archive: a kept page changed on a re-read (exam {}{}); the new one replaces it",
                key.examCode(),
                key.rcrv() ? " RC/RV" : "");
    }

    private void answered() {
        if (!reachable) {
            reachable = true;
            LOG.info("archive: the {} database answers", database.kind());
        }
    }

    /** Logged once per outage: the first failure after the database answered, or the first one at all. */
    private void failed(Throwable e) {
        if (reachable || !loggedDown) {
            loggedDown = true;
            LOG.warn(
                    "archive: the {} database does not answer ({}); answers come from the university until it does",
                    database.kind(),
                    e.getMessage());
        }
        reachable = false;
    }

    /** Waits {@link #RETRY_AFTER}, or less once the archive is closing. */
    private void pause() {
        for (long waited = 0; waited < RETRY_AFTER.toMillis() && !closing; waited += POLL.toMillis()) {
            sleep(POLL);
        }
    }

    private static void sleep(Duration time) {
        try {
            Thread.sleep(time);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
