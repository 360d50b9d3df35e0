package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.App;
import in.results.core.Environment;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.testing.PostgresServer;
import io.javalin.Javalin;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /health/ready}: 503 until the release list has been asked for and the archive's migrations have run
 * once, then 200 for good, whatever fails later; never rate limited.
 */
class ReadinessIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final List<AutoCloseable> started = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable each : started.reversed()) {
            each.close();
        }
    }

    @Test
    void not_ready_while_the_release_list_is_being_read_then_ready_and_never_rate_limited() {
        UniversitySimulator university = UniversitySimulator.start(COHORT, 0);
        started.add(university);
        university.setLatency(Duration.ofSeconds(4), Duration.ZERO);
        ServiceClient client = start(Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "1"), university);

        ServiceClient.Reply starting = client.get("/health/ready");
        assertThat(starting.status()).isEqualTo(503);
        assertThat(starting.json().get("code").asText()).isEqualTo("STARTING");
        assertThat(starting.json().get("error").asText()).contains("the release list's first read");
        assertThat(starting.header("Retry-After")).isEqualTo("5");

        ServiceClient.Reply ready = awaitReady(client);
        assertThat(ready.json().get("status").asText()).isEqualTo("READY");
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            statuses.add(client.get("/health/ready").status());
        }
        assertThat(statuses).containsOnly(200);
        client.get("/new/all"); // the minute's one request
        assertThat(client.get("/new/all").status()).isEqualTo(429); // the limit holds for everything else
    }

    @Test
    void a_database_that_does_not_answer_at_start_delays_readiness_and_its_later_outage_does_not_end_it() {
        UniversitySimulator university = UniversitySimulator.start(COHORT, 0);
        started.add(university);
        PostgresServer postgres = PostgresServer.start();
        started.add(postgres);
        String database = postgres.newDatabase();
        postgres.stop();
        ServiceClient client = start(Map.of("RESULTS_DATABASE_URL", database), university);

        ServiceClient.Reply waiting = awaitListRead(client);
        assertThat(waiting.status()).isEqualTo(503);
        assertThat(waiting.json().get("error").asText())
                .isEqualTo("The service is starting: waiting for the archive's schema.");

        postgres.restart();
        awaitReady(client);
        postgres.stop();
        university.setDown(true);
        assertThat(client.get("/health/ready").status()).isEqualTo(200);
    }

    private ServiceClient start(Map<String, String> settings, UniversitySimulator university) {
        Javalin service =
                App.start(ExamEndpointsIT.config(List.of(university.baseUrl()), settings), Environment.system());
        started.add(service::stop);
        return new ServiceClient(service.port());
    }

    private static ServiceClient.Reply awaitReady(ServiceClient client) {
        return client.awaitAnswer("/health/ready", reply -> reply.status() == 200, PATIENCE);
    }

    private static ServiceClient.Reply awaitListRead(ServiceClient client) {
        return client.awaitAnswer(
                "/health/ready", reply -> !reply.json().path("error").asText().contains("release list"), PATIENCE);
    }
}
