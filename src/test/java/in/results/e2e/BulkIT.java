package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.github.benmanes.caffeine.cache.Ticker;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.MarksLayout;
import in.results.testing.ManualTicker;
import io.javalin.Javalin;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The asynchronous bulk endpoint against the simulator. */
class BulkIT {
    private static final Cohort COHORT = Cohort.generate(42);
    /** The section and exam with the most results: a realistic class. */
    private static final Section SECTION = Section.largest(COHORT);
    /** Far longer than any job here takes: only a job that never finishes reaches it. */
    private static final Duration JOB_FINISHES = Duration.ofSeconds(15);

    private UniversitySimulator primary;
    private UniversitySimulator mirror;
    private TestUniverse universe;
    private ServiceClient client;

    record Section(String prefix, Exam exam) {
        static Section largest(Cohort cohort) {
            Map<String, Long> counts = cohort.students().stream()
                    .flatMap(s -> s.results().keySet().stream()
                            .map(code -> s.hallTicket().substring(0, 8) + "|" + code))
                    .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
            String best = counts.entrySet().stream()
                    .max(Map.Entry.comparingByValue())
                    .orElseThrow()
                    .getKey();
            return new Section(
                    best.substring(0, 8), cohort.exam(best.substring(9)).orElseThrow());
        }

        String query(String fromRoll, String toRoll) {
            StringBuilder query = new StringBuilder(
                    "hallticket_from=" + prefix + fromRoll + "&hallticket_to=" + prefix + toRoll + "&dob=not-a-date");
            exam.linkParams()
                    .forEach((key, value) ->
                            query.append('&').append(key).append('=').append(value));
            if (!exam.linkParams().containsKey("result")) {
                query.append("&result=");
            }
            return query.toString();
        }

        /** Expected final array: every student of the rolls with a result in the exam, in roll order. */
        ArrayNode expected(List<String> rolls) {
            ArrayNode array = JsonNodeFactory.instance.arrayNode();
            rolls.stream()
                    .map(roll -> COHORT.student(prefix + roll))
                    .flatMap(java.util.Optional::stream)
                    .filter(student -> student.results().containsKey(exam.code()))
                    .forEach(student -> {
                        var marks = student.results().get(exam.code());
                        array.add(Expected.array(
                                Expected.sgpaNumber(marks),
                                Expected.details(student),
                                Expected.fullSubjects(marks, exam.layout() == MarksLayout.FOUR_COLUMN)));
                    });
            return array;
        }
    }

    private static List<String> rolls(int from, int to) {
        return java.util.stream.IntStream.rangeClosed(from, to)
                .mapToObj(i -> String.format("%02d", i))
                .toList();
    }

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

