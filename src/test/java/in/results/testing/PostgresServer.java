package in.results.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server (Debian's {@code postgresql} package) for a test: a cluster of its own in a temporary
 * folder, on a free loopback port, with {@code fsync} off and trust authentication for the user {@code results}.
 * {@link #start()} returns it accepting connections, with an empty database {@code results}; {@link #newDatabase()}
 * makes another empty one, so tests need not share state. {@link #stop()} and {@link #restart()} play an outage and a
 * recovery on the same port with the same data; {@link #close()} stops the server and deletes the folder. The
 * server's own output goes to the file {@code log} in the folder; a failed start throws with that log's tail.
 *
 * <p>{@code initdb} and {@code postgres} refuse to run as root, so when the tests run as root the folder is handed
 * to the {@code postgres} user (which the package creates) and every command runs through {@code runuser -u
 * postgres}; otherwise they run as the current user. One test thread uses an instance.
 */
public final class PostgresServer implements AutoCloseable {
    /** Where Debian installs each major version's server binaries: {@code /usr/lib/postgresql/<major>/bin}. */
    private static final Path DEBIAN_VERSIONS = Path.of("/usr/lib/postgresql");

    private static final Pattern VERSION = Pattern.compile("\\d+(\\.\\d+)*");
    static final String FOLDER_PREFIX = "postgres-";
    private static final String USER = "results";
    private static final String DATABASE = "results";
    private static final String OS_USER = "postgres";
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);
    private static final int LOG_TAIL_LINES = 20;

    private final Path bin;
    private final Path folder;
    private final int port;
    private final boolean asRoot;
    private int databases;

    private PostgresServer(Path bin, Path folder, int port, boolean asRoot) {
        this.bin = bin;
        this.folder = folder;
        this.port = port;
        this.asRoot = asRoot;
    }

    /**
     * A new cluster on a free loopback port, accepting connections to its empty database {@code results} when this
     * returns.
     *
     * @throws IllegalStateException when Debian's server binaries are missing, or a command fails (its output and
     *     the server log's tail are in the message); the folder is deleted then
     */
    public static PostgresServer start() {
        try {
            return start(freePort());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** As {@link #start()}, on the given port (a test takes the port first to see a start fail). */
    static PostgresServer start(int port) {
        Path bin = binariesUnder(DEBIAN_VERSIONS);
        Path folder;
        boolean asRoot;
        try {
            folder = Files.createTempDirectory(FOLDER_PREFIX);
            // The new folder's owner is the effective user: 0 is root, whom initdb refuses.
            asRoot = ((Integer) Files.getAttribute(folder, "unix:uid")) == 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        PostgresServer server = new PostgresServer(bin, folder, port, asRoot);
        try {
            server.initialise();
            return server;
        } catch (RuntimeException e) {
            try {
                server.close();
            } catch (RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /**
     * The {@code bin} folder of the highest major version under {@code versions} that has an {@code initdb}.
     *
     * @throws IllegalStateException naming the apt package when there is none
     */
    static Path binariesUnder(Path versions) {
        try (Stream<Path> children = Files.list(versions)) {
            // Compared as versions, not strings: Debian 9.6 is older than 15.
            return children.filter(child ->
                            VERSION.matcher(child.getFileName().toString()).matches()
                                    && Files.isExecutable(child.resolve("bin/initdb")))
                    .max(Comparator.comparing(
                            child -> Runtime.Version.parse(child.getFileName().toString())))
                    .map(child -> child.resolve("bin"))
                    .orElseThrow(() -> missingBinaries(versions));
        } catch (NoSuchFileException e) {
            throw missingBinaries(versions);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int port() {
        return port;
    }

    /** {@code postgresql://results@127.0.0.1:<port>/results}: the database made at start, as a libpq URI. */
    public String url() {
        return urlOf(DATABASE);
    }

    /** {@code jdbc:postgresql://127.0.0.1:<port>/results?user=results}: the database made at start. */
    public String jdbcUrl() {
        return jdbcUrlOf(url());
    }

    /**
     * The JDBC URL of a libpq URI of the form {@code postgresql://<user>@<host>:<port>/<database>}, as {@link #url()}
     * and {@link #newDatabase()} return (PgJDBC takes the user as a parameter, not before the host).
     */
    public static String jdbcUrlOf(String url) {
        URI uri = URI.create(url);
        if (!"postgresql".equals(uri.getScheme()) || uri.getUserInfo() == null || uri.getPort() < 0) {
            throw new IllegalArgumentException("not a postgresql://user@host:port/database URI: " + url);
        }
        return "jdbc:postgresql://" + uri.getHost() + ":" + uri.getPort() + uri.getPath() + "?user="
                + uri.getUserInfo();
    }

    /**
     * Creates a new empty database and returns its libpq URI (see {@link #jdbcUrlOf(String)} for JDBC). The server
     * must be running.
     */
    public String newDatabase() {
        databases++;
        String name = "test_" + databases;
        createDatabase(name);
        return urlOf(name);
    }

    /** Whether the server's main process ({@code postmaster}) is alive. */
    public boolean isRunning() {
        return postmaster().map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * Stops the server as an operator would ({@code pg_ctl stop -m fast}: sessions are cut, the data is written and
     * kept), returning when it has exited; nothing when it is not running.
     */
    public void stop() {
        if (isRunning()) {
            pgCtl("stop", "-m", "fast");
        }
    }

    /**
     * Starts the server again on the same port with the same data (stopping it first if it runs), accepting
     * connections when this returns.
     */
    public void restart() {
        stop();
        launch();
    }

    /**
     * Stops the server at once ({@code pg_ctl stop -m immediate}; if that fails, its processes are killed by id) and
     * deletes the folder with its data and log. Calling it again does nothing.
     */
    @Override
    public void close() {
        try {
            if (isRunning()) {
                pgCtl("stop", "-m", "immediate");
            }
        } catch (RuntimeException stopFailed) {
            // The folder is about to go: a server left running would outlive the test with nowhere to write.
            postmaster().ifPresent(PostgresServer::killWithBackends);
        } finally {
            deleteFolder();
        }
    }

    /** The folder holding the cluster ({@code data}), the server's {@code log} and its Unix socket. */
    Path folder() {
        return folder;
    }

    /** The server's main process, read from the pid file it keeps while it runs. */
    Optional<ProcessHandle> postmaster() {
        try {
            List<String> lines = Files.readAllLines(folder.resolve("data/postmaster.pid"), StandardCharsets.UTF_8);
            // The server writes the file while starting: its first line, the process id, may not be there yet.
            return lines.isEmpty() || lines.getFirst().isBlank()
                    ? Optional.empty()
                    : ProcessHandle.of(Long.parseLong(lines.getFirst().strip()));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void initialise() {
        if (asRoot) {
            run(List.of("chown", "-R", OS_USER + ":" + OS_USER, folder.toString()));
        }
        run(asServerUser(List.of(
                bin.resolve("initdb").toString(),
                "-D",
                data(),
                "-A",
                "trust",
                "-U",
                USER,
                "--locale=C.UTF-8",
                "-E",
                "UTF8")));
        launch();
        createDatabase(DATABASE);
    }

    private void launch() {
        // The socket goes into the folder, not /var/run/postgresql, which only the package's own cluster may use.
        String options = "-p " + port + " -k '" + folder + "' -c listen_addresses=127.0.0.1 -c fsync=off";
        pgCtl("start", "-l", folder.resolve("log").toString(), "-o", options);
    }

    private void pgCtl(String action, String... arguments) {
        List<String> command =
                new ArrayList<>(List.of(bin.resolve("pg_ctl").toString(), action, "-w", "-t", "30", "-D", data()));
        command.addAll(List.of(arguments));
        run(asServerUser(command));
    }

    private void createDatabase(String name) {
        try (Connection connection = DriverManager.getConnection(jdbcUrlOf(urlOf("postgres")));
                Statement statement = connection.createStatement()) {
            // A name cannot be a bind parameter; every name here is made by this class.
            statement.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name + " on port " + port, e);
        }
    }

    private List<String> asServerUser(List<String> command) {
        if (!asRoot) {
            return command;
        }
        List<String> line = new ArrayList<>(List.of("runuser", "-u", OS_USER, "--"));
        line.addAll(command);
        return line;
    }

    /** Runs a command in the folder, its output to a file there, and fails with that output and the log's tail. */
    private void run(List<String> command) {
        Path output = folder.resolve("command.out");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(folder.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        // The machine's PGPORT, PGDATA and the like must not steer the test's cluster.
        builder.environment().keySet().removeIf(name -> name.startsWith("PG"));
        try {
            Process process = builder.start();
            if (!process.waitFor(COMMAND_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw failure(command, "did not finish in " + COMMAND_TIMEOUT.toSeconds() + " s", output);
            }
            if (process.exitValue() != 0) {
                throw failure(command, "exited with " + process.exitValue(), output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + String.join(" ", command), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted running " + String.join(" ", command), e);
        }
    }

    private IllegalStateException failure(List<String> command, String what, Path output) {
        return new IllegalStateException(String.join(" ", command) + " " + what + " (PostgreSQL on port " + port
                + "):\n" + tail(output) + "\n--- server log (" + folder.resolve("log") + "), last lines ---\n"
                + tail(folder.resolve("log")));
    }

    private static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
        } catch (NoSuchFileException e) {
            return "(none)";
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    private static void killWithBackends(ProcessHandle postmaster) {
        List<ProcessHandle> processes = new ArrayList<>(postmaster.descendants().toList());
        processes.add(postmaster);
        processes.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle process : processes) {
            try {
                process.onExit().get(10, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // Killed with SIGKILL: it goes; waiting longer would only hold up the test.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void deleteFolder() {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + folder, e);
        }
    }

    private String data() {
        return folder.resolve("data").toString();
    }

    private String urlOf(String database) {
        return "postgresql://" + USER + "@127.0.0.1:" + port + "/" + database;
    }

    private static IllegalStateException missingBinaries(Path versions) {
        return new IllegalStateException("no PostgreSQL server binaries (" + versions
                + "/<major version>/bin/initdb): install Debian's package: apt-get install -y postgresql");
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
