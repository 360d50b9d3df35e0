package in.results.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.core.Reply;
import in.results.scrape.ResultPage;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.testing.ManualTicker;
import java.net.URI;
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
 * The client against the university simulator on loopback (primary and mirror): retries, breakers, deadline, budget.
 * Time is the test's {@link ManualTicker} unless a test is about real timeouts.
 */
class UpstreamClientIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final Duration COOL_DOWN = Duration.ofSeconds(30);

    private UniversitySimulator primary;
    private UniversitySimulator mirror;
    private final ManualTicker ticker = new ManualTicker();

    @BeforeEach
    void start() {
        primary = UniversitySimulator.start(COHORT, 0);
        mirror = UniversitySimulator.start(COHORT, 0);
    }

    @AfterEach
    void stop() {
        primary.close();
        mirror.close();
    }

    /** A policy with quick backoff (tests do not wait for it) and no request budget. */
    private static UpstreamPolicy policy(int breakerThreshold, int retries) {
        return new UpstreamPolicy(breakerThreshold, COOL_DOWN, retries, Duration.ofMillis(2), 0);
    }

    private UpstreamClient client(UpstreamPolicy policy, Duration timeout) {
        return client(policy, timeout, ticker);
    }

    private UpstreamClient client(UpstreamPolicy policy, Duration timeout, Ticker time) {
        return new UpstreamClient(
                List.of(primary.baseUrl(), URI.create(mirror.baseUrl() + "/results")), 8, timeout, policy, time);
    }

    /** The {@code n}-th student that has a result, with the query of their first exam. */
    private static Lookup lookup(int n) {
        Student student = COHORT.students().stream()
                .filter(s -> !s.results().isEmpty())
                .skip(n)
                .findFirst()
                .orElseThrow();
        Exam exam = COHORT.exam(student.results().keySet().iterator().next()).orElseThrow();
        Map<String, String> params = exam.linkParams();
        return new Lookup(
                new HallTicket(student.hallTicket()),
                new ExamQuery(
                        params.get("degree"),
                        exam.code(),
                        params.getOrDefault("etype", ""),
                        params.getOrDefault("type", ""),
                        params.getOrDefault("result", "")));
    }

    private record Lookup(HallTicket hallTicket, ExamQuery exam) {}

    private static long resultRequests(UniversitySimulator simulator) {
        return simulator.requestCount("/resultAction");
    }

    @Test
    void when_every_host_fails_a_call_sends_at_most_hosts_times_one_plus_retries_requests() {
        UpstreamClient client = client(policy(1_000, 2), Duration.ofSeconds(3));
        primary.setDown(true);
        mirror.setDown(true);

        List<Reply<ResultPage>> answers = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            answers.add(client.fetchResult(lookup(i).hallTicket(), lookup(i).exam(), Priority.INTERACTIVE));
        }

        assertThat(answers).allSatisfy(answer -> assertThat(answer).isInstanceOf(Reply.Unavailable.class));
        assertThat(resultRequests(primary)).isEqualTo(10 * 3);
        assertThat(resultRequests(mirror)).isEqualTo(10 * 3);
        assertThat(client.stats()).isEqualTo(new UpstreamStats(10 * 2 * 3, 10 * 2, 0, 0));
    }

    @Test
    void a_result_and_no_result_are_answers_and_are_never_retried_or_asked_of_the_mirror() {
        UpstreamClient client = client(policy(5, 2), Duration.ofSeconds(3));
        Lookup found = lookup(0);
        HallTicket nobody = new HallTicket(found.hallTicket().value().substring(0, 8) + "Z9");
        assertThat(COHORT.student(nobody.value())).isEmpty();

        Reply<ResultPage> result = client.fetchResult(found.hallTicket(), found.exam(), Priority.INTERACTIVE);
        Reply<ResultPage> none = client.fetchResult(nobody, found.exam(), Priority.BULK);

        assertThat(result).isInstanceOf(Reply.Answered.class);
        assertThat(none).isInstanceOf(Reply.NoResult.class);
        assertThat(resultRequests(primary)).isEqualTo(2);
        assertThat(mirror.requestCount()).isZero();
        assertThat(client.stats()).isEqualTo(new UpstreamStats(2, 0, 0, 0));
    }

    @Test
    void a_call_ends_by_its_deadline_of_two_request_timeouts_and_a_slow_university_is_not_retried() {
        // Real time: the hosts' slowness must use up the call's deadline as it passes.
        UpstreamClient client = client(policy(1_000, 2), Duration.ofMillis(200), Ticker.systemTicker());
        primary.setLatency(Duration.ofMillis(600), Duration.ZERO);
        mirror.setLatency(Duration.ofMillis(600), Duration.ZERO);
        Lookup lookup = lookup(0);

        Reply<ResultPage> answer = client.fetchResult(lookup.hallTicket(), lookup.exam(), Priority.INTERACTIVE);

        assertThat(answer)
                .isInstanceOfSatisfying(
                        Reply.Unavailable.class,
                        down -> assertThat(down.reason()).contains("timed out"));
        // Each host got its whole timeout; then no whole timeout was left for a retry.
        assertThat(client.stats().requests()).isEqualTo(2);
        assertThat(client.stats().retries()).isZero();
    }

    @Test
    void when_every_breaker_is_open_a_call_fails_at_once_without_sending_anything() {
        UpstreamClient client = client(policy(1, 2), Duration.ofSeconds(3));
        primary.setDown(true);
        mirror.setDown(true);
        Lookup first = lookup(0);
        Lookup second = lookup(1);

        Reply<ResultPage> opening = client.fetchResult(first.hallTicket(), first.exam(), Priority.INTERACTIVE);
        long sentBefore = primary.requestCount() + mirror.requestCount();
        Reply<ResultPage> refused = client.fetchResult(second.hallTicket(), second.exam(), Priority.INTERACTIVE);

        assertThat(opening)
                .isInstanceOfSatisfying(
                        Reply.Unavailable.class,
                        down -> assertThat(down.reason()).contains("503"));
        assertThat(sentBefore).isEqualTo(2); // each breaker opened at its first failure: no retry round
        assertThat(refused).isInstanceOf(Reply.Unavailable.class);
        assertThat(primary.requestCount() + mirror.requestCount()).isEqualTo(2); // nothing sent, nothing waited for
        assertThat(client.stats()).isEqualTo(new UpstreamStats(2, 0, 2, 1));
        assertThat(client.fetchPage("/jsp/home.jsp", html -> html)).isInstanceOf(Reply.Unavailable.class);
        assertThat(primary.requestCount() + mirror.requestCount()).isEqualTo(2);
    }

    @Test
    void while_the_probe_runs_concurrent_callers_skip_the_host_and_only_the_probe_reaches_it() throws Exception {
        UpstreamClient client = client(policy(1, 2), Duration.ofSeconds(3));
        primary.setDown(true);
        Lookup opening = lookup(0);
        client.fetchResult(opening.hallTicket(), opening.exam(), Priority.INTERACTIVE);
        primary.setDown(false);
        primary.setLatency(Duration.ofMillis(1_500), Duration.ZERO); // the probe outlasts the other nine callers
        ticker.advance(COOL_DOWN);
        primary.resetCounters();
        mirror.resetCounters();

        List<Future<Reply<ResultPage>>> answers = new ArrayList<>();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            Lookup probing = lookup(1);
            answers.add(executor.submit(
                    () -> client.fetchResult(probing.hallTicket(), probing.exam(), Priority.INTERACTIVE)));
            await().until(() -> resultRequests(primary) == 1); // the probe is at the primary
            for (int i = 2; i <= 10; i++) {
                Lookup lookup = lookup(i);
                answers.add(executor.submit(
                        () -> client.fetchResult(lookup.hallTicket(), lookup.exam(), Priority.INTERACTIVE)));
            }
        }

        for (Future<Reply<ResultPage>> answer : answers) {
            assertThat(answer.get()).isInstanceOf(Reply.Answered.class);
        }
        assertThat(resultRequests(primary)).isEqualTo(1);
        assertThat(resultRequests(mirror)).isEqualTo(9);
        assertThat(client.health().getFirst().state()).isEqualTo(BreakerState.CLOSED);
    }

    @Test
    void after_an_outage_callers_refused_by_every_probing_host_wait_for_the_probes_and_get_answers() throws Exception {
        UpstreamClient client = client(policy(1, 2), Duration.ofSeconds(3));
        primary.setDown(true);
        mirror.setDown(true);
        Lookup opening = lookup(0);
        client.fetchResult(opening.hallTicket(), opening.exam(), Priority.INTERACTIVE); // opens both breakers
        primary.setDown(false);
        mirror.setDown(false);
        primary.setLatency(Duration.ofMillis(500), Duration.ZERO);
        mirror.setLatency(Duration.ofMillis(500), Duration.ZERO);
        ticker.advance(COOL_DOWN);

        assertThat(client.health())
                .extracting(HostHealth::state)
                .containsExactly(BreakerState.HALF_OPEN, BreakerState.HALF_OPEN); // probes are due
        List<Future<Reply<ResultPage>>> answers = new ArrayList<>();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 1; i <= 10; i++) {
                Lookup lookup = lookup(i);
                answers.add(executor.submit(
                        () -> client.fetchResult(lookup.hallTicket(), lookup.exam(), Priority.INTERACTIVE)));
            }
        }

        for (Future<Reply<ResultPage>> answer : answers) {
            assertThat(answer.get()).isInstanceOf(Reply.Answered.class);
        }
        assertThat(client.health())
                .extracting(HostHealth::state)
                .containsExactly(BreakerState.CLOSED, BreakerState.CLOSED);
    }

    @Test
    void health_lists_every_host_in_order_with_its_breaker_state_and_last_success() {
        UpstreamClient client = client(policy(1, 0), Duration.ofSeconds(3));
        primary.setDown(true);
        Lookup lookup = lookup(0);

        client.fetchResult(lookup.hallTicket(), lookup.exam(), Priority.INTERACTIVE);
        ticker.advance(Duration.ofSeconds(5));

        assertThat(client.health())
                .containsExactly(
                        new HostHealth(primary.baseUrl(), BreakerState.OPEN, new HostHealth.LastSuccess.Never()),
                        new HostHealth(
                                URI.create(mirror.baseUrl() + "/results"),
                                BreakerState.CLOSED,
                                new HostHealth.LastSuccess.Ago(Duration.ofSeconds(5))));
    }

    @Test
    void the_request_budget_holds_across_callers() throws Exception {
        UpstreamClient client = new UpstreamClient(
                List.of(primary.baseUrl()),
                8,
                Duration.ofSeconds(3),
                policy(5, 0).withRequestsPerSecond(20),
                ticker);

        List<Future<Reply<ResultPage>>> answers = new ArrayList<>();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 30; i++) {
                Lookup lookup = lookup(i);
                answers.add(
                        executor.submit(() -> client.fetchResult(lookup.hallTicket(), lookup.exam(), Priority.BULK)));
            }
            // 20 from the full bucket at once; the other 10 wait for tokens, which come only as time passes.
            await().until(() -> resultRequests(primary) == 20 && client.waitingForToken(Priority.BULK) == 10);
            ticker.advance(Duration.ofMillis(250)); // 5 tokens at 20 per second
            await().until(() -> resultRequests(primary) == 25);
            assertThat(client.waitingForToken(Priority.BULK)).isEqualTo(5);
            ticker.advance(Duration.ofMillis(250));
        }

        for (Future<Reply<ResultPage>> answer : answers) {
            assertThat(answer.get()).isInstanceOf(Reply.Answered.class);
        }
        assertThat(resultRequests(primary)).isEqualTo(30);
    }

    @Test
    void alert_requests_use_at_most_a_quarter_of_the_request_budget_and_people_keep_the_rest() throws Exception {
        UpstreamClient client = new UpstreamClient(
                List.of(primary.baseUrl()),
                8,
                Duration.ofSeconds(3),
                policy(5, 0).withRequestsPerSecond(40),
                ticker);

        List<Future<Reply<ResultPage>>> alerts = new ArrayList<>();
        List<Future<Reply<ResultPage>>> people = new ArrayList<>();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 15; i++) {
                Lookup lookup = lookup(i);
                alerts.add(
                        executor.submit(() -> client.fetchResult(lookup.hallTicket(), lookup.exam(), Priority.ALERT)));
            }
            // 10 (a quarter of 40, one second of the alerts' share) at once; the other 5 wait for the share to refill.
            await().until(() -> resultRequests(primary) == 10);
            for (int i = 15; i < 45; i++) {
                Lookup lookup = lookup(i);
                people.add(executor.submit(
                        () -> client.fetchResult(lookup.hallTicket(), lookup.exam(), Priority.INTERACTIVE)));
            }
            // People take the 30 tokens the alerts left, at once, while the 5 alert requests still wait.
            await().until(() -> resultRequests(primary) == 40);
            assertThat(alerts.stream().filter(Future::isDone)).hasSize(10);
            ticker.advance(Duration.ofMillis(500)); // 5 tokens of the share (10 a second), 20 of the budget
        }

        for (Future<Reply<ResultPage>> answer : people) {
            assertThat(answer.get()).isInstanceOf(Reply.Answered.class);
        }
        for (Future<Reply<ResultPage>> answer : alerts) {
            assertThat(answer.get()).isInstanceOf(Reply.Answered.class);
        }
        assertThat(resultRequests(primary)).isEqualTo(45);
    }
}
