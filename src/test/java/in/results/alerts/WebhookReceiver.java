package in.results.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.standardwebhooks.Webhook;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An app's webhook on loopback, for end-to-end tests and benchmarks: answers verification requests with their
 * challenge, records every request with its Standard Webhooks headers and arrival time, and checks each signature with
 * the reference library ({@code com.standardwebhooks}) under the secret the test gives for the path — when the
 * request comes, or, for one that came before its secret was known, when the secret is given (the library refuses
 * timestamps older than five minutes, so checking later would fail good signatures). It can be told to fail the next
 * requests of a path with a status.
 */
public final class WebhookReceiver implements AutoCloseable {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final HttpServer server;
    private final Map<String, String> secrets = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> failures = new ConcurrentHashMap<>();
    private final Map<String, Integer> failWith = new ConcurrentHashMap<>();
    private final List<Delivery> received = new CopyOnWriteArrayList<>();
    /** Requests whose path had no secret yet, with their headers, checked once it is given. */
    private final Map<String, List<Unchecked>> unchecked = new ConcurrentHashMap<>();

    private record Unchecked(int index, Map<String, List<String>> headers, String body) {}

    /**
     * One delivery as the test sees it.
     *
     * @param status         what the receiver answered
     * @param signatureValid whether the reference library accepted its signature under the path's secret (false
     *                       while the secret is unknown)
     * @param arrivedNanos   {@link System#nanoTime()} when it arrived
     */
    public record Delivery(
            String path, String webhookId, int status, boolean signatureValid, JsonNode body, long arrivedNanos) {
        public String type() {
            return body.path("type").asText();
        }

        Delivery checked(boolean valid) {
            return new Delivery(path, webhookId, status, valid, body, arrivedNanos);
        }
    }

    public WebhookReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    /** The URL of {@code path} on this receiver. */
    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** The secret the requests to {@code path} are signed with; the requests that came before it are checked now. */
    public synchronized void expectSecret(String path, String secret) {
        secrets.put(path, secret);
        for (Unchecked request : unchecked.getOrDefault(path, List.of())) {
            received.set(
                    request.index(),
                    received.get(request.index()).checked(signatureValid(secret, request.headers(), request.body())));
        }
        unchecked.remove(path);
    }

    /** Requests whose path never got a secret (none, when every subscription was made). */
    public int unchecked() {
        return unchecked.values().stream().mapToInt(List::size).sum();
    }

    /** Every request received, answered or failed, in arrival order. */
    public List<Delivery> all() {
        return List.copyOf(received);
    }

    /** Answers the next {@code count} requests to {@code path} with {@code status}. */
    public void failNext(String path, int count, int status) {
        failWith.put(path, status);
        failures.put(path, new AtomicInteger(count));
    }

    /** Every request of {@code type} answered 2xx, in arrival order. */
    public List<Delivery> events(String type) {
        return received.stream()
                .filter(delivery -> delivery.type().equals(type) && delivery.status() / 100 == 2)
                .toList();
    }

    /** Every request of {@code type} to {@code path}, answered or failed, in arrival order. */
    public List<Delivery> attempts(String path, String type) {
        return received.stream()
                .filter(delivery ->
                        delivery.path().equals(path) && delivery.type().equals(type))
                .toList();
    }

    private static boolean signatureValid(String secret, Map<String, List<String>> headers, String body) {
        try {
            new Webhook(secret).verify(body, headers);
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** Records a request, its signature checked now when the path's secret is known. */
    private synchronized void record(String path, Map<String, List<String>> headers, String body, int status, long at) {
        String secret = secrets.get(path);
        received.add(new Delivery(
                path,
                first(headers, "webhook-id"),
                status,
                secret != null && signatureValid(secret, headers, body),
                parse(body),
                at));
        if (secret == null) {
            unchecked
                    .computeIfAbsent(path, key -> new ArrayList<>())
                    .add(new Unchecked(received.size() - 1, headers, body));
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        long arrived = System.nanoTime();
        String path = exchange.getRequestURI().getPath();
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Map<String, List<String>> headers = new TreeMap<>();
        exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values));
        AtomicInteger failing = failures.get(path);
        int status;
        String answer = "";
        if (failing != null && failing.getAndDecrement() > 0) {
            status = failWith.get(path);
        } else {
            status = 200;
            JsonNode message = parse(body);
            if (message.path("type").asText().equals("subscription.verify")) {
                answer = MAPPER.createObjectNode()
                        .put("challenge", message.path("data").path("challenge").asText())
                        .toString();
            }
        }
        record(path, headers, body, status, arrived);
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static String first(Map<String, List<String>> headers, String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? "" : values.getFirst();
    }

    private static JsonNode parse(String body) {
        try {
            return MAPPER.readTree(body.isEmpty() ? "{}" : body);
        } catch (IOException e) {
            return MAPPER.createObjectNode();
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