    /** The answer to {@code pathAndQuery} once its bulk job has finished (no longer 202). */
    static ServiceClient.Reply pollUntilDone(ServiceClient client, String pathAndQuery) {
        return await("bulk job of " + pathAndQuery)
                .atMost(JOB_FINISHES)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> client.get(pathAndQuery), reply -> reply.status() != 202);
    }

    private ServiceClient.Reply pollUntilDone(String pathAndQuery) {
        return pollUntilDone(client, pathAndQuery);
    }

    @Test
    void first_request_loads_then_the_same_request_gets_the_whole_class_in_roll_order() {
        primary.setLatency(Duration.ofMillis(300), Duration.ZERO);
        primary.setMaxConcurrent(10); // three waves: the job is visibly in progress for about a second
        String query = "/api?" + SECTION.query("01", "30");

        var first = client.get(query);
        List<Integer> progress = new ArrayList<>();
        ServiceClient.Reply finished = await().atMost(JOB_FINISHES)
                .pollInSameThread()
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(30))
                .until(() -> client.get(query), reply -> {
                    if (reply.status() == 202) {
                        progress.add(reply.json().get("done").asInt());
                    }
                    return reply.status() != 202;
                });

        assertThat(first.status()).isEqualTo(202);
        assertThat(first.json().get("result").asText()).isEqualTo("loading");
        assertThat(first.json().get("total").asInt()).isEqualTo(30);
        assertThat(first.json().get("done").asInt()).isBetween(0, 30);
        assertThat(first.header("Retry-After")).isNotBlank();
        assertThat(progress).isSorted().allSatisfy(done -> assertThat(done).isBetween(0, 30));
        assertThat(progress.size()).isGreaterThan(1);
        assertThat(finished.status()).isEqualTo(200);
        assertThat(finished.header("X-Bulk-Missing")).isEqualTo("0");
        assertThat(finished.json()).isEqualTo(SECTION.expected(rolls(1, 30)));
        for (String roll : rolls(1, 30)) {
            assertThat(primary.resultRequestsFor(
                            SECTION.prefix() + roll, SECTION.exam().code()))
                    .isEqualTo(1);
        }
    }

    @Test
    void reordered_and_differently_cased_requests_and_the_alias_share_one_job() {
        primary.setLatency(Duration.ofMillis(200), Duration.ZERO);
        String query = SECTION.query("01", "20");
        String[] parts = query.split("&");
        java.util.Collections.reverse(java.util.Arrays.asList(parts));
        String reordered = String.join("&", parts)
                .replace(SECTION.prefix(), SECTION.prefix().toLowerCase());

        var viaApi = client.get("/api?" + query);
        var viaAlias = client.get("/api/bulk/calculate?" + reordered);
        var finished = pollUntilDone("/api/bulk/calculate?" + reordered);

        assertThat(viaApi.status()).isEqualTo(202);
        assertThat(viaAlias.status()).isEqualTo(202);
        assertThat(finished.json()).isEqualTo(SECTION.expected(rolls(1, 20)));
        assertThat(primary.requestCount("/resultAction")).isEqualTo(20);
    }

    @Test
    void bulk_jobs_hold_at_most_three_quarters_of_the_upstream_slots() {
        primary.setLatency(Duration.ofMillis(300), Duration.ZERO);

        pollUntilDone("/api?" + SECTION.query("01", "60"));

        assertThat(primary.maxConcurrentSeen()).isBetween(2, 24); // 3/4 of the default 32 per host
        assertThat(primary.requestCount("/resultAction")).isEqualTo(60);
    }

    @Test
    void an_overlapping_range_asks_the_university_only_for_new_hall_tickets() {
        pollUntilDone("/api?" + SECTION.query("01", "20"));
        long afterFirst = primary.requestCount("/resultAction");

        var second = pollUntilDone("/api?" + SECTION.query("11", "30"));

        assertThat(second.json()).isEqualTo(SECTION.expected(rolls(11, 30)));
        assertThat(afterFirst).isEqualTo(20);
        assertThat(primary.requestCount("/resultAction")).isEqualTo(30);
    }

    @Test
    void single_lookups_before_a_bulk_are_reused() {
        Student someone = COHORT.students().stream()
                .filter(s -> s.hallTicket().startsWith(SECTION.prefix())
                        && s.results().containsKey(SECTION.exam().code()))
                .min(Comparator.comparing(Student::hallTicket))
                .orElseThrow();
        StringBuilder single = new StringBuilder("/api/calculate?hallticket=" + someone.hallTicket());
        SECTION.exam()
                .linkParams()
                .forEach((key, value) ->
                        single.append('&').append(key).append('=').append(value));
        client.get(single.toString());

        String roll = someone.hallTicket().substring(8);
        pollUntilDone("/api?" + SECTION.query(roll, roll));

        assertThat(primary.resultRequestsFor(
                        someone.hallTicket(), SECTION.exam().code()))
                .isEqualTo(1);
    }

    @Test
    void a_finished_job_is_kept_ten_minutes_then_the_same_request_starts_a_new_one() {
        ManualTicker ticker = new ManualTicker();
        Javalin timed = ExamEndpointsIT.startService(List.of(primary.baseUrl()), ticker);
        try {
            ServiceClient timedClient = new ServiceClient(timed.port());
            String query = "/api?" + SECTION.query("01", "05");
            pollUntilDone(timedClient, query);
            ticker.advance(Duration.ofMinutes(9));
            var kept = timedClient.get(query);
            ticker.advance(Duration.ofMinutes(2));
            var renewed = timedClient.get(query);

            assertThat(kept.status()).isEqualTo(200);
            assertThat(kept.json()).isEqualTo(SECTION.expected(rolls(1, 5)));
            assertThat(renewed.status()).isEqualTo(202);
        } finally {
            timed.stop();
        }
    }

    @Test
    void a_fifth_concurrent_job_is_refused_with_429() {
        primary.setLatency(Duration.ofSeconds(3), Duration.ZERO);
        List<Integer> statuses = new ArrayList<>();
        for (int job = 0; job < 5; job++) {
            statuses.add(client.get("/api?"
                            + SECTION.query(String.format("%02d", job * 10 + 1), String.format("%02d", job * 10 + 10)))
                    .status());
        }
        var refused = client.get("/api?" + SECTION.query("41", "50"));

        assertThat(statuses).containsExactly(202, 202, 202, 202, 429);
        assertThat(refused.json().get("code").asText()).isEqualTo("RATE_LIMITED");
        assertThat(refused.header("Retry-After")).isNotBlank();
    }

    @Test
    void bad_ranges_are_400_naming_the_problem() {
        String exam = "&degree=btech&examCode=" + SECTION.exam().code();
        String p = SECTION.prefix();
        var reversed = client.get("/api?hallticket_from=" + p + "20&hallticket_to=" + p + "01" + exam);
        var mixed = client.get("/api?hallticket_from=" + p + "01&hallticket_to=99X11A0520" + exam);
        var malformed = client.get("/api?hallticket_from=" + p + "0&hallticket_to=" + p + "20" + exam);
        var badRoll = client.get("/api?hallticket_from=" + p + "0A&hallticket_to=" + p + "20" + exam);
        var missingEnd = client.get("/api?hallticket_from=" + p + "01" + exam);
        Javalin small = ExamEndpointsIT.startService(
                List.of(primary.baseUrl()),
                com.github.benmanes.caffeine.cache.Ticker.systemTicker(),
                Map.of("RESULTS_BULK_MAX_RANGE", "25"));
        var tooLarge = new ServiceClient(small.port())
                .get("/api?hallticket_from=" + p + "01&hallticket_to=" + p + "30" + exam);
        small.stop();

        assertThat(List.of(reversed, mixed, malformed, badRoll, missingEnd, tooLarge))
                .allSatisfy(reply -> {
                    assertThat(reply.status()).isEqualTo(400);
                    assertThat(reply.json().get("code").asText()).isEqualTo("INVALID_PARAMETER");
                });
        assertThat(reversed.json().get("error").asText()).contains("reversed");
        assertThat(mixed.json().get("error").asText()).contains("first 8");
        assertThat(malformed.json().get("error").asText()).contains("hallticket_from");
        assertThat(missingEnd.json().get("error").asText()).contains("hallticket_to");
        assertThat(tooLarge.json().get("error").asText()).contains("25");
        assertThat(primary.requestCount()).isZero();
    }

    @Test
    void an_outage_in_the_middle_of_a_job_ends_it_with_the_missing_count() {
        primary.setLatency(Duration.ofMillis(300), Duration.ZERO);
        primary.setMaxConcurrent(4);
        String query = "/api?" + SECTION.query("01", "40");
        client.get(query);
        await().atMost(JOB_FINISHES)
                .pollInterval(Duration.ofMillis(20)) // about one batch of four answered
                .until(() -> client.get(query).json().path("done").asInt(), done -> done >= 4);
        primary.setDown(true);
        mirror.setDown(true);

        var finished = pollUntilDone(query);

        assertThat(finished.status()).isEqualTo(200);
        int missing = Integer.parseInt(finished.header("X-Bulk-Missing"));
        assertThat(missing).isPositive();
        JsonNode entries = finished.json();
        ArrayNode expected = SECTION.expected(rolls(1, 40));
        assertThat(entries.size()).isLessThan(expected.size());
        entries.forEach(entry -> assertThat(expected).contains(entry));
    }
}
