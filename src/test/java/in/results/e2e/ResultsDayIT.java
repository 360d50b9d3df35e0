package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.CohortCases;
import in.results.simulator.cohort.EdgeCase;
import in.results.simulator.cohort.Student;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A university slower than the request deadline, as on a results day: the caller of {@code /all-r18} gets a 503 with
 * a {@code Retry-After}, while the lookup goes on and stores its answer, so that asking again finds it ready.
 */
class ResultsDayIT {
    private static final Cohort COHORT = Cohort.generate(42);

    @Test
    void a_lookup_its_caller_stopped_waiting_for_goes_on_and_the_503_says_when_to_come_back() {
        Student student = COHORT.student(CohortCases.of(COHORT)
                        .first(EdgeCase.SUPPLY_CLEARED_SECOND_TRY)
                        .hallTicket())
                .orElseThrow();
        try (TestUniverse universe =
                TestUniverse.start(COHORT, Ticker.systemTicker(), Map.of("RESULTS_REQUEST_DEADLINE_MS", "400"))) {
            universe.primary().setLatency(Duration.ofMillis(300), Duration.ZERO);
            ServiceClient client = universe.client();

            var late = client.get("/all-r18/" + student.hallTicket()); // two rounds of 300 ms at least
            // Nobody asks meanwhile: the lookup has ended once the university hears nothing more for a while.
            AtomicLong seen = new AtomicLong(-1);
            await("the lookup has ended")
                    .atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(100))
                    .during(Duration.ofSeconds(2))
                    .until(() -> seen.getAndSet(universe.primary().requestCount())
                            == universe.primary().requestCount());
            var again = client.get("/all-r18/" + student.hallTicket());

            assertThat(late.status()).isEqualTo(503);
            assertThat(late.json().get("code").asText()).isEqualTo("UPSTREAM_UNAVAILABLE");
            assertThat(Long.parseLong(late.header("Retry-After"))).isBetween(1L, 60L);
            assertThat(again.status()).isEqualTo(200);
            assertThat(again.header("X-Cache")).isEqualTo("HIT");
            assertThat(again.json()).isEqualTo(ExpectedTranscript.of(COHORT, student));
        }
    }
}
