package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.testing.ManualTicker;
import io.javalin.Javalin;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code GET /health}: liveness and each upstream host's breaker state and last success. */
class HealthIT {
    private static final Cohort COHORT = Cohort.generate(42);

    /** The service's time: ages are exact, and the rate limit refills only when a test says so. */
    private final ManualTicker ticker = new ManualTicker();

    private UniversitySimulator primary;
    private UniversitySimulator mirror;
    private Javalin service;
    private ServiceClient client;

    @BeforeEach
    void start() {
        primary = UniversitySimulator.start(COHORT, 0);
        mirror = UniversitySimulator.start(COHORT, 0);
    }

    private void startService(Map<String, String> settings) {
        service = ExamEndpointsIT.startService(
                List.of(primary.baseUrl(), URI.create(mirror.baseUrl() + "/results")), ticker, settings);
        client = new ServiceClient(service.port());
    }

    @AfterEach
    void stop() {
        service.stop();
        primary.close();
        mirror.close();
    }

    @Test
    void before_any_request_both_hosts_are_closed_and_never_succeeded() {
        startService(Map.of());

        JsonNode health = client.get("/health").json();

        assertThat(health.get("status").asText()).isEqualTo("UP");
        assertThat(health.get("upstream_available").asBoolean()).isTrue();
        assertThat(health.get("upstream")).hasSize(2);
        assertThat(health.get("upstream").get(0).get("url").asText())
                .isEqualTo(primary.baseUrl().toString());
        assertThat(health.get("upstream").get(1).get("url").asText()).isEqualTo(mirror.baseUrl() + "/results");
        assertThat(health.get("upstream").get(0).get("breaker").asText()).isEqualTo("CLOSED");
        assertThat(health.get("upstream").get(0).get("last_success").isNull()).isTrue();
    }

    @Test
    void a_dead_primary_shows_an_open_breaker_and_the_mirror_a_recent_success() {
        startService(Map.of());
        primary.setDown(true);
        List<Student> students = COHORT.students().stream()
                .filter(s -> !s.results().isEmpty())
                .limit(6)
                .toList();
        for (Student student : students) {
            assertThat(client.get(ExamQueries.firstExam(COHORT, student)).status())
                    .isEqualTo(200);
        }

        JsonNode hosts = client.get("/health").json().get("upstream");
        ticker.advance(Duration.ofSeconds(42));
        JsonNode later = client.get("/health").json().get("upstream");

        assertThat(hosts.get(0).get("breaker").asText()).isEqualTo("OPEN");
        assertThat(hosts.get(0).get("last_success").isNull()).isTrue();
        assertThat(hosts.get(1).get("breaker").asText()).isEqualTo("CLOSED");
        assertThat(hosts.get(1).get("last_success").asText()).endsWith("Z");
        assertThat(hosts.get(1).get("last_success_age_seconds").asLong()).isZero();
        assertThat(later.get(1).get("last_success_age_seconds").asLong()).isEqualTo(42);
    }

    @Test
    void metrics_count_requests_by_route_and_cache_outcome_and_what_the_university_was_sent() {
        startService(Map.of());
        Student student = COHORT.students().stream()
                .filter(s -> !s.results().isEmpty())
                .findFirst()
                .orElseThrow();
        String query = ExamQueries.firstExam(COHORT, student);
        client.get(query);
        client.get(query);
        client.get("/no/such/path/at/all");

        var metrics = client.get("/metrics");
        String text = metrics.response().body();

        assertThat(metrics.header("Content-Type")).startsWith("text/plain");
        assertThat(text)
                .contains("results_http_requests_seconds_count{cache=\"MISS\",route=\"/api\",status=\"200\"} 1")
                .contains("results_http_requests_seconds_count{cache=\"HIT\",route=\"/api\",status=\"200\"} 1")
                .contains("route=\"unmatched\",status=\"404\"")
                .contains("results_upstream_requests_total " + primary.requestCount("/resultAction") + ".0")
                .contains("results_upstream_breaker_open{host=\"" + primary.baseUrl() + "\"} 0")
                .contains("jvm_memory_used_bytes");
    }

    @Test
    void health_and_metrics_are_not_rate_limited() {
        startService(Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "1"));

        client.get("/new/all");
        var limited = client.get("/new/all");

        assertThat(limited.status()).isEqualTo(429);
        for (int i = 0; i < 5; i++) {
            assertThat(client.get("/health").status()).isEqualTo(200);
            assertThat(client.get("/metrics").status()).isEqualTo(200);
        }
    }
}
