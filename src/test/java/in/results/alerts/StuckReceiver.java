package in.results.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A hostile webhook on loopback: it accepts every TCP connection and never answers — or, when told to, answers a
 * verification request with its challenge (so that its subscription becomes active) and never answers anything else.
 * It counts the connections it accepted, those still open (the client has not given up), and remembers when the first
 * one ended ({@link System#nanoTime()}). Plain sockets: what it does is exactly what a stuck host does.
 */
public final class StuckReceiver implements AutoCloseable {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int MOST_HEAD_BYTES = 16_384;

    private final ServerSocket server;
    private final boolean answersVerification;
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger verified = new AtomicInteger();
    private final AtomicLong firstEndedNanos = new AtomicLong(Long.MAX_VALUE);
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    /**
     * Listens on {@code address}, on a free port.
     *
     * @param answersVerification whether a verification request is answered (the rest never is)
     */
    public StuckReceiver(InetAddress address, boolean answersVerification) {
        this.answersVerification = answersVerification;
        try {
            server = new ServerSocket(0, 200, address);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread.ofVirtual().name("stuck-receiver").start(this::acceptAll);
    }

    /** The URL of {@code path} here, the host as its address. */
    public String url(String path) {
        return "http://" + server.getInetAddress().getHostAddress() + ":" + server.getLocalPort() + path;
    }

    /** The port listened on. */
    public int port() {
        return server.getLocalPort();
    }

    /** Connections accepted so far. */
    public int accepted() {
        return accepted.get();
    }

    /** Connections accepted and not answered, which the client has not closed yet. */
    public int open() {
        return open.get();
    }

    /** Verification requests answered. */
    public int verified() {
        return verified.get();
    }

    /** When the first unanswered connection was closed by the client ({@link System#nanoTime()}); MAX_VALUE if none. */
    public long firstEndedNanos() {
        return firstEndedNanos.get();
    }

    private void acceptAll() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                accepted.incrementAndGet();
                sockets.add(socket);
                Thread.ofVirtual().name("stuck-connection").start(() -> serve(socket));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = socket.getInputStream();
            String body = requestBody(in);
            if (answersVerification && body != null) {
                JsonNode message = MAPPER.readTree(body);
                if (message.path("type").asText().equals("subscription.verify")) {
                    answer(socket, message.path("data").path("challenge").asText());
                    verified.incrementAndGet();
                    return;
                }
            }
            open.incrementAndGet();
            try {
                while (in.read() != -1) {
                    // never answer; wait until the client gives up
                }
            } finally {
                open.decrementAndGet();
                firstEndedNanos.accumulateAndGet(System.nanoTime(), Math::min);
            }
        } catch (IOException e) {
            // the client went away, or the receiver closed
        }
    }

    /** The request's body (by its Content-Length), or null when the head does not come whole. */
    private static String requestBody(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < 4 && head.size() < MOST_HEAD_BYTES) {
            int b = in.read();
            if (b == -1) {
                return null;
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        int length = 0;
        for (String line : head.toString(StandardCharsets.ISO_8859_1).split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(
                        line.substring("content-length:".length()).trim());
            }
        }
        return new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }

    private static void answer(Socket socket, String challenge) throws IOException {
        byte[] json =
                MAPPER.createObjectNode().put("challenge", challenge).toString().getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + json.length
                + "\r\nConnection: close\r\n\r\n";
        socket.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().write(json);
        socket.getOutputStream().flush();
    }

    @Override
    public void close() {
        try {
            server.close();
            for (Socket socket : sockets) {
                socket.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
