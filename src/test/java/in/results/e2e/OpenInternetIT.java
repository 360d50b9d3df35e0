package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.benmanes.caffeine.cache.Ticker;
import in.results.alerts.WebhookReceiver;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import io.javalin.Javalin;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.io.ConnectionStatistics;
import org.eclipse.jetty.server.AbstractConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The public writes and the live pages on the open internet: writes only as JSON and only from the origins allowed
 * to write, bodies refused while they are read, live pages bounded per client and per instance. Every request goes
 * over HTTP to the running service; what was stored is read back through the service's own limits.
 */
class OpenInternetIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final String EVIL = "https://evil.example";
    private static final String APP = "https://app.example";
    private static final String HALL_TICKET = COHORT.students().getFirst().hallTicket();

    private UniversitySimulator university;
    private WebhookReceiver receiver;
    private final List<Javalin> services = new ArrayList<>();
    private final List<AutoCloseable> streams = new ArrayList<>();
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeEach
    void start() {
        university = UniversitySimulator.start(COHORT, 0);
        receiver = new WebhookReceiver();
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable stream : streams) {
            stream.close();
        }
        services.forEach(Javalin::stop);
        receiver.close();
        university.close();
    }

    @Test
    void a_cross_site_text_plain_post_is_refused_without_allow_origin_and_nothing_is_stored() {
        // given a service that allows one subscription per hall ticket, so that a stored one would take the place
        ServiceClient service = service(Map.of());

        // when a page of another site posts a form-like text/plain body, which browsers send without a preflight
        ServiceClient.Reply refused =
                service.send(post(service, "/api/subscriptions", "text/plain", subscription("/evil"), EVIL));

        // then it is refused as JSON, unreadable to the page, and the hall ticket's one place is still free
        assertThat(refused.status()).isIn(403, 415);
        assertThat(refused.json().get("code").asText()).isIn("ORIGIN_NOT_ALLOWED", "UNSUPPORTED_MEDIA_TYPE");
        assertThat(refused.header("Access-Control-Allow-Origin")).isNull();
        assertOnePlaceLeft(service);
    }

    @Test
    void json_from_an_origin_not_listed_gets_403_origin_not_allowed_and_nothing_is_stored() {
        ServiceClient service = service(Map.of());

        ServiceClient.Reply subscribe =
                service.send(post(service, "/api/subscriptions", "application/json", subscription("/evil"), EVIL));
        ServiceClient.Reply push = service.send(post(service, "/api/push", "application/json", "{}", EVIL));
        ServiceClient.Reply unsubscribe = service.send(HttpRequest.newBuilder(service.uri("/api/push"))
                .header("Origin", EVIL)
                .header("Content-Type", "application/json")
                .method("DELETE", HttpRequest.BodyPublishers.ofString("{\"endpoint\": \"https://x.example/1\"}"))
                .build());

        for (ServiceClient.Reply reply : List.of(subscribe, push, unsubscribe)) {
            assertThat(reply.status()).as(reply.response().body()).isEqualTo(403);
            assertThat(reply.json().get("code").asText()).isEqualTo("ORIGIN_NOT_ALLOWED");
            assertThat(reply.header("Access-Control-Allow-Origin")).isNull();
        }
        assertOnePlaceLeft(service);
    }

    @Test
    void a_listed_origin_the_service_s_own_origin_and_a_backend_without_origin_may_subscribe() {
        ServiceClient service = service(Map.of("RESULTS_SUBSCRIPTIONS_PER_HALLTICKET", "0"));
        String own = "http://localhost:" + service.uri("/").getPort();

        ServiceClient.Reply fromApp =
                service.send(post(service, "/api/subscriptions", "application/json", subscription("/app"), APP));
        ServiceClient.Reply fromOwn = service.send(post(
                service,
                "/api/subscriptions",
                "Application/JSON; charset=UTF-8",
                subscription(COHORT.students().get(1).hallTicket(), "/own"),
                own));
        ServiceClient.Reply fromBackend = service.send(post(
                service,
                "/api/subscriptions",
                "application/json",
                subscription(COHORT.students().get(2).hallTicket(), "/backend"),
                null));
        ServiceClient.Reply fromOtherPort = service.send(
                post(service, "/api/subscriptions", "application/json", subscription("/port"), "http://localhost:1"));

        assertThat(fromApp.status()).as(fromApp.response().body()).isEqualTo(201);
        assertThat(fromApp.header("Access-Control-Allow-Origin")).isEqualTo(APP);
        assertThat(fromOwn.status()).as(fromOwn.response().body()).isEqualTo(201);
        assertThat(fromOwn.header("Access-Control-Allow-Origin")).isEqualTo(own);
        assertThat(fromBackend.status()).as(fromBackend.response().body()).isEqualTo(201);
        assertThat(fromBackend.header("Access-Control-Allow-Origin")).isNull();
        // a page on another port of this machine is another origin
        assertThat(fromOtherPort.status()).isEqualTo(403);
    }

    @Test
    void with_a_public_url_its_origin_writes_and_loopback_pages_do_not_whatever_the_host_header() {
        ServiceClient service = service(Map.of(
                "RESULTS_PUBLIC_URL", "https://results.example.org", "RESULTS_SUBSCRIPTIONS_PER_HALLTICKET", "0"));
        String loopback = "http://localhost:" + service.uri("/").getPort();

        ServiceClient.Reply fromPublic = service.send(post(
                service,
                "/api/subscriptions",
                "application/json",
                subscription("/public"),
                "https://results.example.org"));
        ServiceClient.Reply fromLoopback =
                service.send(post(service, "/api/subscriptions", "application/json", subscription("/loop"), loopback));

        assertThat(fromPublic.status()).as(fromPublic.response().body()).isEqualTo(201);
        assertThat(fromLoopback.status()).isEqualTo(403);
    }

    @Test
    void preflights_of_writes_allow_the_origins_that_may_write_and_no_other() {
        ServiceClient service = service(Map.of());

        ServiceClient.Reply allowed = service.send(preflight(service, "/api/subscriptions", APP, "POST"));
        ServiceClient.Reply allowedDelete = service.send(
                preflight(service, "/api/subscriptions/sub_0123456789abcdef0123456789abcdef", APP, "DELETE"));
        ServiceClient.Reply evil = service.send(preflight(service, "/api/subscriptions", EVIL, "POST"));
        ServiceClient.Reply evilPush = service.send(preflight(service, "/api/push", EVIL, "DELETE"));
        // reading stays open to any origin (RESULTS_CORS_ORIGINS is * by default)
        ServiceClient.Reply read = service.send(preflight(service, "/api/push/key", EVIL, "GET"));

        assertThat(allowed.status()).isEqualTo(204);
        assertThat(allowed.header("Access-Control-Allow-Origin")).isEqualTo(APP);
        assertThat(allowed.header("Access-Control-Allow-Methods")).contains("POST", "DELETE");
        assertThat(allowed.header("Access-Control-Allow-Headers")).containsIgnoringCase("Content-Type");
        assertThat(allowedDelete.status()).isEqualTo(204);
        assertThat(allowedDelete.header("Access-Control-Allow-Headers")).containsIgnoringCase("Authorization");
        for (ServiceClient.Reply refused : List.of(evil, evilPush)) {
            assertThat(refused.status()).isEqualTo(403);
            assertThat(refused.header("Access-Control-Allow-Origin")).isNull();
            assertThat(refused.header("Access-Control-Allow-Methods")).isNull();
            assertThat(refused.json().get("code").asText()).isEqualTo("ORIGIN_NOT_ALLOWED");
        }
        assertThat(read.status()).isEqualTo(204);
        assertThat(read.header("Access-Control-Allow-Origin")).isEqualTo("*");
    }

    @Test
    void a_body_that_is_not_json_gets_415_also_from_a_backend() {
        ServiceClient service = service(Map.of());

        ServiceClient.Reply plain =
                service.send(post(service, "/api/subscriptions", "text/plain", subscription("/plain"), null));
        ServiceClient.Reply form = service.send(
                post(service, "/api/push", "application/x-www-form-urlencoded", "hallticket=" + HALL_TICKET, null));
        ServiceClient.Reply none = service.send(post(service, "/api/subscriptions", null, subscription("/none"), null));
        ServiceClient.Reply lookalike =
                service.send(post(service, "/api/subscriptions", "application/jsonp", subscription("/jsonp"), null));

        for (ServiceClient.Reply reply : List.of(plain, form, none, lookalike)) {
            assertThat(reply.status()).as(reply.response().body()).isEqualTo(415);
            assertThat(reply.json().get("code").asText()).isEqualTo("UNSUPPORTED_MEDIA_TYPE");
        }
        assertOnePlaceLeft(service);
    }

    @Test
    void a_64_mb_chunked_body_is_refused_with_413_after_at_most_8_kb_and_one_buffer_read() throws Exception {
        // given a service whose connector counts the bytes each connection read from its socket
        Javalin server = start(Map.of());
        ConnectionStatistics read = new ConnectionStatistics();
        ((AbstractConnector) server.jettyServer().server().getConnectors()[0]).addBean(read);
        read.start();

        // when a client streams 64 MB of chunked JSON as fast as the connection takes it
        long total = 64L * 1024 * 1024;
        AtomicLong sent = new AtomicLong();
        Socket socket = new Socket("127.0.0.1", server.port());
        try {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /api/subscriptions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                            + "Transfer-Encoding: chunked\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            CompletableFuture<Void> streaming = CompletableFuture.runAsync(() -> stream(out, total, sent));
            BufferedReader answer =
                    new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            String statusLine = answer.readLine();
            long sentWhenAnswered = sent.get();
            List<String> headers = new ArrayList<>();
            for (String line = answer.readLine(); line != null && !line.isEmpty(); line = answer.readLine()) {
                headers.add(line.toLowerCase(java.util.Locale.ROOT));
            }
            int length = headers.stream()
                    .filter(header -> header.startsWith("content-length:"))
                    .mapToInt(header -> Integer.parseInt(header.substring(15).strip()))
                    .findFirst()
                    .orElseThrow();
            char[] bodyChars = new char[length]; // the JSON error is ASCII: one char a byte
            for (int at = 0; at < length; ) {
                at += answer.read(bodyChars, at, length - at);
            }
            String body = new String(bodyChars);
            socket.close(); // as a client does once answered: the server's end closes too
            streaming.get(30, TimeUnit.SECONDS);

            // then the answer is 413 as JSON, the connection closes, and the server read 8 KB and one buffer at most
            await("the connection closed")
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> read.getConnectionsTotal() == 1 && read.getConnections() == 0);
            long serverRead = read.getReceivedBytes();
            System.out.printf(
                    "64 MB chunked body: 413 after the server read %d bytes; the client had written %d bytes when the"
                            + " answer came, %d before the connection closed%n",
                    serverRead, sentWhenAnswered, sent.get());
            assertThat(statusLine).startsWith("HTTP/1.1 413");
            assertThat(headers).contains("connection: close");
            assertThat(body).contains("\"code\":\"PAYLOAD_TOO_LARGE\"");
            assertThat(sent.get()).isLessThan(total);
            // headers (about 130 bytes) and chunk framing (7 bytes per 4 KB) besides 8 KB and one 8 KB input buffer
            assertThat(serverRead).isLessThanOrEqualTo(8 * 1024 + 8 * 1024 + 512);
        } finally {
            socket.close();
        }
    }

    @Test
    void a_connection_stays_open_after_a_body_read_whole_and_after_a_request_without_one() throws Exception {
        // given a service (answers after the one read Jetty makes to find the end of a body must keep the connection)
        Javalin server = start(Map.of());
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            BufferedReader in =
                    new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));

            // when one connection carries a JSON body read whole (refused: no hall ticket), then two GETs
            out.write(("POST /api/subscriptions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                            + "Content-Length: 2\r\n\r\n{}")
                    .getBytes(StandardCharsets.US_ASCII));
            String first = answerOf(in);
            out.write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String second = answerOf(in);
            out.write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String third = answerOf(in);

            // then each is answered on it
            assertThat(first).startsWith("HTTP/1.1 400");
            assertThat(second).startsWith("HTTP/1.1 200");
            assertThat(third).startsWith("HTTP/1.1 200");
        }
    }

    @Test
    void twenty_live_pages_of_one_client_open_ten_and_refuse_ten_with_429_and_retry_after() throws Exception {
        ServiceClient service = service(Map.of());

        List<Integer> statuses = new ArrayList<>();
        List<HttpResponse<InputStream>> refused = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            HttpResponse<InputStream> page = livePage(service);
            statuses.add(page.statusCode());
            if (page.statusCode() != 200) {
                refused.add(page);
            }
        }

        assertThat(statuses.stream().filter(status -> status == 200)).hasSize(10);
        assertThat(statuses.subList(10, 20)).containsOnly(429);
        for (HttpResponse<InputStream> page : refused) {
            assertThat(page.headers().firstValue("Retry-After")).hasValue("30");
            assertThat(page.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
            assertThat(new String(page.body().readAllBytes(), StandardCharsets.UTF_8))
                    .contains("\"code\":\"RATE_LIMITED\"");
        }
        String metrics = service.get("/metrics").response().body();
        assertThat(metrics).contains("results_live_streams_open 10.0");
        assertThat(metrics).contains("results_live_streams_refused_total{reason=\"per_client\"} 10.0");
    }

    @Test
    void live_pages_past_the_instance_s_most_get_503_live_pages_full() throws Exception {
        ServiceClient service = service(Map.of("RESULTS_LIVE_PER_CLIENT", "0", "RESULTS_LIVE_MAX", "3"));

        List<Integer> statuses = new ArrayList<>();
        HttpResponse<InputStream> last = null;
        for (int i = 0; i < 4; i++) {
            last = livePage(service);
            statuses.add(last.statusCode());
        }

        assertThat(statuses).containsExactly(200, 200, 200, 503);
        assertThat(last.headers().firstValue("Retry-After")).hasValue("30");
        assertThat(new String(last.body().readAllBytes(), StandardCharsets.UTF_8))
                .contains("\"code\":\"LIVE_PAGES_FULL\"");
        assertThat(service.get("/metrics").response().body())
                .contains("results_live_streams_refused_total{reason=\"instance_full\"} 1.0");
    }

    /** The status line of the next answer on a connection, its headers and body read past (the body is ASCII JSON). */
    private static String answerOf(BufferedReader in) throws IOException {
        String status = in.readLine();
        int length = 0;
        for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).strip());
            }
        }
        for (int skipped = 0; skipped < length; ) {
            skipped += (int) in.skip(length - skipped);
        }
        return status == null ? "" : status;
    }

    /** Writes {@code total} bytes in 4 KB chunks until done or the server closes the connection. */
    private static void stream(OutputStream out, long total, AtomicLong sent) {
        byte[] chunk = ("1000\r\n" + "a".repeat(4096) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        try {
            for (long body = 0; body < total; body += 4096) {
                out.write(chunk);
                sent.addAndGet(chunk.length);
            }
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            // the server closed the connection after its answer: what it refused is not taken
        }
    }

    /**
     * The only place the hall ticket has left is free: a backend's subscription takes it (201) and the next is over
     * the limit (429), so a refused write that had been stored would show as an earlier 429.
     */
    private void assertOnePlaceLeft(ServiceClient service) {
        ServiceClient.Reply first =
                service.send(post(service, "/api/subscriptions", "application/json", subscription("/first"), null));
        ServiceClient.Reply second =
                service.send(post(service, "/api/subscriptions", "application/json", subscription("/second"), null));
        assertThat(first.status()).as(first.response().body()).isEqualTo(201);
        assertThat(second.status()).isEqualTo(429);
    }

    private HttpResponse<InputStream> livePage(ServiceClient service) throws Exception {
        HttpResponse<InputStream> page = http.send(
                HttpRequest.newBuilder(service.uri("/events/student/" + HALL_TICKET))
                        .build(),
                HttpResponse.BodyHandlers.ofInputStream());
        streams.add(page.body());
        return page;
    }

    private String subscription(String path) {
        return subscription(HALL_TICKET, path);
    }

    private String subscription(String hallTicket, String path) {
        ObjectNode body = ServiceClient.MAPPER.createObjectNode();
        body.put("hallticket", hallTicket);
        body.put("webhook_url", receiver.url(path));
        return body.toString();
    }

    private static HttpRequest post(
            ServiceClient service, String path, String contentType, String body, String origin) {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(service.uri(path)).POST(HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        if (origin != null) {
            request.header("Origin", origin);
        }
        return request.build();
    }

    private static HttpRequest preflight(ServiceClient service, String path, String origin, String method) {
        return HttpRequest.newBuilder(service.uri(path))
                .header("Origin", origin)
                .header("Access-Control-Request-Method", method)
                .header("Access-Control-Request-Headers", "content-type")
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .build();
    }

    private ServiceClient service(Map<String, String> settings) {
        return new ServiceClient(start(settings).port());
    }

    /**
     * The service with webhooks on loopback allowed, one subscription per hall ticket, and {@value #APP} allowed to
     * write, unless {@code settings} say otherwise.
     */
    private Javalin start(Map<String, String> settings) {
        Map<String, String> all = new HashMap<>(Map.of(
                "RESULTS_WEBHOOK_ALLOW_PRIVATE", "true",
                "RESULTS_SUBSCRIPTIONS_PER_HALLTICKET", "1",
                "RESULTS_CORS_WRITE_ORIGINS", APP));
        all.putAll(settings);
        Javalin service = ExamEndpointsIT.startService(List.of(university.baseUrl()), Ticker.systemTicker(), all);
        services.add(service);
        ServiceClient client = new ServiceClient(service.port());
        await("the service's database") // subscriptions are refused (503) until its schema is in place
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() ->
                        client.get("/health").json().at("/archive/reachable").asBoolean());
        return service;
    }
}
