package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.testing.DataFolders;
import in.results.testing.ManualTicker;
import io.javalin.Javalin;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Client-side protection: malformed input, per-client rate limit, and the request deadline. */
class ProtectionIT {
    private static final Cohort COHORT = Cohort.generate(42);

    private UniversitySimulator primary;
    private final List<Javalin> services = new ArrayList<>();

    @BeforeEach
    void start() {
        primary = UniversitySimulator.start(COHORT, 0);
    }

    @AfterEach
    void stop() {
        services.forEach(Javalin::stop);
        primary.close();
    }

    private ServiceClient service(Ticker ticker, Map<String, String> settings) {
        Javalin service = ExamEndpointsIT.startService(List.of(primary.baseUrl()), ticker, settings);
        services.add(service);
        return new ServiceClient(service.port());
    }

    private static String apiQuery(Student student) {
        String code = student.results().keySet().iterator().next();
        Exam exam = COHORT.exam(code).orElseThrow();
        StringBuilder query = new StringBuilder("hallticket=" + student.hallTicket());
        exam.linkParams()
                .forEach((key, value) ->
                        query.append('&').append(key).append('=').append(value));
        return query.toString();
    }

    private static Student someStudent(int index) {
        return COHORT.students().stream()
                .filter(s -> !s.results().isEmpty())
                .skip(index)
                .findFirst()
                .orElseThrow();
    }

    /** Random bytes, percent-encoded: any byte sequence, including invalid UTF-8, NUL and slashes. */
    private static String garbage(Random random, int maxLength) {
        StringBuilder text = new StringBuilder();
        int length = 1 + random.nextInt(maxLength); // never empty: "//x" would name a host
        for (int i = 0; i < length; i++) {
            int kind = random.nextInt(4);
            if (kind == 0) {
                text.append(String.format("%%%02X", random.nextInt(256)));
            } else {
                text.append("abcXYZ019-_.~".charAt(random.nextInt(13)));
            }
        }
        return text.toString();
    }

    private static String malformedRequest(Random random) {
        String ticket = garbage(random, 14);
        return switch (random.nextInt(10)) {
            case 0 -> "/" + garbage(random, 30);
            case 1 -> "/api?hallticket=" + ticket + "&examCode=" + garbage(random, 8);
            case 2 -> "/api/calculate?hallticket=20S11A6601&examCode=1560&etype=" + garbage(random, 30) + "%3C";
            case 3 -> "/" + ticket + "/" + garbage(random, 12) + "/" + garbage(random, 4);
            case 4 -> "/calculate/" + ticket + "/2001-13-45/" + garbage(random, 4);
            case 5 -> "/result?hallticket=" + ticket + "&dob=" + garbage(random, 12) + "&year=9,9";
            case 6 -> "/all-r18/" + ticket + garbage(random, 3);
            case 7 -> "/api?hallticket_from=" + ticket + "&hallticket_to=" + garbage(random, 12) + "&examCode=1560";
            case 8 -> "/new/all?refresh=" + garbage(random, 5) + "x";
            default -> "/api?hallticket=" + "A".repeat(20 + random.nextInt(2000)) + "&examCode=1";
        };
    }

    @Test
    void two_thousand_malformed_requests_get_only_4xx_json_and_reach_nothing() {
        ServiceClient client = service(Ticker.systemTicker(), Map.of());
        Random random = new Random(2026);

        for (int i = 0; i < 2000; i++) {
            String request = malformedRequest(random);
            var reply = client.get(request);

            assertThat(reply.status()).as(request).isBetween(400, 499);
            assertThat(reply.header("Content-Type")).as(request).startsWith("application/json");
            assertThat(reply.json().get("code").asText()).as(request).matches("[A-Z_]+");
            assertThat(reply.json().get("error").asText()).as(request).doesNotContain("<", "Exception", "\tat ");
        }

        assertThat(primary.requestCount("/resultAction")).isZero();
        Student student = someStudent(0);
        assertThat(client.get("/api?" + apiQuery(student)).header("X-Cache")).isEqualTo("MISS");
    }

