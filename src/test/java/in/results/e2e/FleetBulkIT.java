package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.App;
import in.results.core.Environment;
import in.results.simulator.cohort.Cohort;
import in.results.testing.ManualExecutor;
import in.results.testing.RedisServer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Bulk jobs of a fleet: three service instances on one real {@code redis-server}, the university simulator on
 * loopback. A job is one for the fleet: seen alike through every instance, limited fleet-wide, and finished by
 * another instance when the one running it stops or dies.
 */
class FleetBulkIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final BulkIT.Section SECTION = BulkIT.Section.largest(COHORT);

    private FleetRig rig;

    @BeforeEach
    void start() {
        rig = FleetRig.start(COHORT);
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    private static Map<String, String> fleetSettings(RedisServer redis, Map<String, String> extra) {
        Map<String, String> settings = new HashMap<>(extra);
        settings.put("RESULTS_REDIS_URL", redis.url());
        settings.put("RESULTS_REDIS_TIMEOUT_MS", "2000"); // a busy test machine is not a slow Redis
        return settings;
    }

    private ServiceClient member(Map<String, String> settings) {
        return rig.instance(fleetSettings(rig.redis(), settings));
    }

    private static List<String> rolls(int from, int to) {
        return IntStream.rangeClosed(from, to)
                .mapToObj(i -> String.format("%02d", i))
                .toList();
    }

    private long hallTicketsAskedMoreThanOnce(List<String> rolls) {
        return rolls.stream()
                .filter(roll -> rig.primary()
                                        .resultRequestsFor(
                                                SECTION.prefix() + roll,
                                                SECTION.exam().code())
                                + rig.mirror()
                                        .resultRequestsFor(
                                                SECTION.prefix() + roll,
                                                SECTION.exam().code())
                        > 1)
                .count();
    }

    @Test
    void a_job_started_on_one_instance_shows_the_same_progress_and_the_same_final_array_on_the_others() {
        String query = "/api?" + SECTION.query("01", "30");
        ServiceClient alone = rig.instance(Map.of());
        var reference = BulkIT.pollUntilDone(alone, query);
        rig.primary().resetCounters();
        rig.primary().setLatency(Duration.ofMillis(300), Duration.ZERO);
        rig.primary().setMaxConcurrent(4); // waves of four: the job is visibly in progress for about two seconds
        List<ServiceClient> fleet = List.of(member(Map.of()), member(Map.of()), member(Map.of()));

        var started = fleet.get(0).get(query);
        List<ServiceClient.Reply> sameMoment = await().atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(20))
                .until(
                        () -> fleet.stream()
                                .map(instance -> instance.get(query))
                                .toList(),
                        replies -> replies.stream()
                                        .allMatch(reply -> reply.status() == 202
                                                && reply.json().get("done").asInt() > 0)
                                && replies.stream()
                                                .map(reply -> reply.json())
                                                .distinct()
                                                .count()
                                        == 1);
        var onB = BulkIT.pollUntilDone(fleet.get(1), query);
        var onC = fleet.get(2).get(query);

        assertThat(started.status()).isEqualTo(202);
        assertThat(started.json().get("total").asInt()).isEqualTo(30);
        assertThat(sameMoment.getFirst().json().get("total").asInt()).isEqualTo(30);
        assertThat(reference.status()).isEqualTo(200);
        for (var finished : List.of(onB, onC)) {
            assertThat(finished.status()).isEqualTo(200);
            assertThat(finished.header("X-Bulk-Missing")).isEqualTo("0");
            assertThat(finished.json()).isEqualTo(reference.json());
        }
        assertThat(reference.json()).isEqualTo(SECTION.expected(rolls(1, 30)));
        assertThat(rig.primary().requestCount("/resultAction")).isEqualTo(30); // one job for the three instances
    }

    @Test
    void a_job_whose_instance_stops_mid_job_is_finished_by_another_asking_only_the_hall_tickets_in_flight_again() {
        String query = "/api?" + SECTION.query("01", "40");
        rig.primary().setLatency(Duration.ofMillis(200), Duration.ZERO);
        // A fleet total of 4 slots, so bulk work holds at most 3: at most 3 hall tickets are in flight at a time.
        Map<String, String> settings = Map.of("RESULTS_UPSTREAM_CONCURRENCY", "4");
        List<ServiceClient> fleet = List.of(member(settings), member(settings), member(settings));
        fleet.get(0).get(query);
        await().atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> fleet.get(1).get(query).json().path("done").asInt(), done -> done >= 6);

        rig.stopFirst(); // the instance running the job goes away
        var finished = BulkIT.pollUntilDone(fleet.get(2), query);

        assertThat(finished.status()).isEqualTo(200);
        assertThat(finished.header("X-Bulk-Missing")).isEqualTo("0");
        assertThat(finished.json()).isEqualTo(SECTION.expected(rolls(1, 40)));
        assertThat(hallTicketsAskedMoreThanOnce(rolls(1, 40))).isLessThanOrEqualTo(3);
        assertThat(rolls(1, 40))
                .allSatisfy(roll -> assertThat(rig.primary()
                                .resultRequestsFor(
                                        SECTION.prefix() + roll, SECTION.exam().code()))
                        .isBetween(1L, 2L));
    }

    @Test
    void a_job_whose_instance_dies_is_resumed_by_another_when_its_lease_ends() {
        String query = "/api?" + SECTION.query("01", "10");
        // An instance whose background work never runs: it takes the job, then neither asks nor renews its lease.
        ManualExecutor frozen = new ManualExecutor();
        ServiceClient dying = rig.started(App.create(
                        ExamEndpointsIT.config(rig.upstreams(), fleetSettings(rig.redis(), Map.of())),
                        new Environment(Ticker.systemTicker(), Clock.systemUTC(), frozen))
                .start());
        ServiceClient survivor = member(Map.of());

        var started = dying.get(query);
        long claimedAt = System.nanoTime();
        var finished = BulkIT.pollUntilDone(survivor, query);
        Duration resumedWithin = Duration.ofNanos(System.nanoTime() - claimedAt);

        assertThat(started.status()).isEqualTo(202);
        assertThat(finished.status()).isEqualTo(200);
        assertThat(finished.json()).isEqualTo(SECTION.expected(rolls(1, 10)));
        assertThat(resumedWithin).isLessThan(Duration.ofSeconds(12)); // a 5 s lease, then a look every second
        assertThat(hallTicketsAskedMoreThanOnce(rolls(1, 10))).isZero();
    }

    @Test
    void the_limit_of_four_running_jobs_holds_for_the_fleet() {
        rig.primary().setLatency(Duration.ofSeconds(3), Duration.ZERO);
        List<ServiceClient> fleet = List.of(member(Map.of()), member(Map.of()), member(Map.of()));

        List<Integer> statuses = new ArrayList<>();
        for (int job = 0; job < 5; job++) {
            statuses.add(fleet.get(job % 3)
                    .get("/api?"
                            + SECTION.query(String.format("%02d", job * 10 + 1), String.format("%02d", job * 10 + 10)))
                    .status());
        }
        var refused = fleet.get(2).get("/api?" + SECTION.query("41", "50"));

        assertThat(statuses).containsExactly(202, 202, 202, 202, 429);
        assertThat(refused.json().get("code").asText()).isEqualTo("RATE_LIMITED");
        assertThat(fleet.get(1).get("/api?" + SECTION.query("01", "10")).status())
                .isEqualTo(202); // still running
    }

    @Test
    void a_class_job_whose_instance_stops_mid_job_is_finished_by_another_with_the_whole_record() {
        String prefix = "20BD1A05"; // ClassRecordIT's section: R18, admitted 2020
        String query = "/api/bulk/class?hallticket_from=" + prefix + "01&hallticket_to=" + prefix + "20";
        rig.primary().setLatency(Duration.ofMillis(20), Duration.ZERO);
        // A fleet total of 4 slots, so bulk work holds at most 3: the job is visibly under way for seconds.
        Map<String, String> settings = Map.of("RESULTS_UPSTREAM_CONCURRENCY", "4");
        List<ServiceClient> fleet = List.of(member(settings), member(settings));
        var started = fleet.get(0).get(query);
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> fleet.get(1).get(query).json().path("done").asInt(), done -> done >= 3);

        rig.stopFirst(); // the instance running the job goes away
        // The loads it had in flight are the survivor's once their leases end (5 s), then the rest of the class.
        var finished = await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> fleet.get(1).get(query), reply -> reply.status() != 202);

        assertThat(started.status()).isEqualTo(202);
        assertThat(finished.status()).isEqualTo(200);
        assertThat(finished.header("X-Bulk-Missing")).isEqualTo("0");
        assertThat(ExpectedReport.numbersCanonical(finished.json()))
                .isEqualTo(ExpectedReport.numbersCanonical(ExpectedClassRecord.of(COHORT, prefix, rolls(1, 20))));
    }
}
