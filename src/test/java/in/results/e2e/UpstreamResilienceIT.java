package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.Ticker;
import in.results.App;
import in.results.config.ServiceConfig;
import in.results.core.Environment;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.MarksLayout;
import in.results.testing.ManualTicker;
import in.results.upstream.BreakerState;
import in.results.upstream.HostHealth;
import in.results.upstream.UpstreamClient;
import in.results.upstream.UpstreamPolicy;
import io.javalin.Javalin;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The university's bad days (issue 6) end to end: primary and mirror simulators of one cohort, the service with
 * its default upstream policy. Every test checks what clients receive and how many requests each host received.
 */
class UpstreamResilienceIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final UpstreamPolicy POLICY = UpstreamPolicy.defaults();
    private static final Duration COOL_DOWN = POLICY.breakerCoolDown();
    private static final int THRESHOLD = POLICY.breakerThreshold();
    private static final String RESULTS = "/resultAction";

    private final ManualTicker ticker = new ManualTicker();
    private UniversitySimulator primary;
    private UniversitySimulator mirror;
    private Javalin service;
    private ServiceClient client;
    private UpstreamClient upstream;

    @BeforeEach
    void startUniversity() {
        primary = UniversitySimulator.start(COHORT, 0);
        mirror = UniversitySimulator.start(COHORT, 0);
    }

    @AfterEach
    void stop() {
        if (service != null) {
            service.stop();
        }
        primary.close();
        mirror.close();
    }

    private void startService(Map<String, String> settings) {
        startService(settings, ticker);
    }

    /** The service on the test's ticker; its upstream client on {@code upstreamTime}. */
    private void startService(Map<String, String> settings, Ticker upstreamTime) {
        ServiceConfig config =
                ExamEndpointsIT.config(List.of(primary.baseUrl(), URI.create(mirror.baseUrl() + "/results")), settings);
        upstream = App.upstreamClient(config, Environment.system().withTicker(upstreamTime));
        service = ExamEndpointsIT.startService(config, ticker, upstream);
        client = new ServiceClient(service.port());
    }

    /** One student's result in one exam: the request and the answer the simulator's ground truth implies. */
    private record Case(Student student, Exam exam) {
        String path() {
            StringBuilder query = new StringBuilder("/api/calculate?hallticket=" + student.hallTicket());
            exam.linkParams()
                    .forEach((key, value) ->
                            query.append('&').append(key).append('=').append(value));
            return query.toString();
        }

        JsonNode expected() {
            var marks = student.results().get(exam.code());
            return Expected.array(
                    Expected.sgpaNumber(marks),
                    Expected.details(student),
                    Expected.fullSubjects(marks, exam.layout() == MarksLayout.FOUR_COLUMN));
        }
    }

    /** {@code count} different students that have a result, each with their first exam. */
    private static List<Case> cases(int count) {
        return casesOutside("", count);
    }

    /** As {@link #cases}, leaving out the section {@code prefix} (a bulk job asks for it). */
    private static List<Case> casesOutside(String prefix, int count) {
        return COHORT.students().stream()
                .filter(student -> !student.results().isEmpty()
                        && (prefix.isEmpty() || !student.hallTicket().startsWith(prefix)))
                .limit(count)
                .map(student -> new Case(
                        student,
                        COHORT.exam(student.results().keySet().iterator().next())
                                .orElseThrow()))
                .toList();
    }

    private void assertAnswered(Case lookup) {
        var reply = client.get(lookup.path());
        assertThat(reply.status()).as(lookup.path()).isEqualTo(200);
        assertThat(reply.json()).as(lookup.path()).isEqualTo(lookup.expected());
    }

    private BreakerState primaryState() {
        return upstream.health().getFirst().state();
    }

    @Test
    void with_the_primary_down_every_answer_comes_from_the_mirror_and_the_open_primary_gets_only_one_probe() {
        startService(Map.of());
        primary.setDown(true);
        List<Case> lookups = cases(12);

        for (Case lookup : lookups.subList(0, 10)) {
            assertAnswered(lookup);
        }
        long primaryAfterTen = primary.requestCount(RESULTS);
        ticker.advance(COOL_DOWN.minusSeconds(1));
        assertAnswered(lookups.get(10));
        long primaryBeforeCoolDownEnds = primary.requestCount(RESULTS);
        ticker.advance(Duration.ofSeconds(1));
        assertAnswered(lookups.get(11));

        assertThat(primaryAfterTen).isEqualTo(THRESHOLD); // then the breaker opened: lookups 6 to 10 skip it
        assertThat(primaryBeforeCoolDownEnds).isEqualTo(THRESHOLD);
        assertThat(primary.requestCount(RESULTS)).isEqualTo(THRESHOLD + 1); // exactly one probe
        assertThat(mirror.requestCount(RESULTS)).isEqualTo(12);
        assertThat(primaryState()).isEqualTo(BreakerState.OPEN);
        assertThat(upstream.stats().breakerOpens()).isEqualTo(2);
        assertThat(upstream.stats().retries()).isZero();
    }

    @Test
    void the_breaker_opens_its_failed_probe_opens_it_again_and_a_good_probe_brings_traffic_back_to_the_primary() {
        startService(Map.of());
        primary.setDown(true);
        List<Case> lookups = cases(12);
        List<BreakerState> states = new ArrayList<>();

        lookups.subList(0, THRESHOLD).forEach(this::assertAnswered);
        states.add(primaryState());
        ticker.advance(COOL_DOWN);
        assertAnswered(lookups.get(5)); // the probe fails: open for another cool-down
        states.add(primaryState());
        long primaryAfterFailedProbe = primary.requestCount(RESULTS);
        primary.setDown(false);
        assertAnswered(lookups.get(6)); // up again, but still cooling down: the mirror answers
        long primaryWhileCooling = primary.requestCount(RESULTS);
        ticker.advance(COOL_DOWN);
        long mirrorBeforeProbe = mirror.requestCount(RESULTS);
        assertAnswered(lookups.get(7)); // the probe succeeds
        states.add(primaryState());
        lookups.subList(8, 12).forEach(this::assertAnswered);

        assertThat(states).containsExactly(BreakerState.OPEN, BreakerState.OPEN, BreakerState.CLOSED);
        assertThat(primaryAfterFailedProbe).isEqualTo(THRESHOLD + 1);
        assertThat(primaryWhileCooling).isEqualTo(THRESHOLD + 1);
        assertThat(primary.requestCount(RESULTS)).isEqualTo(THRESHOLD + 1 + 5); // the probe and the four after it
        assertThat(mirror.requestCount(RESULTS)).isEqualTo(mirrorBeforeProbe).isEqualTo(7);
        assertThat(upstream.stats().breakerOpens()).isEqualTo(2);
        assertThat(upstream.health().getFirst().lastSuccess()).isEqualTo(new HostHealth.LastSuccess.Ago(Duration.ZERO));
    }

    @Test
    void with_a_fifth_of_answers_failing_every_lookup_is_answered_correctly_and_retries_stay_bounded() {
        startService(Map.of());
        primary.setFailureRate(0.2);
        mirror.setFailureRate(0.2);
        int count = 100;
        List<Case> lookups = cases(count);

        lookups.forEach(this::assertAnswered); // one after another: the simulators' failure draws are repeatable

        var stats = upstream.stats();
        long primarySent = primary.requestCount(RESULTS);
        long mirrorSent = mirror.requestCount(RESULTS);
        int hosts = 2;
        assertThat(stats.requests()).isEqualTo(primarySent + mirrorSent);
        // The bound: a lookup asks each host at most 1 + retries times, so at most 600 requests and 200 retries.
        assertThat(primarySent + mirrorSent).isLessThanOrEqualTo((long) count * hosts * (1 + POLICY.retries()));
        assertThat(stats.retries()).isLessThanOrEqualTo((long) count * POLICY.retries());
        // While the primary's breaker stays closed each round asks it once: rounds beyond one per lookup are retries,
        // and the mirror is asked only after a failed primary request.
        assertThat(stats.breakerOpens()).isZero();
        assertThat(stats.retries()).isEqualTo(primarySent - count);
        assertThat(mirrorSent).isPositive();
    }

    @Test
    void with_a_small_budget_interactive_lookups_go_before_a_bulk_job_and_the_rate_stays_within_the_budget()
            throws Exception {
        // The upstream client on real time: the budget's tokens come as time passes, and the rate is measured so.
        // A low budget, a token every 200 ms: the interactive requests take a few hundred milliseconds to reach it on
        // a busy machine, and must not let more than a few bulk requests pass meanwhile for lack of priority.
        int budget = 5;
        int bulkSize = 40;
        startService(
                Map.of(
                        "RESULTS_UPSTREAM_RPS",
                        Integer.toString(budget),
                        "RESULTS_UPSTREAM_TIMEOUT_MS",
                        "10000",
                        "RESULTS_RATE_LIMIT_PER_MINUTE",
                        "0"),
                Ticker.systemTicker());
        primary.setLatency(Duration.ofMillis(20), Duration.ZERO);
        BulkIT.Section section = BulkIT.Section.largest(COHORT);
        List<String> rolls = IntStream.rangeClosed(1, bulkSize)
                .mapToObj(i -> String.format("%02d", i))
                .toList();
        String bulk = "/api?" + section.query("01", rolls.getLast());
        List<Case> others = casesOutside(section.prefix(), 11);
        assertAnswered(others.getFirst()); // warms the service up: the counts below are about the budget
        List<Case> interactive = others.subList(1, 11);
        primary.resetCounters();
        // The budget is a rate, a promise about elapsed time: what the primary received is sampled on the clock.
        List<long[]> samples = new CopyOnWriteArrayList<>(); // {nanoTime, requests received by the primary}
        long bulkSentBefore;
        List<Future<Long>> interactiveDone = new ArrayList<>(); // requests the primary had received by each answer
        ServiceClient.Reply finished;
        try (ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor()) {
            sampler.scheduleAtFixedRate(
                    () -> samples.add(new long[] {System.nanoTime(), primary.requestCount(RESULTS)}),
                    0,
                    25,
                    TimeUnit.MILLISECONDS);
            assertThat(client.get(bulk).status()).isEqualTo(202);
            await("the bulk job has spent the bucket")
                    .atMost(Duration.ofSeconds(5))
                    .pollInterval(Duration.ofMillis(2))
                    .until(() -> primary.requestCount(RESULTS) >= budget - 1);
            bulkSentBefore = primary.requestCount(RESULTS);
            try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
                for (Case lookup : interactive) {
                    interactiveDone.add(executor.submit(() -> {
                        assertAnswered(lookup);
                        return primary.requestCount(RESULTS);
                    }));
                }
            }
            finished = BulkIT.pollUntilDone(client, bulk);
        } // closing the sampler ends the sampling

        assertThat(finished.status()).isEqualTo(200);
        assertThat(finished.header("X-Bulk-Missing")).isEqualTo("0");
        assertThat(finished.json()).isEqualTo(section.expected(rolls));
        long sentByLastInteractive = 0;
        for (Future<Long> done : interactiveDone) {
            sentByLastInteractive = Math.max(sentByLastInteractive, done.get());
        }
        long bulkSentMeanwhile = sentByLastInteractive - interactive.size() - bulkSentBefore;
        long bulkSentAfter = bulkSize + interactive.size() - sentByLastInteractive;
        // The 10 interactive lookups take the next 10 tokens although up to 24 bulk requests (the bulk share of the
        // 32 slots) were waiting before them; without priority they would wait behind those. A few bulk requests
        // pass while the interactive requests are still on their way to the budget. Counted, not timed.
        assertThat(bulkSentMeanwhile).isLessThanOrEqualTo(10);
        assertThat(bulkSentAfter)
                .as("bulk requests still to send when the interactive ones were answered")
                .isGreaterThanOrEqualTo(10);
        assertThat(primary.requestCount(RESULTS)).isEqualTo(bulkSize + 10);
        assertThat(mirror.requestCount()).isZero();
        assertWithinBudget(samples, budget);
    }

    /** Over any interval of t seconds the primary received at most one second of budget plus budget × t. */
    private static void assertWithinBudget(List<long[]> samples, int perSecond) {
        assertThat(samples).hasSizeGreaterThan(20);
        for (int i = 0; i < samples.size(); i++) {
            for (int j = i + 1; j < samples.size(); j++) {
                double seconds = (samples.get(j)[0] - samples.get(i)[0]) / 1e9;
                long received = samples.get(j)[1] - samples.get(i)[1];
                // +1: a request counted just after a sample may have taken its token just before it
                assertThat(received)
                        .as("requests within %.2f s", seconds)
                        .isLessThanOrEqualTo((long) Math.floor(perSecond + perSecond * seconds) + 1);
            }
        }
    }
}
