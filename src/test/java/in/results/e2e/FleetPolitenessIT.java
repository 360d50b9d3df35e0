package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Politeness of a fleet: three service instances on one real {@code redis-server}, asking the university simulator
 * (primary + mirror) on loopback. The upstream limits and the per-client limit are totals for the fleet.
 */
class FleetPolitenessIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final List<Student> STUDENTS = COHORT.students().stream()
            .filter(s -> !s.lateralEntry() && s.results().size() > 4)
            .limit(40)
            .toList();

    private FleetRig rig;

    @BeforeEach
    void start() {
        rig = FleetRig.start(COHORT);
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    /** Three instances sharing Redis, with {@code settings}. */
    private List<ServiceClient> fleet(Map<String, String> settings) {
        Map<String, String> all = new HashMap<>(settings);
        all.put("RESULTS_REDIS_URL", rig.redis().url());
        all.put("RESULTS_REDIS_TIMEOUT_MS", "2000"); // a busy test machine is not a slow Redis
        List<ServiceClient> clients = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            clients.add(rig.instance(all));
        }
        return clients;
    }

    /** A single-exam lookup of {@code student}'s first exam. */
    private static String singleLookup(Student student) {
        return ExamQueries.firstExam(COHORT, student);
    }

    /** Sends every request at once, the i-th to instance i mod 3; the answers in order. */
    private static List<ServiceClient.Reply> spread(List<ServiceClient> fleet, List<String> requests) throws Exception {
        List<ServiceClient.Reply> replies = new ArrayList<>();
        try (var clients = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<ServiceClient.Reply>> sent = new ArrayList<>();
            for (int i = 0; i < requests.size(); i++) {
                ServiceClient instance = fleet.get(i % fleet.size());
                String request = requests.get(i);
                sent.add(clients.submit(() -> instance.get(request)));
            }
            for (Future<ServiceClient.Reply> reply : sent) {
                replies.add(reply.get());
            }
        }
        return replies;
    }

    @Test
    void under_load_from_three_instances_the_university_never_sees_more_requests_at_once_than_the_fleet_total()
            throws Exception {
        rig.primary().setLatency(Duration.ofMillis(50), Duration.ZERO);
        List<ServiceClient> fleet = fleet(Map.of("RESULTS_UPSTREAM_CONCURRENCY", "4"));

        List<ServiceClient.Reply> replies = spread(
                fleet,
                STUDENTS.subList(0, 6).stream()
                        .map(s -> "/all-r18/" + s.hallTicket())
                        .toList());

        assertThat(replies).allSatisfy(reply -> assertThat(reply.status()).isEqualTo(200));
        assertThat(rig.primary().requestCount("/resultAction")).isGreaterThan(50);
        assertThat(rig.primary().maxConcurrentSeen()).isBetween(2, 4);
        assertThat(rig.mirror().maxConcurrentSeen()).isLessThanOrEqualTo(4);
    }

    @Test
    void the_request_budget_is_a_total_for_the_fleet() throws Exception {
        int perSecond = 10;
        List<ServiceClient> fleet = fleet(Map.of("RESULTS_UPSTREAM_RPS", Integer.toString(perSecond)));
        fleet.forEach(instance -> instance.get("/new/all")); // the release list, before counting
        rig.primary().resetCounters();
        List<long[]> samples = new CopyOnWriteArrayList<>(); // {nanoseconds since start, requests received}
        AtomicBoolean done = new AtomicBoolean();
        long start = System.nanoTime();
        Thread sampler = Thread.ofVirtual().start(() -> {
            while (!done.get()) {
                samples.add(new long[] {System.nanoTime() - start, rig.primary().requestCount()});
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });

        List<ServiceClient.Reply> replies = spread(
                fleet,
                STUDENTS.subList(0, 36).stream()
                        .map(FleetPolitenessIT::singleLookup)
                        .toList());
        done.set(true);
        sampler.join();

        assertThat(replies).allSatisfy(reply -> assertThat(reply.status()).isEqualTo(200));
        assertThat(rig.primary().requestCount()).isEqualTo(36);
        // A bucket holding one second of requests: over t seconds at most perSecond × (1 + t), fleet-wide (three
        // instances with budgets of their own would send 3 × perSecond at once).
        assertThat(samples)
                .allSatisfy(sample ->
                        assertThat(sample[1]).isLessThanOrEqualTo((long) (perSecond * (1 + sample[0] / 1e9)) + 1));
    }

    @Test
    void a_client_cannot_multiply_its_rate_limit_by_asking_three_instances() {
        List<ServiceClient> fleet = fleet(Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "6"));

        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 18; i++) {
            statuses.add(fleet.get(i % 3).get("/openapi.json").status());
        }

        assertThat(statuses.subList(0, 6)).containsOnly(200);
        assertThat(statuses.stream().filter(status -> status == 200).count()).isBetween(6L, 7L);
        assertThat(statuses.subList(7, 18)).containsOnly(429);
    }

    @Test
    void without_redis_each_instance_applies_the_limits_alone_and_health_says_so() {
        List<ServiceClient> fleet = fleet(Map.of("RESULTS_UPSTREAM_CONCURRENCY", "4"));
        var before = fleet.get(0).get("/all-r18/" + STUDENTS.get(0).hallTicket());
        String limitsBefore =
                fleet.get(0).get("/health").json().at("/store/limits").asText();

        rig.redis().kill();
        var during = fleet.get(1).get("/all-r18/" + STUDENTS.get(1).hallTicket());
        String limitsDuring =
                fleet.get(1).get("/health").json().at("/store/limits").asText();
        rig.redis().restart();
        await().atMost(Duration.ofSeconds(15)).until(() -> {
            fleet.get(2).get("/all-r18/" + STUDENTS.get(2).hallTicket());
            return fleet.get(2)
                    .get("/health")
                    .json()
                    .at("/store/limits")
                    .asText()
                    .equals("fleet");
        });

        assertThat(before.status()).isEqualTo(200);
        assertThat(limitsBefore).isEqualTo("fleet");
        assertThat(during.status()).isEqualTo(200);
        assertThat(limitsDuring).isEqualTo("instance");
    }
}
