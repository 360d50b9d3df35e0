package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.cache.ManualTicker;
import in.results.simulator.Cohort;
import in.results.simulator.Exam;
import in.results.simulator.ExamKind;
import in.results.simulator.Mark;
import in.results.simulator.MarksLayout;
import in.results.simulator.Student;
import in.results.simulator.UniversitySimulator;
import io.javalin.Javalin;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code /all-r18/<hallticket>} against the simulator, expected bodies computed from its ground truth. */
class AllSemestersIT {
    private static final Cohort COHORT = Cohort.generate(42);

    private final ManualTicker ticker = new ManualTicker();
    private UniversitySimulator primary;
    private UniversitySimulator mirror;
    private Javalin service;
    private ServiceClient client;

    @BeforeEach
    void start() {
        primary = UniversitySimulator.start(COHORT, 0);
        mirror = UniversitySimulator.start(COHORT, 0);
        service = ExamEndpointsIT.startService(
                List.of(primary.baseUrl(), URI.create(mirror.baseUrl() + "/results")), ticker);
        client = new ServiceClient(service.port());
    }

    @AfterEach
    void stop() {
        service.stop();
        primary.close();
        mirror.close();
    }

    private static Student studentWhere(String name, Predicate<Student> wanted) {
        return COHORT.students().stream().filter(wanted).findFirst()
                .orElseThrow(() -> new AssertionError("the cohort has no student who is " + name));
    }

    private static boolean anyMark(Student student, Predicate<Mark> wanted) {
        return student.results().values().stream().flatMap(List::stream).anyMatch(wanted);
    }

    private static boolean anyRcrv(Student student, String remark) {
        return student.rcrvResults().values().stream().flatMap(List::stream)
                .anyMatch(mark -> mark.rcrvRemark().equals(remark));
    }

    private static Exam exam(String code) {
        return COHORT.exam(code).orElseThrow();
    }

    /** A subject failed in a regular exam and passed in a supplementary one. */
    private static boolean clearedBySupply(Student student) {
        return student.results().entrySet().stream().anyMatch(attempt -> exam(attempt.getKey()).kind() != ExamKind.REGULAR
                && attempt.getValue().stream().anyMatch(mark -> !Expected.isFail(mark.grade())));
    }

    private static Map<String, Predicate<Student>> cases() {
        return Map.ofEntries(
                Map.entry("cleared by a supplementary", AllSemestersIT::clearedBySupply),
                Map.entry("never cleared", s -> Expected.isFail(lastAttemptGradeOfSomeFailure(s))),
                Map.entry("RC/RV raised", s -> anyRcrv(s, Mark.CHANGE_IN_GRADE)),
                Map.entry("RC/RV unchanged", s -> anyRcrv(s, Mark.NO_CHANGE)),
                Map.entry("absent", s -> anyMark(s, m -> m.grade().equals("Ab"))),
                Map.entry("malpractice", s -> anyMark(s, m -> m.grade().equals("-"))),
                Map.entry("0-credit course", s -> anyMark(s, m -> m.credits().equals("0") && !Expected.isFail(m.grade()))),
                Map.entry("lateral entry", s -> s.lateralEntry() && !s.results().isEmpty()),
                Map.entry("detained", s -> s.detained() && !s.results().isEmpty()),
                Map.entry("4-column semesters",
                        s -> s.results().keySet().stream().anyMatch(code -> exam(code).layout() == MarksLayout.FOUR_COLUMN)));
    }

    /** The grade of the latest attempt of a subject that was failed at some point ("" when none failed). */
    private static String lastAttemptGradeOfSomeFailure(Student student) {
        String latest = "";
        for (var attempt : student.results().entrySet()) {
            for (Mark mark : attempt.getValue()) {
                if (Expected.isFail(mark.grade())) {
                    latest = mark.grade();
                    boolean laterPass = student.results().values().stream().flatMap(List::stream)
                            .anyMatch(other -> other.code().equals(mark.code()) && !Expected.isFail(other.grade()));
                    boolean revalued = student.rcrvResults().values().stream().flatMap(List::stream)
                            .anyMatch(other -> other.code().equals(mark.code()) && !Expected.isFail(other.grade()));
                    if (!laterPass && !revalued) {
                        return mark.grade();
                    }
                }
            }
        }
        return latest.isEmpty() ? "" : "O";
    }

