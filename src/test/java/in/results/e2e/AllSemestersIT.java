package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import in.results.core.Environment;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.CaseExample;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.CohortCases;
import in.results.simulator.cohort.EdgeCase;
import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.Student;
import in.results.testing.DataFolders;
import in.results.testing.ManualTicker;
import in.results.testing.TrackedExecutor;
import java.io.ByteArrayInputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code /all-r18/<hallticket>} against the simulator, expected bodies computed from its ground truth. */
class AllSemestersIT {
    private static final Cohort COHORT = Cohort.generate(42);

    private final ManualTicker ticker = new ManualTicker();
    private final TrackedExecutor background = new TrackedExecutor();
    private UniversitySimulator primary;
    private UniversitySimulator mirror;
    private TestUniverse universe;
    private ServiceClient client;

    @BeforeEach
    void start() {
        universe = TestUniverse.start(COHORT, new Environment(ticker, ticker.clock(), background), Map.of());
        primary = universe.primary();
        mirror = universe.mirror();
        client = universe.client();
    }

    @AfterEach
    void stop() {
        universe.close();
    }

    private static final CohortCases CASES = CohortCases.of(COHORT);

    private static Student student(EdgeCase edgeCase) {
        return COHORT.student(CASES.first(edgeCase).hallTicket()).orElseThrow();
    }

    private static Student studentWhere(String name, Predicate<Student> wanted) {
        return COHORT.students().stream()
                .filter(wanted)
                .findFirst()
                .orElseThrow(() -> new AssertionError("the cohort has no student who is " + name));
    }

    private static boolean anyMark(Student student, Predicate<Mark> wanted) {
        return student.results().values().stream().flatMap(List::stream).anyMatch(wanted);
    }

    @Test
    void every_edge_case_merges_as_the_design_says() {
        for (EdgeCase edgeCase : EdgeCase.values()) {
            if (edgeCase == EdgeCase.NO_RESULT) {
                continue;
            }
            List<CaseExample> examples = CASES.examples(edgeCase);
            assertThat(examples).as(edgeCase.name()).isNotEmpty();
            for (CaseExample example : examples.subList(0, Math.min(3, examples.size()))) {
                Student student = COHORT.student(example.hallTicket()).orElseThrow();

                var reply = client.get("/all-r18/" + student.hallTicket());

                assertThat(reply.status())
                        .as(edgeCase + " " + student.hallTicket())
                        .isEqualTo(200);
                assertThat(reply.json())
                        .as(edgeCase + " " + student.hallTicket())
                        .isEqualTo(ExpectedTranscript.of(COHORT, student));
            }
        }
    }

    @Test
    void lateral_entry_student_has_no_first_year_semesters() {
        Student lateral = student(EdgeCase.LATERAL_ENTRY);

        var results = client.get("/all-r18/" + lateral.hallTicket())
                .json()
                .get("data")
                .get("results");

        assertThat(results.get(0).has("2-1") || results.get(0).has("2-2")).isTrue();
        results.forEach(
                element -> assertThat(element.has("1-1") || element.has("1-2")).isFalse());
    }

