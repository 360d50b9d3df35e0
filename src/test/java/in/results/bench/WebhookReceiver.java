package in.results.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.EmptyWebhookSecretException;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Apps' webhooks on loopback, for the alerts benchmark: {@code http://127.0.0.1:<port>/hooks/<name>}, one name per
 * subscription. A {@code subscription.verify} message is answered 200 with its challenge; a {@code result.published}
 * message 204. Every message is recorded with its {@code webhook-id} and arrival time, and its signature checked with
 * the Standard Webhooks reference library under the secret the benchmark gave for the name (a message that arrives
 * before its secret is given, as a verification request may, is checked when the secret is given). Anything else is
 * answered 400. Requests are handled on virtual threads, at once, so that the receiver never paces the sender.
 */
final class WebhookReceiver implements AutoCloseable {
    static final String VERIFY = "subscription.verify";
    static final String PUBLISHED = "result.published";
    private static final String PATH = "/hooks/";
    private static final int MOST_BODY_BYTES = 1 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One message received: for which name, of which type, under which {@code webhook-id}, when
     * ({@link System#nanoTime()}), its {@code data}, and whether its signature verified.
     */
    record Message(String name, String type, String webhookId, long arrivedNanos, JsonNode data, boolean signed) {}

    /** A message as it came, kept until the secret of its name is known. */
    private record Received(
            String name,
            String type,
            long arrivedNanos,
            String body,
            Map<String, List<String>> headers,
            JsonNode data) {
        Message checkedWith(String secret) {
            return new Message(name, type, webhookId(), arrivedNanos, data, verifies(secret));
        }

        String webhookId() {
            List<String> id = headers.get("webhook-id");
            return id == null || id.isEmpty() ? "" : id.getFirst();
        }

        private boolean verifies(String secret) {
            try {
                new Webhook(secret).verify(body, headers);
                return true;
            } catch (WebhookVerificationException | EmptyWebhookSecretException | RuntimeException e) {
                return false;
            }
        }
    }

    private final HttpServer server;
    private final ExecutorService handlers = Executors.newVirtualThreadPerTaskExecutor();
    private final Map<String, String> secrets = new ConcurrentHashMap<>();
    private final Map<String, List<Received>> unchecked = new ConcurrentHashMap<>();
    private final List<Message> messages = new CopyOnWriteArrayList<>();

    private WebhookReceiver(HttpServer server) {
        this.server = server;
    }

    static WebhookReceiver start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            WebhookReceiver receiver = new WebhookReceiver(server);
            server.createContext(PATH, receiver::handle);
            server.setExecutor(receiver.handlers);
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The webhook URL of {@code name}. */
    String urlOf(String name) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + PATH + name;
    }

    /** The secret of {@code name}'s subscription: its messages are checked with it. */
    void secretOf(String name, String secret) {
        synchronized (this) {
            secrets.put(name, secret);
            for (Received waiting : unchecked.getOrDefault(name, List.of())) {
                messages.add(waiting.checkedWith(secret));
            }
            unchecked.remove(name);
        }
    }

    /** Every message received so far whose secret is known, in arrival order of recording. */
    List<Message> messages() {
        return List.copyOf(messages);
    }

    /** The messages received so far of {@code type}. */
    List<Message> messages(String type) {
        return messages.stream().filter(m -> m.type().equals(type)).toList();
    }

    /** Messages whose name never got a secret (none, when every subscription was made). */
    int unchecked() {
        return unchecked.values().stream().mapToInt(List::size).sum();
    }

    private void handle(HttpExchange exchange) throws IOException {
        long arrived = System.nanoTime();
        try (exchange) {
            String name = exchange.getRequestURI().getPath().substring(PATH.length());
            String body;
            try (InputStream in = exchange.getRequestBody()) {
                body = new String(in.readNBytes(MOST_BODY_BYTES), StandardCharsets.UTF_8);
            }
            JsonNode message;
            try {
                message = JSON.readTree(body);
            } catch (IOException e) {
                message = null;
            }
            if (!exchange.getRequestMethod().equals("POST") || message == null || !message.isObject()) {
                answer(exchange, 400, "");
                return;
            }
            String type = message.path("type").asText("");
            Map<String, List<String>> headers = new ConcurrentHashMap<>();
            exchange.getRequestHeaders()
                    .forEach((header, values) -> headers.put(header.toLowerCase(Locale.ROOT), new ArrayList<>(values)));
            record(new Received(name, type, arrived, body, Map.copyOf(headers), message.path("data")));
            switch (type) {
                case VERIFY ->
                    answer(
                            exchange,
                            200,
                            JSON.createObjectNode()
                                    .put(
                                            "challenge",
                                            message.path("data")
                                                    .path("challenge")
                                                    .asText(""))
                                    .toString());
                case PUBLISHED -> answer(exchange, 204, "");
                default -> answer(exchange, 400, "");
            }
        }
    }

    private void record(Received received) {
        synchronized (this) {
            String secret = secrets.get(received.name());
            if (secret == null) {
                unchecked
                        .computeIfAbsent(received.name(), name -> new CopyOnWriteArrayList<>())
                        .add(received);
            } else {
                messages.add(received.checkedWith(secret));
            }
        }
    }

    private static void answer(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        if (bytes.length == 0) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.close();
    }
}
