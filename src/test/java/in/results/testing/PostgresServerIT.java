package in.results.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real PostgreSQL from {@link PostgresServer}: upserts, an outage and a recovery, and nothing left behind. */
class PostgresServerIT {
    private static final String CREATE_GRADES =
            "CREATE TABLE grades (hall_ticket text PRIMARY KEY, grade text NOT NULL)";
    private static final String UPSERT_GRADE = "INSERT INTO grades (hall_ticket, grade) VALUES (?, ?)"
            + " ON CONFLICT (hall_ticket) DO UPDATE SET grade = EXCLUDED.grade";
    private static final String SELECT_GRADES = "SELECT hall_ticket, grade FROM grades ORDER BY hall_ticket";
    private static final String TICKET = "20A91A0501";

    private PostgresServer postgres;

    @BeforeEach
    void start() {
        postgres = PostgresServer.start();
    }

    @AfterEach
    void stop() {
        postgres.close();
    }

    @Test
    void the_database_made_at_start_answers_at_the_urls_the_server_names() throws SQLException {
        // given a started server
        int port = postgres.port();

        // when asking its database who and where it is
        List<String> identity;
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl());
                Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT current_database(), current_user, inet_server_port()")) {
            row.next();
            identity = List.of(row.getString(1), row.getString(2), Integer.toString(row.getInt(3)));
        }

        // then
        assertThat(identity).containsExactly("results", "results", Integer.toString(port));
        assertThat(postgres.url()).isEqualTo("postgresql://results@127.0.0.1:" + port + "/results");
        assertThat(postgres.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:" + port + "/results?user=results");
    }

    @Test
    void an_upsert_written_twice_leaves_one_row_holding_the_second_write() throws SQLException {
        // given a table keyed by hall ticket, in a database of this test's own
        try (Connection connection = DriverManager.getConnection(PostgresServer.jdbcUrlOf(postgres.newDatabase()))) {
            execute(connection, CREATE_GRADES);

            // when the same fact is written twice, the second time corrected
            int first = upsert(connection, TICKET, "B");
            int second = upsert(connection, TICKET, "A");

            // then
            assertThat(List.of(first, second)).containsExactly(1, 1);
            assertThat(grades(connection)).containsExactly(TICKET + "=A");
        }
    }

    @Test
    void each_new_database_starts_empty() throws SQLException {
        // given two new databases, a table made in the first
        String first = postgres.newDatabase();
        String second = postgres.newDatabase();
        try (Connection connection = DriverManager.getConnection(PostgresServer.jdbcUrlOf(first))) {
            execute(connection, CREATE_GRADES);
        }

        // when looking for the table in each
        boolean inFirst = hasGrades(first);
        boolean inSecond = hasGrades(second);

        // then
        assertThat(second).isNotEqualTo(first);
        assertThat(inFirst).isTrue();
        assertThat(inSecond).isFalse();
    }

    @Test
    void a_restart_after_a_stop_serves_the_same_data_on_the_same_port() throws SQLException {
        // given a row written
        String jdbcUrl = PostgresServer.jdbcUrlOf(postgres.newDatabase());
        try (Connection connection = DriverManager.getConnection(jdbcUrl)) {
            execute(connection, CREATE_GRADES);
            upsert(connection, TICKET, "A");
        }
        int port = postgres.port();

        // when the server stops
        postgres.stop();

        // then it refuses connections
        assertThat(postgres.isRunning()).isFalse();
        assertThatThrownBy(() -> DriverManager.getConnection(jdbcUrl).close()).isInstanceOf(SQLException.class);

        // and when it starts again, it is on the same port with the row
        postgres.restart();
        assertThat(postgres.isRunning()).isTrue();
        assertThat(postgres.port()).isEqualTo(port);
        try (Connection connection = DriverManager.getConnection(jdbcUrl)) {
            assertThat(grades(connection)).containsExactly(TICKET + "=A");
        }
    }

    @Test
    void close_stops_every_server_process_and_deletes_the_folder() {
        // given a running server, writing its output to the log in its folder
        Path folder = postgres.folder();
        ProcessHandle postmaster = postgres.postmaster().orElseThrow();
        List<ProcessHandle> processes = new ArrayList<>(postmaster.descendants().toList());
        processes.add(postmaster);
        // (a backend of a connection just closed may be on its way out, so only the postmaster must be alive now)
        assertThat(postmaster.isAlive()).isTrue();
        assertThat(processes).hasSizeGreaterThan(1);
        assertThat(folder.resolve("log")).content().contains("database system is ready to accept connections");

        // when
        postgres.close();

        // then
        assertThat(folder).doesNotExist();
        assertThat(postgres.isRunning()).isFalse();
        await().atMost(Duration.ofSeconds(10)).until(() -> processes.stream().noneMatch(ProcessHandle::isAlive));
        assertThatThrownBy(() -> DriverManager.getConnection(postgres.jdbcUrl()).close())
                .isInstanceOf(SQLException.class);
    }

    @Test
    void a_start_on_a_taken_port_fails_with_the_server_log_and_leaves_no_folder() throws IOException {
        // given the port taken on loopback
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Set<Path> before = serverFolders();

            // when / then
            assertThatThrownBy(() -> PostgresServer.start(taken.getLocalPort()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("pg_ctl")
                    .hasMessageContaining("could not bind IPv4 address \"127.0.0.1\"");
            assertThat(serverFolders()).isEqualTo(before);
        }
    }

    @Test
    void the_highest_major_version_with_an_initdb_is_chosen(@TempDir Path versions) throws IOException {
        // given versions 9.6 and 15 installed, 16 without its initdb, and a folder that is not a version
        for (String version : List.of("9.6", "15", "16", "common")) {
            Files.createDirectories(versions.resolve(version).resolve("bin"));
        }
        for (String version : List.of("9.6", "15", "common")) {
            Files.createFile(
                    versions.resolve(version).resolve("bin/initdb"),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        }

        // when
        Path bin = PostgresServer.binariesUnder(versions);

        // then
        assertThat(bin).isEqualTo(versions.resolve("15/bin"));
    }

    @Test
    void missing_binaries_are_reported_with_the_package_to_install(@TempDir Path versions) {
        // given no version installed, then no Debian folder at all
        Path absent = versions.resolve("absent");

        // when / then
        assertThatThrownBy(() -> PostgresServer.binariesUnder(versions))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("apt-get install -y postgresql");
        assertThatThrownBy(() -> PostgresServer.binariesUnder(absent))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("apt-get install -y postgresql");
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static int upsert(Connection connection, String ticket, String grade) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(UPSERT_GRADE)) {
            statement.setString(1, ticket);
            statement.setString(2, grade);
            return statement.executeUpdate();
        }
    }

    private static List<String> grades(Connection connection) throws SQLException {
        List<String> grades = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(SELECT_GRADES)) {
            while (rows.next()) {
                grades.add(rows.getString(1) + "=" + rows.getString(2));
            }
        }
        return grades;
    }

    private static boolean hasGrades(String url) throws SQLException {
        try (Connection connection = DriverManager.getConnection(PostgresServer.jdbcUrlOf(url));
                Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT to_regclass('grades') IS NOT NULL")) {
            row.next();
            return row.getBoolean(1);
        }
    }

    /** The server folders in the system temporary folder, where {@link PostgresServer} makes them. */
    private static Set<Path> serverFolders() throws IOException {
        try (Stream<Path> children = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return children.filter(child -> child.getFileName().toString().startsWith(PostgresServer.FOLDER_PREFIX))
                    .collect(Collectors.toSet());
        }
    }
}
