package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.Ticker;
import in.results.App;
import in.results.config.ConfigReader;
import in.results.config.ServiceConfig;
import in.results.core.Environment;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.MarksLayout;
import in.results.testing.DataFolders;
import in.results.testing.ManualTicker;
import in.results.upstream.UpstreamClient;
import io.javalin.Javalin;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code /api} and {@code /api/calculate} over HTTP against the university simulator (primary + mirror). */
class ExamEndpointsIT {
    private static final Cohort COHORT = Cohort.generate(42);

    private UniversitySimulator primary;
    private UniversitySimulator mirror;
    private TestUniverse universe;
    private ServiceClient client;

    @BeforeEach
    void start() {
        universe = TestUniverse.start(COHORT, Ticker.systemTicker(), Map.of());
        primary = universe.primary();
        mirror = universe.mirror();
        client = universe.client();
    }

    @AfterEach
    void stop() {
        universe.close();
    }

    static Javalin startService(List<URI> upstreams) {
        return startService(upstreams, Ticker.systemTicker());
    }

    static Javalin startService(List<URI> upstreams, Ticker ticker) {
        return startService(upstreams, ticker, Map.of());
    }

    /** The service on a free port, asking {@code upstreams}, with extra environment settings. */
    static Javalin startService(List<URI> upstreams, Ticker ticker, Map<String, String> settings) {
        return startService(upstreams, Environment.system().withTicker(ticker), settings);
    }

    /** The same with time and threads from {@code environment}. */
    static Javalin startService(List<URI> upstreams, Environment environment, Map<String, String> settings) {
        return App.create(config(upstreams, settings), environment).start();
    }

    /** The service for {@code config}, asking the university through {@code upstream} (tests read its stats). */
    static Javalin startService(ServiceConfig config, Ticker ticker, UpstreamClient upstream) {
        return App.create(config, Environment.system().withTicker(ticker), upstream)
                .start();
    }

    /**
     * The configuration of {@link #startService}: a free port, {@code upstreams}, a 3 s upstream timeout, no
     * per-client limit (tests send many requests from one address), no upstream request budget (its tokens come
     * with the ticker's time, which stands still in most tests) and an empty data folder of its own (no archive of
     * another test) unless {@code settings} set them.
     */
    static ServiceConfig config(List<URI> upstreams, Map<String, String> settings) {
        Map<String, String> env = new java.util.HashMap<>(Map.of(
                "RESULTS_UPSTREAM_TIMEOUT_MS",
                "3000",
                "RESULTS_RATE_LIMIT_PER_MINUTE",
                "0",
                "RESULTS_UPSTREAM_RPS",
                "0"));
        env.put("RESULTS_DATA_DIR", DataFolders.fresh().toString());
        env.putAll(settings);
        return ConfigReader.read(List.of("--port", "0"), env).withUpstreamUrls(upstreams);
    }

    private static String apiQuery(Student student, Exam exam) {
        StringBuilder query =
                new StringBuilder("hallticket=" + student.hallTicket().toLowerCase());
        exam.linkParams()
                .forEach((key, value) -> query.append('&')
                        .append(key.equals("etype") ? "eType" : key)
                        .append('=')
                        .append(value));
        return query.toString();
    }

    private void assertCalculated(Student student, Exam exam) {
        boolean fourColumn = exam.layout() == MarksLayout.FOUR_COLUMN;
        var marks = student.results().get(exam.code());

        JsonNode api = client.get("/api?" + apiQuery(student, exam)).json();
        JsonNode calculated =
                client.get("/api/calculate?" + apiQuery(student, exam)).json();

        assertThat(api).isEqualTo(Expected.array(Expected.details(student), Expected.fullSubjects(marks, fourColumn)));
        assertThat(calculated)
                .isEqualTo(Expected.array(
                        Expected.sgpaNumber(marks),
                        Expected.details(student),
                        Expected.fullSubjects(marks, fourColumn)));
    }

    @Test
    void every_kind_of_student_row_comes_back_as_the_university_shows_it() {
        for (var example : Cases.examples(COHORT)) {
            assertCalculated(example.student(), example.exam());
        }
    }

    @Test
    void a_passing_exam_has_a_numeric_sgpa_and_a_failing_one_the_word_fail() {
        var passed = Cases.passed(COHORT);
        var failed = Cases.failed(COHORT);

        JsonNode pass = client.get("/api/calculate?" + apiQuery(passed.student(), passed.exam()))
                .json();
        JsonNode fail = client.get("/api/calculate?" + apiQuery(failed.student(), failed.exam()))
                .json();

        assertThat(pass.get(0).get("SGPA").isNumber()).isTrue();
        assertThat(fail.get(0).get("SGPA").asText()).isEqualTo("FAIL");
    }

