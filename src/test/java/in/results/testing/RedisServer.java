package in.results.testing;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real {@code redis-server} (Debian's package) for a test, on a free loopback port, keeping nothing on disk
 * ({@code --save '' --appendonly no}). Started with {@link #start()}, stopped by its process id; {@link #kill()}
 * and {@link #restart()} play a crash and a recovery on the same port. Commands go through {@code redis-cli}.
 */
public final class RedisServer implements AutoCloseable {
    private static final Duration STARTUP = Duration.ofSeconds(10);

    private final int port;
    private final Path log;
    private Process process;

    private RedisServer(int port) throws IOException {
        this.port = port;
        this.log = Files.createTempFile("redis-" + port + "-", ".log");
    }

    /** A server on a free loopback port, answering {@code PING} when this returns. */
    public static RedisServer start() {
        try {
            RedisServer server = new RedisServer(freePort());
            server.launch();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int port() {
        return port;
    }

    /** {@code redis://127.0.0.1:<port>}. */
    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    /** Whether the server process is running. */
    public boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** Kills the server at once (SIGKILL, by process id), as a crash would; its data is gone. */
    public void kill() {
        if (process != null) {
            ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroyForcibly);
            await().atMost(STARTUP).until(() -> !process.isAlive());
        }
    }

    /** Starts the server again, empty, on the same port. */
    public void restart() {
        kill();
        launch();
    }

    /** Runs one command through {@code redis-cli} and returns its raw output, trimmed. */
    public String command(String... args) {
        List<String> line = new ArrayList<>(List.of("redis-cli", "-h", "127.0.0.1", "-p", Integer.toString(port)));
        line.addAll(List.of(args));
        try {
            Process cli = new ProcessBuilder(line).redirectErrorStream(true).start();
            String out = new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!cli.waitFor(10, TimeUnit.SECONDS) || cli.exitValue() != 0) {
                throw new IllegalStateException("redis-cli " + args[0] + " failed: " + out);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Stops the server and deletes its log (a server that failed to start keeps it, for the error to name). */
    @Override
    public void close() {
        if (process != null) {
            ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroy);
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    kill();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            Files.deleteIfExists(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void launch() {
        try {
            process = new ProcessBuilder(
                            "redis-server",
                            "--port",
                            Integer.toString(port),
                            "--bind",
                            "127.0.0.1",
                            "--save",
                            "",
                            "--appendonly",
                            "no")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start redis-server (apt-get install redis-server)", e);
        }
        await("redis-server answering on port " + port + " (its output: " + log + ")")
                .atMost(STARTUP)
                .pollInterval(Duration.ofMillis(20))
                .ignoreExceptions()
                .until(() -> process.isAlive() && answersPing());
    }

    private boolean answersPing() throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            byte[] reply = new byte[7];
            return socket.getInputStream().readNBytes(reply, 0, 7) == 7
                    && new String(reply, StandardCharsets.US_ASCII).equals("+PONG\r\n");
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
