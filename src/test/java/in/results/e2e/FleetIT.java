package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Three service instances sharing one real {@code redis-server}, against the university simulator (primary +
 * mirror), all on loopback: one upstream lookup for the fleet, answers shared and kept across restarts, and Redis
 * trouble that never turns into an error.
 */
class FleetIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final List<Student> STUDENTS = COHORT.students().stream()
            .filter(s -> !s.lateralEntry() && s.results().size() > 4)
            .limit(12)
            .toList();

    private FleetRig rig;

    @BeforeEach
    void start() {
        rig = FleetRig.start(COHORT);
        // Answers take a while, so that concurrent lookups really overlap.
        rig.primary().setLatency(Duration.ofMillis(30), Duration.ZERO);
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    /** An instance of the fleet; a generous Redis timeout, so that a busy test machine is not taken for a slow Redis. */
    private ServiceClient member() {
        return rig.instance(Map.of("RESULTS_REDIS_URL", rig.redis().url(), "RESULTS_REDIS_TIMEOUT_MS", "2000"));
    }

    private static String transcriptOf(Student student) {
        return "/all-r18/" + student.hallTicket();
    }

    /** Redis as {@code /health} shows it, checked against the OpenAPI document on the way. */
    private static String redisState(ServiceClient instance) {
        var health = instance.get("/health").json();
        var document = instance.get("/openapi.json").json();
        assertThat(SchemaCheck.violations(document, document.at("/components/schemas/Health"), health))
                .isEmpty();
        return health.get("store").get("redis").asText();
    }

    @Test
    void sixty_identical_cold_lookups_on_three_instances_ask_the_university_for_one_lookup() throws Exception {
        Student student = STUDENTS.get(0);
        ServiceClient alone = rig.instance(Map.of()); // embedded store: what one lookup costs
        var reference = alone.get(transcriptOf(student));
        long oneLookup = rig.universityRequests();
        rig.primary().resetCounters();
        rig.mirror().resetCounters();
        List<ServiceClient> fleet = List.of(member(), member(), member());

        List<ServiceClient.Reply> replies = new ArrayList<>();
        try (var clients = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<ServiceClient.Reply>> sent = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                ServiceClient instance = fleet.get(i % 3);
                sent.add(clients.submit(() -> instance.get(transcriptOf(student))));
            }
            for (Future<ServiceClient.Reply> reply : sent) {
                replies.add(reply.get());
            }
        }

        assertThat(reference.status()).isEqualTo(200);
        assertThat(oneLookup).isPositive();
        assertThat(replies).allSatisfy(reply -> {
            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.json()).isEqualTo(reference.json());
        });
        assertThat(rig.universityRequests()).isEqualTo(oneLookup);
    }

    @Test
    void an_answer_cached_through_one_instance_is_a_hit_on_the_others_and_after_a_restart() {
        Student student = STUDENTS.get(1);
        ServiceClient a = member();
        ServiceClient b = member();
        ServiceClient c = member();
        var first = a.get(transcriptOf(student));
        long asked = rig.universityRequests();

        var onB = b.get(transcriptOf(student));
        var onC = c.get(transcriptOf(student));
        rig.stopFirst();
        ServiceClient restarted = member();
        var afterRestart = restarted.get(transcriptOf(student));

        assertThat(first.header("X-Cache")).isEqualTo("MISS");
        for (var reply : List.of(onB, onC, afterRestart)) {
            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.header("X-Cache")).isEqualTo("HIT");
            assertThat(reply.json()).isEqualTo(first.json());
            assertThat(reply.header("Cache-Control")).isEqualTo("public, max-age=30");
        }
        assertThat(rig.universityRequests()).isEqualTo(asked);
    }

    @Test
    void redis_killed_mid_test_costs_no_errors_and_sharing_resumes_when_it_is_back() {
        List<ServiceClient> fleet = List.of(member(), member(), member());
        assertThat(fleet.get(0).get(transcriptOf(STUDENTS.get(2))).status()).isEqualTo(200);
        assertThat(fleet.get(1).get(transcriptOf(STUDENTS.get(2))).header("X-Cache"))
                .isEqualTo("HIT");

        rig.redis().kill();
        List<Integer> statuses = new ArrayList<>();
        for (Student student : STUDENTS.subList(2, 6)) {
            for (ServiceClient instance : fleet) {
                statuses.add(instance.get(transcriptOf(student)).status());
            }
        }
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(fleet)
                        .allSatisfy(instance -> assertThat(redisState(instance)).isEqualTo("DOWN")));
        rig.redis().restart();
        await().atMost(Duration.ofSeconds(15))
                .untilAsserted(() -> assertThat(fleet)
                        .allSatisfy(instance -> assertThat(redisState(instance)).isEqualTo("UP")));
        // Redis came back empty: an instance puts back the copies it kept as they are used.
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            fleet.get(0).get(transcriptOf(STUDENTS.get(2)));
            return rig.redis()
                    .command(
                            "EXISTS",
                            "results:transcript:R18:" + STUDENTS.get(2).hallTicket())
                    .equals("1");
        });
        var loaded = fleet.get(2).get(transcriptOf(STUDENTS.get(6)));
        long asked = rig.universityRequests();
        var onA = fleet.get(0).get(transcriptOf(STUDENTS.get(6)));
        var onB = fleet.get(1).get(transcriptOf(STUDENTS.get(6)));

        assertThat(statuses).containsOnly(200);
        assertThat(loaded.header("X-Cache")).isEqualTo("MISS");
        assertThat(onA.header("X-Cache")).isEqualTo("HIT");
        assertThat(onB.header("X-Cache")).isEqualTo("HIT");
        assertThat(onA.json()).isEqualTo(loaded.json());
        assertThat(rig.universityRequests()).isEqualTo(asked);
    }

    @Test
    void an_instance_started_without_redis_serves_alone_and_joins_the_fleet_when_redis_comes() {
        rig.redis().kill();
        ServiceClient a = member();
        ServiceClient b = member();

        var alone = a.get(transcriptOf(STUDENTS.get(7)));
        String stateWhileDown = redisState(a);
        rig.redis().restart();
        await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> {
            assertThat(redisState(a)).isEqualTo("UP");
            assertThat(redisState(b)).isEqualTo("UP");
        });
        a.get(transcriptOf(STUDENTS.get(8)));
        long asked = rig.universityRequests();
        var shared = b.get(transcriptOf(STUDENTS.get(8)));

        assertThat(alone.status()).isEqualTo(200);
        assertThat(stateWhileDown).isEqualTo("DOWN");
        assertThat(shared.header("X-Cache")).isEqualTo("HIT");
        assertThat(rig.universityRequests()).isEqualTo(asked);
    }

    @Test
    void a_slow_redis_does_not_hold_requests() {
        ServiceClient impatient =
                rig.instance(Map.of("RESULTS_REDIS_URL", rig.redis().url(), "RESULTS_REDIS_TIMEOUT_MS", "200"));
        assertThat(redisState(impatient)).isEqualTo("UP");
        rig.redis().command("CLIENT", "PAUSE", "10000", "ALL"); // Redis answers nothing for 10 s

        long start = System.nanoTime();
        var reply = impatient.get(transcriptOf(STUDENTS.get(9)));
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(took).isLessThan(Duration.ofSeconds(6));
        assertThat(redisState(impatient)).isEqualTo("DOWN");
    }

    @Test
    void copies_of_another_format_not_json_or_of_another_type_are_misses_never_errors() {
        ServiceClient a = member();
        ServiceClient b = member();
        Student otherFormat = STUDENTS.get(9);
        Student notJson = STUDENTS.get(10);
        Student otherType = STUDENTS.get(11);
        rig.redis()
                .command(
                        "SET",
                        "results:transcript:R18:" + otherFormat.hallTicket(),
                        "{\"format\":999,\"loaded_at_ms\":" + System.currentTimeMillis()
                                + ",\"fresh_for_ms\":600000,\"value\":{}}");
        rig.redis().command("SET", "results:transcript:R18:" + notJson.hallTicket(), "{not json");
        rig.redis().command("RPUSH", "results:transcript:R18:" + otherType.hallTicket(), "a list");

        List<ServiceClient.Reply> replies = new ArrayList<>();
        for (Student student : List.of(otherFormat, notJson, otherType)) {
            replies.add(a.get(transcriptOf(student)));
        }
        String metrics = a.get("/metrics").response().body();
        var sharedAfterwards = b.get(transcriptOf(otherType));

        for (int i = 0; i < 3; i++) {
            Student student = List.of(otherFormat, notJson, otherType).get(i);
            assertThat(replies.get(i).status()).isEqualTo(200);
            assertThat(replies.get(i).header("X-Cache")).isEqualTo("MISS");
            assertThat(replies.get(i).json()).isEqualTo(ExpectedTranscript.of(COHORT, student));
        }
        assertThat(metrics).containsPattern("results_redis_unreadable_total(\\{[^}]*\\})? [3-9]");
        assertThat(sharedAfterwards.header("X-Cache")).isEqualTo("HIT");
    }
}