    @Test
    void hall_ticket_without_any_result_is_404_and_invalid_one_400() {
        var none = client.get("/all-r18/" + CASES.first(EdgeCase.NO_RESULT).hallTicket());
        var nobody = client.get("/all-r18/" + Cases.hallTicketWithoutStudent(COHORT));
        var invalid = client.get("/all-r18/12345");
        var lettersOnly = client.get("/all-r18/ABCDEFGHIJ"); // valid shape, no year: no batch rule, no crash

        assertThat(none.status()).isEqualTo(404);
        assertThat(none.json().get("code").asText()).isEqualTo("RESULT_NOT_FOUND");
        assertThat(nobody.status()).isEqualTo(404);
        assertThat(lettersOnly.status()).isEqualTo(404);
        assertThat(lettersOnly.json().get("code").asText()).isEqualTo("RESULT_NOT_FOUND");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.json().get("error").asText()).contains("hallticket");
    }

    @Test
    void a_cached_transcript_goes_out_gzip_to_a_client_that_accepts_it_with_the_same_json_and_tag() throws Exception {
        Student student = student(EdgeCase.SUPPLY_CLEARED_FIRST_TRY);
        var plain = client.get("/all-r18/" + student.hallTicket());
        HttpRequest acceptingGzip = HttpRequest.newBuilder(client.uri("/all-r18/" + student.hallTicket()))
                .header("Accept-Encoding", "gzip")
                .build();
        HttpResponse<byte[]> compressed =
                HttpClient.newHttpClient().send(acceptingGzip, HttpResponse.BodyHandlers.ofByteArray());

        assertThat(plain.header("Content-Encoding")).isNull();
        assertThat(compressed.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(compressed.headers().firstValue("ETag")).hasValue(plain.header("ETag"));
        assertThat(compressed.headers().firstValue("X-Cache")).hasValue("HIT");
        try (var json = new GZIPInputStream(new ByteArrayInputStream(compressed.body()))) {
            assertThat(ServiceClient.MAPPER.readTree(json)).isEqualTo(ExpectedTranscript.of(COHORT, student));
        }
    }

    @Test
    void second_lookup_is_cached_and_asks_nothing_and_caches_outside_may_keep_it_one_list_interval() {
        Student student = student(EdgeCase.SUPPLY_CLEARED_FIRST_TRY);
        var first = client.get("/all-r18/" + student.hallTicket());
        long asked = primary.requestCount();

        var second = client.get("/all-r18/" + student.hallTicket());

        assertThat(first.header("X-Cache")).isEqualTo("MISS");
        assertThat(second.header("X-Cache")).isEqualTo("HIT");
        assertThat(second.header("Cache-Control")).isEqualTo("public, max-age=30");
        assertThat(second.json()).isEqualTo(first.json());
        assertThat(primary.requestCount()).isEqualTo(asked);
    }

    @Test
    void with_the_university_down_an_answer_no_longer_fresh_is_rebuilt_from_the_archive_alone() {
        Student student = student(EdgeCase.RCRV_RAISED);
        var fresh = client.get("/all-r18/" + student.hallTicket());
        client.awaitArchiveWritten();
        ticker.advance(Duration.ofDays(1).plusMinutes(1)); // the answer and the release list are no longer fresh
        primary.setDown(true);
        mirror.setDown(true);
        long asked = requestsFor(student);
        Student other = studentWhere(
                "absent",
                s -> anyMark(s, m -> m.grade().equals("Ab")) && !s.hallTicket().equals(student.hallTicket()));

        var rebuilt = client.get("/all-r18/" + student.hallTicket());
        var unknown = client.get("/all-r18/" + other.hallTicket());

        assertThat(fresh.header("X-Cache")).isEqualTo("MISS");
        assertThat(rebuilt.status()).isEqualTo(200);
        assertThat(rebuilt.header("X-Cache")).isEqualTo("MISS");
        assertThat(rebuilt.json()).isEqualTo(ExpectedTranscript.of(COHORT, student));
        // Every page was read once and kept: nothing of this student was asked again.
        assertThat(requestsFor(student)).isEqualTo(asked);
        assertThat(unknown.status()).isEqualTo(503);
        assertThat(unknown.header("Retry-After")).isNotBlank();
        assertThat(unknown.json().get("code").asText()).isEqualTo("UPSTREAM_UNAVAILABLE");
    }

    /** The university's result requests (primary and mirror) for the student, in any exam. */
    private long requestsFor(Student student) {
        return COHORT.exams().stream()
                .mapToLong(exam -> primary.resultRequestsFor(student.hallTicket(), exam.code())
                        + mirror.resultRequestsFor(student.hallTicket(), exam.code()))
                .sum();
    }

    @Test
    void with_the_archive_and_the_university_down_the_last_complete_answer_is_served_stale() {
        universe.close();
        universe = TestUniverse.start(
                COHORT,
                new Environment(ticker, ticker.clock(), background),
                Map.of("RESULTS_DATA_DIR", DataFolders.unusable().toString()));
        primary = universe.primary();
        mirror = universe.mirror();
        client = universe.client();
        Student student = student(EdgeCase.RCRV_RAISED);
        var fresh = client.get("/all-r18/" + student.hallTicket());
        ticker.advance(Duration.ofDays(1).plusMinutes(1));
        primary.setDown(true);
        mirror.setDown(true);

        var stale = client.get("/all-r18/" + student.hallTicket());

        assertThat(fresh.header("X-Cache")).isEqualTo("MISS");
        assertThat(stale.status()).isEqualTo(200);
        assertThat(stale.header("X-Cache")).isEqualTo("STALE");
        assertThat(Long.parseLong(stale.header("Age")))
                .isEqualTo(Duration.ofDays(1).plusMinutes(1).toSeconds());
        assertThat(stale.json()).isEqualTo(ExpectedTranscript.of(COHORT, student));
    }

    @Test
    void a_lookup_that_loses_upstream_answers_is_never_served_or_cached_as_complete() {
        Student student = student(EdgeCase.SUPPLY_CLEARED_FIRST_TRY);
        String someCode = student.results().keySet().iterator().next();
        StringBuilder query = new StringBuilder("/api?hallticket=" + student.hallTicket());
        COHORT.exam(someCode)
                .orElseThrow()
                .linkParams()
                .forEach((key, value) ->
                        query.append('&').append(key).append('=').append(value));
        assertThat(client.get(query.toString()).status()).isEqualTo(200); // one answer known, the rest will be lost
        primary.setDown(true);
        mirror.setDown(true);

        var lossy = client.get("/all-r18/" + student.hallTicket());
        // The lookup's other exam loads go on after its 503: they must end before time jumps, which would pass their
        // deadlines, and before the next lookup, which would join them.
        await().until(background::idle);
        primary.setDown(false);
        mirror.setDown(false);
        ticker.advance(Duration.ofSeconds(30)); // the outage opened the circuit breakers: probes after the cool-down
        var complete = client.get("/all-r18/" + student.hallTicket());

        assertThat(lossy.status()).isEqualTo(503);
        assertThat(lossy.json().get("code").asText()).isEqualTo("UPSTREAM_UNAVAILABLE");
        assertThat(complete.status()).isEqualTo(200);
        assertThat(complete.header("X-Cache")).isEqualTo("MISS");
        assertThat(complete.json()).isEqualTo(ExpectedTranscript.of(COHORT, student));
    }
}
