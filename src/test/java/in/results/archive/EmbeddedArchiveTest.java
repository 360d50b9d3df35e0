package in.results.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import in.results.scrape.ResultPage;
import in.results.scrape.StudentDetails;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The archive in its embedded SQLite file, as a single instance keeps it. */
class EmbeddedArchiveTest extends ArchiveContract {
    @TempDir
    Path dataDir;

    @Override
    ArchiveDatabase database() {
        return ArchiveDatabase.embedded(dataDir);
    }

    @Override
    void refuseDeletesFrom(String table) {
        archive()
                .run(
                        connection -> {
                            try (Statement statement = connection.createStatement()) {
                                statement.execute("CREATE TRIGGER refuse_deletes BEFORE DELETE ON " + table
                                        + " BEGIN SELECT RAISE(ABORT, 'deletes refused'); END");
                            }
                            return null;
                        },
                        soon());
    }

    @Test
    void a_row_of_a_newer_format_or_an_unreadable_page_is_a_miss_not_an_error() throws Exception {
        awaitReady();
        try (Connection connection = DriverManager.getConnection(database().jdbcUrl());
                PreparedStatement insert = connection.prepareStatement("INSERT INTO result_pages (hall_ticket, degree,"
                        + " exam_code, rcrv, outcome, page, withheld, format, read_at) VALUES (?, 'btech', ?, 0, ?, ?,"
                        + " 0, ?, 0)")) {
            Object[][] rows = {
                {"1701", "found", "{\"examTitle\":\"x\"}", ArchiveRows.FORMAT + 1},
                {"1702", "found", "not json", 1},
                {"1703", "revised", null, 1},
                {"1704", "no_result", null, 1}
            };
            for (Object[] row : rows) {
                insert.setString(1, STUDENT.value());
                insert.setString(2, (String) row[0]);
                insert.setString(3, (String) row[1]);
                insert.setString(4, (String) row[2]);
                insert.setInt(5, (Integer) row[3]);
                insert.executeUpdate();
            }
        }

        StudentRecord record = archive().student(STUDENT, "R18", soon());

        assertThat(record.pages()).containsOnlyKeys(key("1704", false));
        assertThat(archive().page(key("1701", false), soon())).isEmpty();
        assertThat(archive().stats().unreadableRows()).isEqualTo(4); // three rows in the record, one by key
    }

    @Test
    void a_page_kept_before_pages_carried_a_legend_reads_with_an_empty_legend() throws Exception {
        awaitReady();
        String keptWithoutLegend = "{\"examTitle\":\"B.Tech\",\"details\":{\"hallTicket\":\"189A1A0501\","
                + "\"name\":\"A\",\"fatherName\":\"B\",\"collegeCode\":\"9A\"},\"subjects\":[]}";
        try (Connection connection = DriverManager.getConnection(database().jdbcUrl());
                PreparedStatement insert = connection.prepareStatement("INSERT INTO result_pages (hall_ticket, degree,"
                        + " exam_code, rcrv, outcome, page, withheld, format, read_at) VALUES (?, 'btech', '1701', 0,"
                        + " 'found', ?, 0, 1, 0)")) {
            insert.setString(1, STUDENT.value());
            insert.setString(2, keptWithoutLegend);
            insert.executeUpdate();
        }

        assertThat(archive().page(key("1701", false), soon()))
                .hasValue(new ArchivedAnswer.Found(
                        new ResultPage("B.Tech", new StudentDetails("189A1A0501", "A", "B", "9A"), List.of()),
                        Instant.EPOCH));
    }

    @Test
    void a_data_folder_that_cannot_be_made_leaves_the_archive_unreachable_reads_missing_and_writes_queued()
            throws Exception {
        Path notAFolder = Files.writeString(dataDir.resolve("file"), "in the way");
        Archive blocked =
                Archive.open(ArchiveDatabase.embedded(notAFolder.resolve("data")), TIMEOUT, Clock.systemUTC());
        try {
            blocked.keep(key("1605", false), new ArchivedAnswer.Found(PAGE, READ));

            long started = System.nanoTime();
            StudentRecord record = blocked.student(STUDENT, "R18", soon());
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            assertThat(record).isEqualTo(StudentRecord.empty());
            assertThat(took).isLessThan(TIMEOUT);
            await().during(Duration.ofMillis(500))
                    .atMost(Duration.ofSeconds(2))
                    .until(() -> !blocked.health().reachable());
            assertThat(blocked.health().queued()).isEqualTo(1);
            assertThat(blocked.stats().reads(ArchiveStats.ReadOutcome.UNAVAILABLE))
                    .isEqualTo(1);
        } finally {
            blocked.close();
        }
    }

    @Test
    void the_file_is_in_wal_mode_so_reads_go_on_while_the_writer_writes() throws Exception {
        awaitReady();
        try (Connection connection = DriverManager.getConnection(database().jdbcUrl());
                var mode = connection.createStatement().executeQuery("PRAGMA journal_mode")) {
            mode.next();
            assertThat(mode.getString(1)).isEqualToIgnoringCase("wal");
        }
        assertThat(dataDir.resolve(ArchiveDatabase.FILE)).exists();
    }
}