    @Test
    void every_edge_case_merges_as_the_design_says() {
        cases().forEach((name, wanted) -> {
            Student student = studentWhere(name, wanted);

            var reply = client.get("/all-r18/" + student.hallTicket());

            assertThat(reply.status()).as(name + " " + student.hallTicket()).isEqualTo(200);
            assertThat(reply.json()).as(name + " " + student.hallTicket())
                    .isEqualTo(ExpectedTranscript.of(COHORT, student));
        });
    }

    @Test
    void lateral_entry_student_has_no_first_year_semesters() {
        Student lateral = studentWhere("lateral entry", s -> s.lateralEntry() && !s.results().isEmpty());

        var results = client.get("/all-r18/" + lateral.hallTicket()).json().get("data").get("results");

        assertThat(results.get(0).has("2-1") || results.get(0).has("2-2")).isTrue();
        results.forEach(element -> assertThat(element.has("1-1") || element.has("1-2")).isFalse());
    }

    @Test
    void hall_ticket_without_any_result_is_404_and_invalid_one_400() {
        var none = client.get("/all-r18/" + Cases.hallTicketWithoutStudent(COHORT));
        var invalid = client.get("/all-r18/12345");

        assertThat(none.status()).isEqualTo(404);
        assertThat(none.json().get("code").asText()).isEqualTo("RESULT_NOT_FOUND");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.json().get("error").asText()).contains("hallticket");
    }

    @Test
    void second_lookup_is_cached_for_three_hours_and_asks_nothing() {
        Student student = studentWhere("cleared by a supplementary", AllSemestersIT::clearedBySupply);
        var first = client.get("/all-r18/" + student.hallTicket());
        long asked = primary.requestCount();

        var second = client.get("/all-r18/" + student.hallTicket());

        assertThat(first.header("X-Cache")).isEqualTo("MISS");
        assertThat(second.header("X-Cache")).isEqualTo("HIT");
        assertThat(Long.parseLong(second.header("Cache-Control").replaceAll("\\D", ""))).isBetween(10_700L, 10_800L);
        assertThat(second.json()).isEqualTo(first.json());
        assertThat(primary.requestCount()).isEqualTo(asked);
    }

    @Test
    void with_the_university_down_the_last_complete_answer_is_served_stale() {
        Student student = studentWhere("RC/RV raised", s -> anyRcrv(s, Mark.CHANGE_IN_GRADE));
        var fresh = client.get("/all-r18/" + student.hallTicket());
        ticker.advance(Duration.ofHours(3).plusMinutes(1));
        primary.setDown(true);
        mirror.setDown(true);
        Student other = studentWhere("absent", s -> anyMark(s, m -> m.grade().equals("Ab"))
                && !s.hallTicket().equals(student.hallTicket()));

        var stale = client.get("/all-r18/" + student.hallTicket());
        var unknown = client.get("/all-r18/" + other.hallTicket());

        assertThat(fresh.header("X-Cache")).isEqualTo("MISS");
        assertThat(stale.status()).isEqualTo(200);
        assertThat(stale.header("X-Cache")).isEqualTo("STALE");
        assertThat(Long.parseLong(stale.header("Age"))).isEqualTo(Duration.ofMinutes(181).toSeconds());
        assertThat(stale.json()).isEqualTo(ExpectedTranscript.of(COHORT, student));
        assertThat(unknown.status()).isEqualTo(503);
        assertThat(unknown.header("Retry-After")).isNotBlank();
        assertThat(unknown.json().get("code").asText()).isEqualTo("UPSTREAM_UNAVAILABLE");
    }

    @Test
    void a_lookup_that_loses_upstream_answers_is_never_served_or_cached_as_complete() {
        Student student = studentWhere("cleared by a supplementary", AllSemestersIT::clearedBySupply);
        String someCode = student.results().keySet().iterator().next();
        StringBuilder query = new StringBuilder("/api?hallticket=" + student.hallTicket());
        exam(someCode).linkParams().forEach((key, value) -> query.append('&').append(key).append('=').append(value));
        assertThat(client.get(query.toString()).status()).isEqualTo(200); // one answer known, the rest will be lost
        primary.setDown(true);
        mirror.setDown(true);

        var lossy = client.get("/all-r18/" + student.hallTicket());
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
