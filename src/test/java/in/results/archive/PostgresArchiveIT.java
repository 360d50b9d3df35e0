package in.results.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import in.results.config.DatabaseAddress;
import in.results.testing.PostgresServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The archive in a real PostgreSQL, as a fleet keeps it: one empty database per test. */
class PostgresArchiveIT extends ArchiveContract {
    private static PostgresServer postgres;
    private String url;

    @BeforeAll
    static void startPostgres() {
        postgres = PostgresServer.start();
    }

    @AfterAll
    static void stopPostgres() {
        postgres.close();
    }

    @BeforeEach
    void newDatabase() {
        if (!postgres.isRunning()) {
            postgres.restart();
        }
        url = postgres.newDatabase();
    }

    @Override
    ArchiveDatabase database() {
        return ArchiveDatabase.postgresql(DatabaseAddress.parse(url));
    }

    @Override
    void refuseDeletesFrom(String table) {
        archive()
                .run(
                        connection -> {
                            try (Statement statement = connection.createStatement()) {
                                statement.execute("CREATE FUNCTION refuse_deletes() RETURNS trigger LANGUAGE plpgsql"
                                        + " AS $$ BEGIN RAISE EXCEPTION 'deletes refused'; END $$");
                                statement.execute("CREATE TRIGGER refuse_deletes BEFORE DELETE ON " + table
                                        + " FOR EACH ROW EXECUTE FUNCTION refuse_deletes()");
                            }
                            return null;
                        },
                        soon());
    }

    @Test
    void a_database_lost_mid_run_turns_reads_into_misses_keeps_writes_queued_and_catches_up_when_back() {
        awaitReady();
        archive().keep(key("1605", false), new ArchivedAnswer.Found(PAGE, READ));
        awaitWritten(1);

        postgres.stop();
        long started = System.nanoTime();
        StudentRecord whileDown = archive().student(STUDENT, "R18", soon());
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        archive().keep(key("1606", false), new ArchivedAnswer.NoResult(READ));
        await().atMost(Duration.ofSeconds(5)).until(() -> !archive().health().reachable());
        int queuedWhileDown = archive().health().queued();
        postgres.restart();

        await().atMost(Duration.ofSeconds(15))
                .until(() -> archive().student(STUDENT, "R18", soon()).pages().size() == 2);
        assertThat(whileDown).isEqualTo(StudentRecord.empty());
        assertThat(took).isLessThan(TIMEOUT.plusMillis(250));
        assertThat(queuedWhileDown).isBetween(0, 1); // taken by the writer, retried, or still waiting
        assertThat(archive().health().reachable()).isTrue();
    }

    @Test
    void a_slow_database_makes_a_read_a_miss_within_the_bound_and_writes_wait_for_it() throws Exception {
        awaitReady();
        archive().keep(key("1605", false), new ArchivedAnswer.Found(PAGE, READ));
        awaitWritten(1);
        try (Connection blocker = DriverManager.getConnection(PostgresServer.jdbcUrlOf(url))) {
            blocker.setAutoCommit(false);
            try (Statement lock = blocker.createStatement()) {
                // Every statement on the table now waits for this transaction: a database that stopped answering.
                lock.execute("LOCK TABLE result_pages IN ACCESS EXCLUSIVE MODE");
            }
            archive().keep(key("1606", false), new ArchivedAnswer.NoResult(READ));

            long started = System.nanoTime();
            StudentRecord whileSlow = archive().student(STUDENT, "R18", soon());
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            assertThat(whileSlow).isEqualTo(StudentRecord.empty());
            assertThat(took).isBetween(TIMEOUT.minusMillis(50), TIMEOUT.plusMillis(250));
            assertThat(archive().stats().reads(ArchiveStats.ReadOutcome.UNAVAILABLE))
                    .isEqualTo(1);
            assertThat(archive().stats().writes()).isEqualTo(1); // the second write waits
            assertThat(archive().health().reachable()).isFalse();
            blocker.rollback();
        }

        await().atMost(Duration.ofSeconds(15))
                .until(() -> archive().student(STUDENT, "R18", soon()).pages().size() == 2);
        assertThat(archive().health().reachable()).isTrue();
    }

    @Test
    void a_row_the_database_refuses_is_dropped_and_counted_and_never_blocks_the_rows_behind_it() {
        awaitReady();
        PageKey tooLong = new PageKey(STUDENT, "b".repeat(40), "1605", false); // the degree column holds 32
        archive().keep(tooLong, new ArchivedAnswer.NoResult(READ));
        archive().keep(key("1605", false), new ArchivedAnswer.Found(PAGE, READ));

        await().atMost(Duration.ofSeconds(5)).until(() -> archive().stats().writes() == 1);

        assertThat(archive().stats().droppedWrites()).isEqualTo(1);
        assertThat(archive().student(STUDENT, "R18", soon()).pages())
                .containsExactly(java.util.Map.entry(key("1605", false), new ArchivedAnswer.Found(PAGE, READ)));
        assertThat(archive().health().reachable()).isTrue();
    }

    @Test
    void a_database_down_at_start_gets_its_schema_when_it_first_answers() {
        postgres.stop();
        Archive early = Archive.open(database(), TIMEOUT, Clock.systemUTC());
        try {
            early.keep(key("1605", false), new ArchivedAnswer.Found(PAGE, READ));
            assertThat(early.student(STUDENT, "R18", soon())).isEqualTo(StudentRecord.empty());
            assertThat(early.health().reachable()).isFalse();

            postgres.restart();

            await().atMost(Duration.ofSeconds(15))
                    .until(() -> early.page(key("1605", false), soon()).isPresent());
            assertThat(early.health().reachable()).isTrue();
        } finally {
            early.close();
        }
    }

    @Test
    void two_archives_writing_the_same_page_at_once_leave_one_row_without_error() {
        awaitReady();
        Archive second = Archive.open(database(), TIMEOUT, Clock.systemUTC());
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> second.health().reachable());
            for (int i = 0; i < 50; i++) {
                archive().keep(key("1605", false), new ArchivedAnswer.Found(PAGE, READ.plusMillis(i)));
                second.keep(key("1605", false), new ArchivedAnswer.Found(PAGE, READ.plusMillis(i)));
            }
            await().atMost(Duration.ofSeconds(5))
                    .until(() ->
                            archive().stats().writes() == 50 && second.stats().writes() == 50);

            assertThat(archive().student(STUDENT, "R18", soon()).pages())
                    .containsExactly(java.util.Map.entry(
                            key("1605", false), new ArchivedAnswer.Found(PAGE, READ.plusMillis(49))));
        } finally {
            second.close();
        }
    }
}
