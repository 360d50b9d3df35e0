package in.results.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Ticker;
import in.results.alerts.AlertPruner;
import in.results.alerts.AlertStore;
import in.results.alerts.PublishedResult;
import in.results.alerts.StudentEvent;
import in.results.alerts.Subscription;
import in.results.alerts.SubscriptionStore;
import in.results.alerts.WebhookSecret;
import in.results.api.ResultEvents;
import in.results.archive.Archive;
import in.results.archive.ArchiveDatabase;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.config.AlertSettings;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import in.results.grading.GradeCalculator;
import in.results.grading.Grading;
import in.results.lookup.AttemptPage;
import in.results.scrape.ResultPage;
import in.results.testing.ManualTicker;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code -Dbench.suites=alerts-retention}: how large the result alerts' tables grow per 1,000 subscribers and release,
 * and what a pruning pass ({@link AlertPruner}, the service's own, with its batch of 500 and pause of 100 ms) leaves,
 * on the embedded SQLite file and on a real PostgreSQL. The rows are made by the service's own stores, as dispatch and
 * delivery make them: {@link #SUBSCRIBERS} active webhook subscriptions of as many students; per release, the release
 * listed, every subscriber's student checked with one new page (the event's data built by {@link ResultEvents} from a
 * real 7-column result page, the fixture of exam 1560), the dispatch ended, and every delivery claimed and ended
 * (delivered: a delivery given up takes its subscription and its undelivered rows with it at once).
 *
 * <p>Stages, on a manual clock, with the default retention ({@code RESULTS_ALERTS_RETENTION_DAYS}, 30 days): four
 * releases {@link #APART} apart (days 0, 10, 20, 30), measured; on day 45 a pass (the releases of days 0 and 10 are
 * older than the retention), measured, and on PostgreSQL measured again after a {@code VACUUM} (what autovacuum does
 * by itself); two more releases (days 45 and 55), measured (the freed space reused); on day 100 a pass (all older),
 * measured. Sizes: per table with its indexes, SQLite's {@code dbstat} (the pages each table and index occupies) and
 * the database's {@code page_count × page_size} with the free pages among them; PostgreSQL's
 * {@code pg_total_relation_size} (table, indexes and TOAST). Bounded: {@link #SUBSCRIBERS} × 6 events and deliveries
 * per database.
 */
final class AlertsRetentionBenchmark {
    static final int SUBSCRIBERS = Integer.getInteger("bench.retention.subscribers", 1000);
    static final Duration APART = Duration.ofDays(10);
    static final Duration RETENTION = Duration.ofDays(AlertSettings.defaults().retentionDays());
    /** The releases of the first stage, then of the third: R18 B.Tech exam codes of the built-in table. */
    static final List<String> FIRST_RELEASES = List.of("1560", "1610", "1628", "1667");

    static final List<String> LATER_RELEASES = List.of("1707", "1728");
    static final List<String> TABLES = List.of("student_events", "deliveries", "subscriptions", "alert_releases");
    private static final String PUBLIC_URL = "https://results.example.in";

    private final ObjectMapper mapper = new ObjectMapper();
    private final ResultPage page = BenchDatabases.fixturePage();
    private final SecureRandom random = new SecureRandom();

    void run() throws Exception {
        System.out.printf(
                "%n## Result alerts: retention, %d subscribers, retention %d days%n", SUBSCRIBERS, RETENTION.toDays());
        System.out.println("| database | stage | student_events rows, bytes | deliveries rows, bytes"
                + " | subscriptions rows, bytes | alert_releases rows | database bytes (free) |");
        BenchDatabases.eachKind(this::measure);
    }

    /** The stages of the class comment on {@code database}, each printed as a row. */
    private void measure(ArchiveDatabase database) throws Exception {
        ManualTicker ticker = new ManualTicker();
        Instant start = ticker.clock().instant();
        try (Archive archive = Archive.open(database, Duration.ofSeconds(5), ticker.clock());
                Connection connection =
                        DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password())) {
            awaitReady(archive);
            AlertStore store = new AlertStore(archive);
            AlertPruner pruner =
                    new AlertPruner(archive, store, RETENTION, "bench", Duration.ofSeconds(5), ticker.clock(), ticker);
            List<HallTicket> students = subscribe(archive, start);
            List<String> listed = new ArrayList<>(List.of(nameOf("1391")));
            store.listed(listed, start.minus(Duration.ofDays(1)), soon()); // the first look: nobody's news
            Duration day = Duration.ZERO;
            for (String code : FIRST_RELEASES) {
                release(store, students, listed, code, start.plus(day));
                day = day.plus(APART);
            }
            ticker.advance(day.minus(APART)); // the day of the last release
            Map<String, Table> before = report(database, connection, "4 releases (days 0, 10, 20, 30), before a pass");
            ticker.advance(Duration.ofDays(15));
            pass(pruner, "day 45: a pass");
            report(database, connection, "day 45, after the pass (days 0 and 10 deleted)");
            if (!database.kind().equals("embedded")) {
                try (Statement vacuum = connection.createStatement()) {
                    vacuum.execute("VACUUM");
                }
                report(database, connection, "day 45, after VACUUM (autovacuum's work)");
            }
            for (String code : LATER_RELEASES) {
                release(store, students, listed, code, ticker.clock().instant());
                ticker.advance(APART);
            }
            report(database, connection, "2 more releases (days 45, 55): 4 kept again");
            ticker.advance(Duration.ofDays(35));
            pass(pruner, "day 100: a pass");
            report(database, connection, "day 100, after the pass (all older than 30 days)");
            perThousand(database, before, FIRST_RELEASES.size());
        }
    }

    /** {@link #SUBSCRIBERS} students, each with one active webhook subscription. */
    private List<HallTicket> subscribe(Archive archive, Instant start) {
        SubscriptionStore subscriptions = new SubscriptionStore(archive);
        List<HallTicket> students = new ArrayList<>();
        for (int i = 1; i <= SUBSCRIBERS; i++) {
            HallTicket student = new HallTicket(String.format("209A1A%04d", i));
            byte[] id = new byte[16];
            random.nextBytes(id);
            subscriptions.add(
                    new Subscription(
                            "sub_" + HexFormat.of().formatHex(id),
                            student,
                            Subscription.Kind.WEBHOOK,
                            "https://results-app.example/hooks/jntuh-results",
                            WebhookSecret.generate(random).text(),
                            Subscription.Status.ACTIVE,
                            "203.0.113.7",
                            start.minus(Duration.ofDays(1)),
                            1,
                            Subscription.LastDelivery.NONE),
                    tokenHash(random),
                    null,
                    counts -> {},
                    soon());
            students.add(student);
        }
        return students;
    }

    /** A stored management token's size: the hex SHA-256 of 32 random bytes. */
    private static String tokenHash(java.util.Random random) {
        byte[] hash = new byte[32];
        random.nextBytes(hash);
        return HexFormat.of().formatHex(hash);
    }

    /** One release at {@code at}, as dispatch and delivery record it (class comment). */
    private void release(AlertStore store, List<HallTicket> students, List<String> listed, String code, Instant at)
            throws Exception {
        String name = nameOf(code);
        listed.add(name);
        if (!store.listed(listed, at, soon()).waiting().equals(List.of(name))) {
            throw new IllegalStateException("release " + name + " is not the one waiting for dispatch");
        }
        ExamRelease release = ExamCatalog.builtIn().all().stream()
                .filter(r -> r.code().equals(code) && !r.rcrv())
                .findFirst()
                .orElseThrow();
        for (HallTicket student : students) {
            PublishedResult result = new PublishedResult(
                    student,
                    new AttemptPage(release, page),
                    GradeCalculator.sgpaOf(page.subjects(), Grading.ofPage(page)));
            String data = mapper.writeValueAsString(ResultEvents.data(result, PUBLIC_URL));
            store.checked(name, student, List.of(new StudentEvent(student, name, data, at)), soon());
        }
        store.dispatched(name, at, soon());
        int sent = 0;
        for (List<AlertStore.DueDelivery> due = store.claimDue(at, at.plusSeconds(60), 500, soon());
                !due.isEmpty();
                due = store.claimDue(at, at.plusSeconds(60), 500, soon())) {
            for (AlertStore.DueDelivery delivery : due) {
                String subscription = delivery.subscription().id();
                sent++;
                store.delivered(delivery.id(), subscription, "200", at, soon());
            }
        }
        if (sent != students.size()) {
            throw new IllegalStateException(sent + " deliveries for " + students.size() + " subscribers");
        }
    }

    private static void pass(AlertPruner pruner, String stage) {
        long started = System.nanoTime();
        AlertPruner.Pruned pruned =
                pruner.prune().orElseThrow(() -> new IllegalStateException("the lease was not free"));
        System.out.printf(
                "|  | %s: %d deliveries in %d batches, %d events in %d batches, %.1f s (pauses of 100 ms included) | | | | | |%n",
                stage,
                pruned.deliveries(),
                pruned.deliveryBatches().size(),
                pruned.events(),
                pruned.eventBatches().size(),
                (System.nanoTime() - started) / 1e9);
    }

    /** Rows and bytes of one table, its indexes included. */
    record Table(long rows, long bytes) {}

    private static Map<String, Table> report(ArchiveDatabase database, Connection connection, String stage)
            throws SQLException {
        boolean sqlite = database.kind().equals("embedded");
        Map<String, Table> tables = new LinkedHashMap<>();
        Map<String, Long> bytes = sqlite ? sqliteBytes(connection) : postgresBytes(connection);
        for (String table : TABLES) {
            tables.put(table, new Table(count(connection, table), bytes.getOrDefault(table, 0L)));
        }
        System.out.printf(
                "| %s | %s | %,d, %,d | %,d, %,d | %,d, %,d | %d | %s |%n",
                sqlite ? "SQLite" : "PostgreSQL",
                stage,
                tables.get("student_events").rows(),
                tables.get("student_events").bytes(),
                tables.get("deliveries").rows(),
                tables.get("deliveries").bytes(),
                tables.get("subscriptions").rows(),
                tables.get("subscriptions").bytes(),
                tables.get("alert_releases").rows(),
                sqlite ? sqliteFile(connection) : postgresDatabase(connection));
        return tables;
    }

    /** Bytes per 1,000 subscribers and release of events and deliveries, from the stage before the first pass. */
    private static void perThousand(ArchiveDatabase database, Map<String, Table> before, int releases) {
        double share = 1000.0 / SUBSCRIBERS / releases;
        Table events = before.get("student_events");
        Table deliveries = before.get("deliveries");
        System.out.printf(
                "%s, per 1,000 subscribers per release: %.0f events (%.0f KiB), %.0f deliveries (%.0f KiB); %.0f KiB"
                        + " in all, %.0f bytes per subscriber and release%n",
                database.kind().equals("embedded") ? "SQLite" : "PostgreSQL",
                events.rows() * share,
                events.bytes() * share / 1024,
                deliveries.rows() * share,
                deliveries.bytes() * share / 1024,
                (events.bytes() + deliveries.bytes()) * share / 1024,
                (events.bytes() + deliveries.bytes()) * share / 1000);
    }

    private static long count(Connection connection, String table) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
            row.next();
            return row.getLong(1);
        }
    }

    /** The pages of each table and its indexes ({@code dbstat}: every b-tree, by the table it belongs to). */
    private static Map<String, Long> sqliteBytes(Connection connection) throws SQLException {
        Map<String, Long> bytes = new LinkedHashMap<>();
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT m.tbl_name, SUM(s.pgsize) FROM dbstat s"
                        + " JOIN sqlite_master m ON m.name = s.name GROUP BY m.tbl_name")) {
            while (row.next()) {
                bytes.put(row.getString(1), row.getLong(2));
            }
        }
        return bytes;
    }

    private static String sqliteFile(Connection connection) throws SQLException {
        long pageSize = pragma(connection, "page_size");
        return String.format(
                "%,d (%,d)",
                pragma(connection, "page_count") * pageSize, pragma(connection, "freelist_count") * pageSize);
    }

    private static long pragma(Connection connection, String name) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("PRAGMA " + name)) {
            row.next();
            return row.getLong(1);
        }
    }

    private static Map<String, Long> postgresBytes(Connection connection) throws SQLException {
        Map<String, Long> bytes = new LinkedHashMap<>();
        for (String table : TABLES) {
            try (Statement statement = connection.createStatement();
                    ResultSet row = statement.executeQuery("SELECT pg_total_relation_size('" + table + "')")) {
                row.next();
                bytes.put(table, row.getLong(1));
            }
        }
        return bytes;
    }

    private static String postgresDatabase(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT pg_database_size(current_database())")) {
            row.next();
            return String.format("%,d (–)", row.getLong(1));
        }
    }

    private static String nameOf(String code) {
        return "btech/" + code + "/regular";
    }

    private static void awaitReady(Archive archive) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!archive.health().reachable()) {
            if (System.nanoTime() > until) {
                throw new IllegalStateException("the archive's database did not answer in 30 s");
            }
            Thread.sleep(100);
        }
    }

    private static Deadline soon() {
        return Deadline.after(Duration.ofSeconds(5), Ticker.systemTicker());
    }
}