    @Test
    void no_result_is_404_result_not_found_and_cached_briefly() {
        var example = Cases.passed(COHORT);
        String hallTicket = Cases.hallTicketWithoutStudent(COHORT);
        String query = "hallticket=" + hallTicket + "&degree=btech&examCode="
                + example.exam().code();

        var first = client.get("/api/calculate?" + query);
        var second = client.get("/api/calculate?" + query);

        assertThat(first.status()).isEqualTo(404);
        assertThat(first.json().get("code").asText()).isEqualTo("RESULT_NOT_FOUND");
        assertThat(second.status()).isEqualTo(404);
        assertThat(primary.resultRequestsFor(hallTicket, example.exam().code())).isEqualTo(1);
    }

    @Test
    void no_result_is_asked_again_after_five_minutes_and_a_result_is_read_from_the_archive_after_thirty() {
        ManualTicker ticker = new ManualTicker();
        Javalin timed = startService(List.of(primary.baseUrl()), ticker);
        try {
            ServiceClient timedClient = new ServiceClient(timed.port());
            var example = Cases.passed(COHORT);
            String nobody = Cases.hallTicketWithoutStudent(COHORT);
            String code = example.exam().code();
            String found = "/api?" + apiQuery(example.student(), example.exam());
            String none = "/api?hallticket=" + nobody + "&degree=btech&examCode=" + code;
            timedClient.get(found);
            timedClient.get(none);

            ticker.advance(Duration.ofMinutes(4));
            timedClient.get(none);
            ticker.advance(Duration.ofMinutes(2));
            var noneAgain = timedClient.get(none);
            var foundStillFresh = timedClient.get(found);
            ticker.advance(Duration.ofMinutes(25));
            var foundAgain = timedClient.get(found);

            assertThat(primary.resultRequestsFor(nobody, code)).isEqualTo(2);
            assertThat(noneAgain.status()).isEqualTo(404);
            assertThat(foundStillFresh.header("X-Cache")).isEqualTo("HIT");
            assertThat(foundAgain.header("X-Cache")).isEqualTo("MISS");
            assertThat(foundAgain.json()).isEqualTo(foundStillFresh.json());
            // A published page does not change: the archive answers for the university.
            assertThat(primary.resultRequestsFor(example.student().hallTicket(), code))
                    .isEqualTo(1);
        } finally {
            timed.stop();
        }
    }

    @Test
    void an_old_no_result_is_not_served_while_the_university_is_down() {
        ManualTicker ticker = new ManualTicker();
        Javalin timed = startService(List.of(primary.baseUrl(), mirror.baseUrl()), ticker);
        try {
            ServiceClient timedClient = new ServiceClient(timed.port());
            String none = "/api?hallticket=" + Cases.hallTicketWithoutStudent(COHORT) + "&degree=btech&examCode="
                    + Cases.passed(COHORT).exam().code();
            assertThat(timedClient.get(none).status()).isEqualTo(404);
            ticker.advance(Duration.ofMinutes(10));
            primary.setDown(true);
            mirror.setDown(true);

            var down = timedClient.get(none);

            assertThat(down.status()).isEqualTo(503); // results may have been published since: not a 404
            assertThat(down.json().get("code").asText()).isEqualTo("UPSTREAM_UNAVAILABLE");
        } finally {
            timed.stop();
        }
    }

    @Test
    void second_identical_lookup_is_a_cache_hit() {
        var example = Cases.passed(COHORT);
        String query = apiQuery(example.student(), example.exam());

        var first = client.get("/api?" + query);
        var second = client.get("/api?" + query);

        assertThat(first.header("X-Cache")).isEqualTo("MISS");
        assertThat(second.header("X-Cache")).isEqualTo("HIT");
        // Never longer than the release list's refresh interval (30 s by default), though kept 30 minutes.
        assertThat(second.header("Cache-Control")).isEqualTo("public, max-age=30");
        assertThat(second.json()).isEqualTo(first.json());
        assertThat(primary.resultRequestsFor(
                        example.student().hallTicket(), example.exam().code()))
                .isEqualTo(1);
    }

