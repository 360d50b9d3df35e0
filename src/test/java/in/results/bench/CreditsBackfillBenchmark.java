package in.results.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.archive.Archive;
import in.results.archive.ArchiveDatabase;
import in.results.scrape.ResultPage;
import in.results.scrape.SubjectResult;
import in.results.testing.ArchiveSchemas;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * {@code -Dbench.suites=credits-backfill}: how long an archive of {@link #PAGES} pages kept before migration 7 takes
 * to be upgraded, migration 7 filling {@code subject_credits} from every found page, on the embedded SQLite file and
 * on a real PostgreSQL. The database is brought to migration 6 by Flyway, then filled with pages as the archive keeps
 * them (the real 7-column page of exam 1560, as JSON, under {@link #PAGES} hall tickets; its subject codes made one of
 * {@link #SUBJECT_SETS} sets, so that the table gets thousands of subjects); then the service's archive opens it and
 * the time until its schema is in place (what readiness waits for) is measured, with the subjects filled. Bounded:
 * {@link #PAGES} rows per database.
 */
final class CreditsBackfillBenchmark {
    static final int PAGES = Integer.getInteger("bench.backfill.pages", 1_000_000);
    static final int SUBJECT_SETS = 2_000;

    private final ObjectMapper mapper = new ObjectMapper();
    private final ResultPage page = BenchDatabases.fixturePage();

    void run() throws Exception {
        System.out.printf("%n## The archive's upgrade to migration 7: subject credits from %,d kept pages%n", PAGES);
        System.out.println("| database | pages | database bytes | time to ready | pages/s | subjects filled |");
        BenchDatabases.eachKind(this::measure);
    }

    private void measure(ArchiveDatabase database) throws Exception {
        ArchiveSchemas.migrateTo(database, "6");
        long bytes;
        try (Connection connection =
                DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password())) {
            fill(connection);
            bytes = size(connection, database.kind().equals("embedded"));
        }
        long started = System.nanoTime();
        try (Archive archive = Archive.open(database, Duration.ofSeconds(5), Clock.systemUTC())) {
            while (!archive.migrated()) {
                Thread.sleep(20);
            }
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            try (Connection connection =
                    DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password())) {
                System.out.printf(
                        "| %s | %,d | %,d | %.1f s | %,.0f | %,d |%n",
                        database.kind(),
                        PAGES,
                        bytes,
                        took.toMillis() / 1000.0,
                        PAGES / (took.toMillis() / 1000.0),
                        count(connection, "SELECT COUNT(*) FROM subject_credits"));
            }
        }
    }

    /** {@link #PAGES} found pages of format 2, committed every 5,000. */
    private void fill(Connection connection) throws IOException, SQLException {
        connection.setAutoCommit(false);
        String[] pages = new String[SUBJECT_SETS];
        for (int set = 0; set < SUBJECT_SETS; set++) {
            pages[set] = mapper.writeValueAsString(withCodes(set));
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO result_pages (hall_ticket, degree,"
                + " exam_code, rcrv, outcome, page, withheld, format, read_at)"
                + " VALUES (?, 'btech', '1560', ?, 'found', ?, ?, 2, ?)")) {
            for (int i = 0; i < PAGES; i++) {
                insert.setString(1, String.format("%06dA%03d", i / 2, 0));
                insert.setBoolean(2, i % 2 == 1);
                insert.setString(3, pages[i % SUBJECT_SETS]);
                insert.setBoolean(4, false);
                insert.setLong(5, 1_700_000_000_000L + i);
                insert.addBatch();
                if (i % 5_000 == 4_999) {
                    insert.executeBatch();
                    connection.commit();
                }
            }
            insert.executeBatch();
            connection.commit();
        }
        connection.setAutoCommit(true);
    }

    /** The fixture's page with each subject code suffixed by {@code set}, as another programme's syllabus would be. */
    private ResultPage withCodes(int set) {
        List<SubjectResult> rows = page.subjects().stream()
                .map(row -> new SubjectResult(
                        row.code() + "-" + set,
                        row.name(),
                        row.internal(),
                        row.external(),
                        row.total(),
                        row.grade(),
                        row.credits()))
                .toList();
        return new ResultPage(page.examTitle(), page.details(), rows, page.legend());
    }

    private static long size(Connection connection, boolean embedded) throws SQLException {
        return embedded
                ? count(connection, "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()")
                : count(connection, "SELECT pg_database_size(current_database())");
    }

    private static long count(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
