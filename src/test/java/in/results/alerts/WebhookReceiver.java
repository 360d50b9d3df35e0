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
 * An app's webhook on loopback, for end-to-end tests: answers verification requests with their challenge, records
 * every request with its Standard Webhooks headers, and checks each signature with the reference library
 * ({@code com.standardwebhooks}) under the secret the test gives for the path — when the request comes (a request
 * that comes before its secret is known is checked once the secret is given). It can be told to fail the next
 * requests of a path with a status.
 */
public final class WebhookReceiver implements AutoCloseable {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final HttpServer server;
    private final Map<String, String> secrets = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> failures = new ConcurrentHashMap<>();
    private final Map<String, Integer> failWith = new ConcurrentHashMap<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();

    /** One request as it came: the path, its headers (names in lower case), its body, and the status answered. */
    private record Received(String path, Map<String, List<String>> headers, String body, int status) {}

    /**
     * One delivery as the test sees it.
     *
     * @param signatureValid whether the reference library accepts its signature under the path's secret
     */
    public record Delivery(String path, String webhookId, int status, boolean signatureValid, JsonNode body) {
        public String type() {
            return body.path("type").asText();
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

    /** The secret the requests to {@code path} are signed with. */
    public void expectSecret(String path, String secret) {
        secrets.put(path, secret);
    }

    /** Answers the next {@code count} requests to {@code path} with {@code status}. */
    public void failNext(String path, int count, int status) {
        failWith.put(path, status);
        failures.put(path, new AtomicInteger(count));
    }

    /** Every request of {@code type} answered 2xx, in arrival order. */
    public List<Delivery> events(String type) {
        return deliveries().stream()
                .filter(delivery -> delivery.type().equals(type) && delivery.status() / 100 == 2)
                .toList();
    }

    /** Every request of {@code type} to {@code path}, answered or failed, in arrival order. */
    public List<Delivery> attempts(String path, String type) {
        return deliveries().stream()
                .filter(delivery ->
                        delivery.path().equals(path) && delivery.type().equals(type))
                .toList();
    }

    private List<Delivery> deliveries() {
        List<Delivery> deliveries = new ArrayList<>();
        for (Received request : received) {
            deliveries.add(new Delivery(
                    request.path(),
                    first(request.headers(), "webhook-id"),
                    request.status(),
                    signatureValid(request),
                    parse(request.body())));
        }
        return deliveries;
    }

    private boolean signatureValid(Received request) {
        String secret = secrets.get(request.path());
        if (secret == null) {
            return false;
        }
        try {
            new Webhook(secret).verify(request.body(), request.headers());
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
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
        received.add(new Received(path, headers, body, status));
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
