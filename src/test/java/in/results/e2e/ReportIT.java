package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import in.results.core.Environment;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.CaseExample;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.CohortCases;
import in.results.simulator.cohort.EdgeCase;
import in.results.simulator.cohort.Student;
import in.results.testing.ManualTicker;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code /report/<hallticket>} against the simulator: every figure derived by hand from its ground truth. */
class ReportIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final CohortCases CASES = CohortCases.of(COHORT);

    private final ManualTicker ticker = new ManualTicker();
    private UniversitySimulator primary;
    private UniversitySimulator mirror;
    private TestUniverse universe;
    private ServiceClient client;

    @BeforeEach
    void start() {
        // The service's clock moves with the ticker: kept pages age with it.
        universe = TestUniverse.start(
                COHORT, Environment.system().withTicker(ticker).withClock(ticker.clock()), Map.of());
        primary = universe.primary();
        mirror = universe.mirror();
        client = universe.client();
    }

    @AfterEach
    void stop() {
        universe.close();
    }

    private static Student student(EdgeCase edgeCase) {
        return COHORT.student(CASES.first(edgeCase).hallTicket()).orElseThrow();
    }

    private void assertReport(String label, Student student) {
        var reply = client.get("/report/" + student.hallTicket().toLowerCase());

        assertThat(reply.status()).as(label).isEqualTo(200);
        assertThat(ExpectedReport.comparable(reply.json()))
                .as(label + " " + student.hallTicket())
                .isEqualTo(ExpectedReport.comparable(ExpectedReport.of(COHORT, student)));
    }

    @Test
    void every_edge_case_gets_the_figures_of_the_design_rules() {
        for (EdgeCase edgeCase : EdgeCase.values()) {
            if (edgeCase == EdgeCase.NO_RESULT) {
                continue;
            }
            List<CaseExample> examples = CASES.examples(edgeCase);
            for (CaseExample example : examples.subList(0, Math.min(2, examples.size()))) {
                assertReport(
                        edgeCase.name(), COHORT.student(example.hallTicket()).orElseThrow());
            }
        }
    }

    @Test
    void an_r22_student_gets_the_report_of_the_r22_releases_named_in_the_regulation_header() {
        List<Student> r22 = COHORT.students().stream()
                .filter(student -> student.regulation().equals("R22") && !student.hasNoResult())
                .toList();
        Student regular = r22.stream()
                .filter(student -> !student.lateralEntry())
                .findFirst()
                .orElseThrow();
        Student lateral = r22.stream().filter(Student::lateralEntry).findFirst().orElseThrow();

        for (Student student : List.of(regular, lateral)) {
            assertReport("R22", student);
            assertThat(client.get("/report/" + student.hallTicket()).header("Regulation"))
                    .isEqualTo("R22");
        }
    }

    @Test
    void a_subject_never_cleared_is_an_open_backlog_with_its_latest_attempt_and_unknown_registered_credits() {
        Student student = student(EdgeCase.SUPPLY_NEVER_CLEARED);

        var report = client.get("/report/" + student.hallTicket()).json();

        var overall = report.get("overall");
        assertThat(overall.get("open_backlogs").asInt())
                .isPositive()
                .isEqualTo(overall.get("backlogs").size());
        var backlog = overall.get("backlogs").get(0);
        var semester = report.get("semesters").findParents("semester").stream()
                .filter(node -> node.get("semester")
                                .asText()
                                .equals(backlog.get("semester").asText())
                        && node.has("failed_subjects"))
                .findFirst()
                .orElseThrow();
        assertThat(semester.get("sgpa").asText()).isEqualTo("FAIL");
        assertThat(semester.get("credits_registered").isNull()).isTrue();
        assertThat(backlog.get("last_attempt").get("exam_code").asText()).isNotBlank();
        assertReport("never cleared", student);
    }

    @Test
    void lateral_entry_needs_123_credits_in_r18_and_120_in_r22_and_has_no_first_year() {
        Student r18 = student(EdgeCase.LATERAL_ENTRY);
        Student r22 = CASES.examples(EdgeCase.LATERAL_ENTRY, "R22").stream()
                .map(example -> COHORT.student(example.hallTicket()).orElseThrow())
                .findFirst()
                .orElseThrow();

        var r18Report = client.get("/report/" + r18.hallTicket()).json();
        var r22Report = client.get("/report/" + r22.hallTicket()).json();

        assertThat(r18Report.get("lateral_entry").asBoolean()).isTrue();
        assertThat(r18Report.get("overall").get("credits_required").asInt()).isEqualTo(123);
        assertThat(r18Report.get("semesters").get(0).get("semester").asText()).startsWith("2-");
        // R22 lateral entry: 120, the one figure for the report and the degree's promotion step
        assertThat(r22Report.get("overall").get("credits_required").asInt()).isEqualTo(120);
        assertThat(r22Report.get("promotion").get(2).get("into").asText()).isEqualTo("degree");
        assertThat(r22Report.get("promotion").get(2).get("credits_required").asInt())
                .isEqualTo(120);
        assertReport("R18 lateral entry", r18);
        assertReport("R22 lateral entry", r22);
    }

    @Test
    void every_row_of_the_promotion_table_is_met_short_or_not_yet_due_by_the_credits_and_the_release_list() {
        // given a student for each regulation, entry, step and status the cohort's ground truth shows
        Map<String, Student> covering = ExpectedPromotion.covering(COHORT, ExpectedPromotion.SHIPPED);

        // when each asks for their report, then it gives the standing derived by hand from the table, as documented
        for (Map.Entry<String, Student> example : covering.entrySet()) {
            assertReport(example.getKey(), example.getValue());
            assertThat(SchemaCheck.violations(
                            "StudentReport",
                            client.get("/report/" + example.getValue().hallTicket())
                                    .json()))
                    .as(example.getKey())
                    .isEmpty();
        }
        // and those students reach every row of the table, each group both met and not yet due, and short
        Set<String> seen = covering.keySet();
        for (ExpectedPromotion.Threshold row : ExpectedPromotion.SHIPPED) {
            String step = row.regulation() + " " + row.entry() + " into " + row.into() + ": ";
            assertThat(seen).as(step).anyMatch(key -> key.startsWith(step));
            String group = row.regulation() + " " + row.entry() + " into ";
            assertThat(seen).as(group).anyMatch(key -> key.startsWith(group) && key.endsWith(": met"));
            assertThat(seen).as(group).anyMatch(key -> key.startsWith(group) && key.endsWith(": not yet due"));
        }
        assertThat(seen).contains("R18 regular into degree: short", "R18 lateral into degree: short");
    }

    @Test
    void a_detained_student_whose_batch_sat_a_years_last_semester_without_them_is_short_never_not_yet_due() {
        // given a detained student who has not sat the last semester of a year whose regular exams their batch sat
        Student detained = CASES.examples(EdgeCase.DETAINED).stream()
                .map(example -> COHORT.student(example.hallTicket()).orElseThrow())
                .filter(student -> shortOfAYearNotSat(student).isPresent())
                .findFirst()
                .orElseThrow();
        String into = shortOfAYearNotSat(detained).orElseThrow();

        var report = client.get("/report/" + detained.hallTicket()).json();

        assertThat(report.get("promotion").findValues("into").stream().map(JsonNode::asText))
                .contains(into);
        for (JsonNode step : report.get("promotion")) {
            if (step.get("into").asText().equals(into)) {
                assertThat(step.get("status").asText()).as(into).isEqualTo("short");
                assertThat(step.get("credits_short").decimalValue()).isPositive();
            }
        }
        assertReport("detained", detained);
    }

    /** The step a student is expected short of without having sat the semester it counts up to, if any. */
    private static Optional<String> shortOfAYearNotSat(Student student) {
        List<ExpectedPromotion.Threshold> rows = ExpectedPromotion.rowsOf(ExpectedPromotion.SHIPPED, student);
        JsonNode steps = ExpectedReport.of(COHORT, student).get("promotion");
        for (int i = 0; i < rows.size(); i++) {
            if (!COHORT.attempts(student).containsKey(rows.get(i).lastSemester())
                    && steps.get(i).get("status").asText().equals("short")) {
                return Optional.of(rows.get(i).into());
            }
        }
        return Optional.empty();
    }

    @Test
    void a_regulation_without_known_promotion_rules_gets_no_standing_but_a_note_naming_it() {
        Student r25 = COHORT.students().stream()
                .filter(student -> student.regulation().equals("R25") && !student.hasNoResult())
                .findFirst()
                .orElseThrow();

        var report = client.get("/report/" + r25.hallTicket()).json();

        assertThat(report.get("promotion").isNull()).isTrue();
        assertThat(report.get("promotion_note").asText()).contains("R25");
        assertThat(SchemaCheck.violations("StudentReport", report)).isEmpty();
        assertReport("R25", r25);
    }

    @Test
    void report_and_all_r18_share_one_cached_lookup() {
        Student student = student(EdgeCase.SUPPLY_CLEARED_FIRST_TRY);
        var transcript = client.get("/all-r18/" + student.hallTicket());
        long asked = primary.requestCount();

        var report = client.get("/report/" + student.hallTicket());

        assertThat(transcript.header("X-Cache")).isEqualTo("MISS");
        assertThat(report.header("X-Cache")).isEqualTo("HIT");
        assertThat(report.header("Cache-Control")).isEqualTo(transcript.header("Cache-Control"));
        assertThat(primary.requestCount()).isEqualTo(asked);
        assertThat(report.json().get("overall").get("cgpa").decimalValue())
                .isEqualByComparingTo(
                        transcript.json().get("data").get("overall_gpa").decimalValue());
    }

    @Test
    void an_unchanged_report_is_answered_304_without_a_body() {
        Student student = student(EdgeCase.RCRV_RAISED);
        var first = client.get("/report/" + student.hallTicket());

        var again = client.send(HttpRequest.newBuilder(client.uri("/report/" + student.hallTicket()))
                .header("If-None-Match", first.header("ETag"))
                .GET()
                .build());
        var other = client.send(HttpRequest.newBuilder(client.uri("/report/" + student.hallTicket()))
                .header("If-None-Match", "W/\"something-else\"")
                .GET()
                .build());

        assertThat(first.header("ETag")).startsWith("W/\"");
        assertThat(again.status()).isEqualTo(304);
        assertThat(again.response().body()).isEmpty();
        assertThat(again.header("ETag")).isEqualTo(first.header("ETag"));
        assertThat(again.header("X-Cache")).isEqualTo("HIT");
        assertThat(other.status()).isEqualTo(200);
    }

    @Test
    void no_result_is_404_and_a_malformed_hall_ticket_400() {
        var none = client.get("/report/" + CASES.first(EdgeCase.NO_RESULT).hallTicket());
        var invalid = client.get("/report/12345");

        assertThat(none.status()).isEqualTo(404);
        assertThat(none.json().get("code").asText()).isEqualTo("RESULT_NOT_FOUND");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.json().get("code").asText()).isEqualTo("INVALID_PARAMETER");
        assertThat(invalid.json().get("error").asText()).contains("hallticket");
    }

    @Test
    void with_the_university_down_the_report_is_rebuilt_from_the_archive_else_503() {
        Student student = student(EdgeCase.ABSENT);
        Student other = student(EdgeCase.MALPRACTICE);
        client.get("/report/" + student.hallTicket());
        client.awaitArchiveWritten();
        // A day on, the answer is no longer fresh: it is rebuilt from the pages the archive keeps.
        ticker.advance(Duration.ofDays(1).plusMinutes(1));
        primary.setDown(true);
        mirror.setDown(true);

        var rebuilt = client.get("/report/" + student.hallTicket());
        var unknown = client.get("/report/" + other.hallTicket());

        assertThat(rebuilt.status()).isEqualTo(200);
        assertThat(rebuilt.header("X-Cache")).isEqualTo("MISS");
        assertThat(ExpectedReport.comparable(rebuilt.json()))
                .isEqualTo(ExpectedReport.comparable(ExpectedReport.of(COHORT, student)));
        assertThat(unknown.status()).isEqualTo(503);
        assertThat(unknown.json().get("code").asText()).isEqualTo("UPSTREAM_UNAVAILABLE");
        assertThat(unknown.header("Retry-After")).isNotBlank();
    }
}
