package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import in.results.App;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import io.javalin.Javalin;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Start-up as {@code Main} does it ({@link App#start}): the service listens at once and asks the university for its
 * release list in the background, so the first lookup does not pay for the list.
 */
class StartupIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final String RELEASE_LIST = "/jsp/home.jsp";

    private final UniversitySimulator university = UniversitySimulator.start(COHORT, 0);
    private Javalin service;

    @AfterEach
    void stop() {
        if (service != null) {
            service.stop();
        }
        university.close();
    }

    private ServiceClient start() {
        service = App.start(ExamEndpointsIT.config(
                List.of(university.baseUrl(), URI.create(university.baseUrl() + "/results")), Map.of()));
        return new ServiceClient(service.port());
    }

    private static Student studentWithResults() {
        return COHORT.students().stream()
                .filter(s -> s.regulation().equals("R18")
                        && !s.lateralEntry()
                        && s.results().size() > 4)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void the_release_list_is_fetched_once_at_start_up_before_anyone_asks_and_not_again_for_the_first_requests() {
        ServiceClient client = start();

        await().atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> university.requestCount(RELEASE_LIST) == 1);
        ServiceClient.Reply releases = client.get("/new/all");
        ServiceClient.Reply transcript =
                client.get("/all-r18/" + studentWithResults().hallTicket());

        // HIT, or MISS when it came while the answer was on its way: either way it waited for the one fetch.
        assertThat(releases.status()).isEqualTo(200);
        assertThat(transcript.status()).isEqualTo(200);
        assertThat(university.requestCount(RELEASE_LIST)).isEqualTo(1);
    }

    @Test
    void a_lookup_arriving_while_the_list_is_on_its_way_shares_that_fetch() {
        university.setLatency(Duration.ofMillis(500), Duration.ZERO);
        ServiceClient client = start();

        ServiceClient.Reply transcript =
                client.get("/all-r18/" + studentWithResults().hallTicket());

        assertThat(transcript.status()).isEqualTo(200);
        assertThat(university.requestCount(RELEASE_LIST)).isEqualTo(1);
    }

    @Test
    void start_up_does_not_wait_for_the_release_list() {
        Duration slow = Duration.ofSeconds(20);
        university.setLatency(slow, Duration.ZERO);
        long starting = System.nanoTime();

        ServiceClient client = start();
        ServiceClient.Reply health = client.get("/health");

        assertThat(health.status()).isEqualTo(200);
        assertThat(Duration.ofNanos(System.nanoTime() - starting))
                .as("listening before the university answered")
                .isLessThan(slow);
        await().atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> university.requestCount(RELEASE_LIST) >= 1);
    }
}