    @Test
    void fifty_concurrent_identical_cold_lookups_make_one_upstream_request() throws Exception {
        var example = Cases.passed(COHORT);
        primary.setLatency(Duration.ofMillis(400), Duration.ZERO);
        String query = "/api/calculate?" + apiQuery(example.student(), example.exam());
        List<Future<ServiceClient.Reply>> replies = new ArrayList<>();

        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 50; i++) {
                replies.add(executor.submit(() -> client.get(query)));
            }
            for (var reply : replies) {
                assertThat(reply.get().status()).isEqualTo(200);
            }
        }

        assertThat(primary.resultRequestsFor(
                        example.student().hallTicket(), example.exam().code()))
                .isEqualTo(1);
        assertThat(mirror.requestCount()).isZero();
    }

    @Test
    void primary_down_means_answers_come_from_the_mirror() {
        var example = Cases.passed(COHORT);
        primary.setDown(true);

        var reply = client.get("/api?" + apiQuery(example.student(), example.exam()));

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json().get(0).get("HTNO").asText())
                .isEqualTo(example.student().hallTicket());
        assertThat(mirror.resultRequestsFor(
                        example.student().hallTicket(), example.exam().code()))
                .isEqualTo(1);
    }

    @Test
    void both_hosts_down_is_503_with_retry_after_and_nothing_cached() {
        var example = Cases.passed(COHORT);
        primary.setDown(true);
        mirror.setDown(true);

        var down = client.get("/api?" + apiQuery(example.student(), example.exam()));
        primary.setDown(false);
        var back = client.get("/api?" + apiQuery(example.student(), example.exam()));

        assertThat(down.status()).isEqualTo(503);
        assertThat(down.header("Retry-After")).isNotBlank();
        assertThat(down.json().get("code").asText()).isEqualTo("UPSTREAM_UNAVAILABLE");
        assertThat(back.status()).isEqualTo(200);
        assertThat(back.header("X-Cache")).isEqualTo("MISS");
    }

    @Test
    void unreachable_primary_host_fails_over_to_the_mirror() {
        var example = Cases.passed(COHORT);
        Javalin other = startService(List.of(URI.create("http://127.0.0.1:1"), mirror.baseUrl()));
        try {
            var reply = new ServiceClient(other.port()).get("/api?" + apiQuery(example.student(), example.exam()));

            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.json().get(0).get("HTNO").asText())
                    .isEqualTo(example.student().hallTicket());
        } finally {
            other.stop();
        }
    }

    @Test
    void a_page_that_is_not_a_result_is_502() {
        Javalin broken = Javalin.create(config -> {
                    config.startup.showJavalinBanner = false;
                    config.routes.get(
                            "/resultAction", ctx -> ctx.html("<html><body><p>Under maintenance</p></body></html>"));
                })
                .start("127.0.0.1", 0);
        Javalin other = startService(List.of(URI.create("http://127.0.0.1:" + broken.port())));
        try {
            var reply = new ServiceClient(other.port()).get("/api?hallticket=20S11A6601&degree=btech&examCode=1560");

            assertThat(reply.status()).isEqualTo(502);
            assertThat(reply.json().get("code").asText()).isEqualTo("UPSTREAM_BAD_RESPONSE");
        } finally {
            other.stop();
            broken.stop();
        }
    }

    @Test
    void bad_parameters_are_400_naming_the_parameter() {
        var shortTicket = client.get("/api?hallticket=20S11A66&degree=btech&examCode=1560");
        var symbols = client.get("/api/calculate?hallticket=20S11A66%3C1&degree=btech&examCode=1560");
        var noCode = client.get("/api?hallticket=20S11A6601&degree=btech");
        var badCode = client.get("/api?hallticket=20S11A6601&degree=btech&examCode=15x0");
        var noTicket = client.get("/api/calculate?degree=btech&examCode=1560");

        assertThat(List.of(shortTicket, symbols, noCode, badCode, noTicket)).allSatisfy(reply -> {
            assertThat(reply.status()).isEqualTo(400);
            assertThat(reply.header("Content-Type")).startsWith("application/json");
            assertThat(reply.json().get("code").asText()).isEqualTo("INVALID_PARAMETER");
        });
        assertThat(shortTicket.json().get("error").asText()).contains("hallticket");
        assertThat(symbols.json().get("error").asText()).contains("hallticket").doesNotContain("<");
        assertThat(noCode.json().get("error").asText()).contains("examCode");
        assertThat(badCode.json().get("error").asText()).contains("examCode");
        assertThat(noTicket.json().get("error").asText()).contains("hallticket");
        assertThat(primary.requestCount()).isZero();
    }

    @Test
    void unknown_path_is_404_json_and_other_methods_are_405_json() {
        var unknown = client.get("/no/such/thing/here");
        var threeSegments = client.get("/foo/bar/baz");
        var post = client.send(HttpRequest.newBuilder(client.uri("/api?hallticket=20S11A6601&examCode=1560"))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());

        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(threeSegments.status()).isEqualTo(404);
        assertThat(threeSegments.json().get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(post.status()).isEqualTo(405);
        assertThat(post.json().get("code").asText()).isEqualTo("METHOD_NOT_ALLOWED");
    }
}