    @Test
    void a_client_over_its_limit_gets_429_while_others_are_served() {
        ServiceClient client = service(
                Ticker.systemTicker(),
                Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "5", "RESULTS_TRUSTED_PROXIES", "127.0.0.1"));

        List<Integer> busy = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            busy.add(client.send(from("203.0.113.7", client.uri("/new/all"))).status());
        }
        var limited = client.send(from("203.0.113.7", client.uri("/new/all")));
        var other = client.send(from("203.0.113.8", client.uri("/new/all")));
        var spoofedHop = client.send(from("203.0.113.7, 127.0.0.1", client.uri("/new/all")));

        assertThat(busy).containsExactly(200, 200, 200, 200, 200, 429);
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.json().get("code").asText()).isEqualTo("RATE_LIMITED");
        assertThat(Integer.parseInt(limited.header("Retry-After"))).isBetween(1, 60);
        assertThat(other.status()).isEqualTo(200);
        assertThat(spoofedHop.status()).isEqualTo(429); // the trusted proxy hop is skipped: still 203.0.113.7
    }

    @Test
    void the_budget_refills_over_the_minute() {
        ManualTicker ticker = new ManualTicker();
        ServiceClient client = service(ticker, Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "6"));
        for (int i = 0; i < 6; i++) {
            assertThat(client.get("/new/all").status()).isEqualTo(200);
        }
        var empty = client.get("/new/all");

        ticker.advance(Duration.ofSeconds(10)); // 6 per minute: one request back every 10 s
        var refilled = client.get("/new/all");
        var emptyAgain = client.get("/new/all");

        assertThat(empty.status()).isEqualTo(429);
        assertThat(empty.header("Retry-After")).isEqualTo("11");
        assertThat(refilled.status()).isEqualTo(200);
        assertThat(emptyAgain.status()).isEqualTo(429);
    }

    @Test
    void forwarded_for_from_an_untrusted_peer_is_ignored() {
        ServiceClient client = service(Ticker.systemTicker(), Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "3"));

        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            statuses.add(
                    client.send(from("198.51.100." + i, client.uri("/new/all"))).status());
        }

        assertThat(statuses).containsExactly(200, 200, 200, 429);
    }

    @Test
    void a_bulk_request_that_starts_a_job_counts_as_ten() {
        ServiceClient client = service(Ticker.systemTicker(), Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "12"));
        Student student = someStudent(0);
        String prefix = student.hallTicket().substring(0, 8);
        String bulk = "/api?hallticket_from=" + prefix + "01&hallticket_to=" + prefix + "03&degree=btech&examCode="
                + student.results().keySet().iterator().next();

        int start = client.get(bulk).status();
        int poll = client.get(bulk).status();
        int another = client.get("/new/all").status();
        int over = client.get("/new/all").status();

        assertThat(start).isIn(200, 202);
        assertThat(poll).isIn(200, 202);
        assertThat(another).isEqualTo(200);
        assertThat(over).isEqualTo(429);
    }

    @Test
    void with_the_limit_set_to_zero_nothing_is_limited() {
        ServiceClient client = service(Ticker.systemTicker(), Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "0"));

        for (int i = 0; i < 300; i++) {
            assertThat(client.get("/new/all").status()).isEqualTo(200);
        }
    }

    /**
     * The upstream timeout (60 s) is longer than the university's answers take (30 s), so nothing but the request
     * deadline can end these requests before the university answers: a 503 or a stale copy proves it held, without
     * timing the test. The university then has only the first four requests (its slots) and answered none.
     */
    @Test
    void a_university_answering_in_30_seconds_never_holds_a_client_past_the_deadline() throws Exception {
        ManualTicker ticker = new ManualTicker();
        ServiceClient client = service(
                ticker,
                Map.of(
                        "RESULTS_REQUEST_DEADLINE_MS",
                        "1000",
                        "RESULTS_UPSTREAM_CONCURRENCY",
                        "4",
                        "RESULTS_UPSTREAM_TIMEOUT_MS",
                        "60000"));
        Student cached = someStudent(0);
        assertThat(client.get("/api?" + apiQuery(cached)).status()).isEqualTo(200);
        ticker.advance(Duration.ofMinutes(31));
        primary.setLatency(Duration.ofSeconds(30), Duration.ZERO);
        long sentBefore = primary.requestCount("/resultAction");

        List<Future<ServiceClient.Reply>> cold = new ArrayList<>();
        ServiceClient.Reply stale;
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 1; i <= 20; i++) {
                String query = apiQuery(someStudent(i));
                cold.add(executor.submit(() -> client.get("/api/calculate?" + query)));
            }
            stale = client.get("/api?" + apiQuery(cached));
            for (var reply : cold) {
                assertThat(reply.get().status()).isEqualTo(503);
                assertThat(reply.get().json().get("code").asText()).isEqualTo("UPSTREAM_UNAVAILABLE");
                assertThat(reply.get().header("Retry-After")).isNotBlank();
            }
        }

        assertThat(stale.status()).isEqualTo(200);
        // No longer fresh, but kept in the archive: read from there, not from the slow university.
        assertThat(stale.header("X-Cache")).isEqualTo("MISS");
        assertThat(primary.requestCount("/resultAction") - sentBefore).isLessThanOrEqualTo(4);
        assertThat(primary.maxConcurrentSeen()).isLessThanOrEqualTo(4);
    }

    /**
     * As above, the upstream timeout (60 s) outlasts the university's 30 s: without the request deadline the
     * answer would be a fresh copy after 30 s, so a stale one shows the deadline ended the wait.
     */
    @Test
    void a_semester_answer_is_served_stale_when_the_university_is_too_slow() {
        ManualTicker ticker = new ManualTicker();
        // Without an archive (its database down), so that the lookup needs the slow university.
        ServiceClient client = service(
                ticker,
                Map.of(
                        "RESULTS_REQUEST_DEADLINE_MS",
                        "1000",
                        "RESULTS_UPSTREAM_TIMEOUT_MS",
                        "60000",
                        "RESULTS_DATA_DIR",
                        DataFolders.unusable().toString()));
        Student student = COHORT.students().stream()
                .filter(s -> !s.lateralEntry()
                        && !s.detained()
                        && s.results().keySet().stream()
                                .anyMatch(code -> COHORT.exam(code)
                                        .orElseThrow()
                                        .semester()
                                        .equals("2-1")))
                .findFirst()
                .orElseThrow();
        String path = "/calculate/" + student.hallTicket() + "/2001-01-01/2,1";
        var fresh = client.get(path);
        ticker.advance(Duration.ofMinutes(31));
        primary.setLatency(Duration.ofSeconds(30), Duration.ZERO);

        var stale = client.get(path);

        assertThat(fresh.status()).isEqualTo(200);
        assertThat(stale.status()).isEqualTo(200);
        assertThat(stale.header("X-Cache")).isEqualTo("STALE");
        assertThat(stale.json()).isEqualTo(fresh.json());
    }

    /**
     * This promise is about elapsed time, so it is timed: a deadline per release (or per round of releases) would
     * end in the same 503s, only later — a second more for every further release or round asked. With one deadline
     * each request ends after about 1 s; the bound leaves 1.5 s to spare for a busy machine.
     */
    @Test
    void a_semester_lookup_asking_several_releases_keeps_to_one_deadline() {
        ServiceClient client = service(Ticker.systemTicker(), Map.of("RESULTS_REQUEST_DEADLINE_MS", "1000"));
        client.get("/new/all"); // the release list is known; each result request now takes 2.5 s
        primary.setLatency(Duration.ofMillis(2500), Duration.ZERO);
        Student student = someStudent(3);

        long start = System.nanoTime();
        var semester = client.get("/calculate/" + student.hallTicket() + "/2001-01-01/4,2");
        var allSemesters = client.get("/all-r18/" + someStudent(4).hallTicket());
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(semester.status()).isEqualTo(503);
        assertThat(allSemesters.status()).isEqualTo(503);
        assertThat(took).isLessThan(Duration.ofMillis(3500));
    }

    private static HttpRequest from(String forwardedFor, URI uri) {
        return HttpRequest.newBuilder(uri)
                .header("X-Forwarded-For", forwardedFor)
                .GET()
                .build();
    }
}
