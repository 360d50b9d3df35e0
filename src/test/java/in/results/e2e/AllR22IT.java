package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import in.results.core.Environment;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.CaseExample;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.CohortCases;
import in.results.simulator.cohort.EdgeCase;
import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamKind;
import in.results.simulator.releases.MarksLayout;
import in.results.testing.ManualTicker;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code /all-r22/<hallticket>} and {@code /all/<hallticket>} against the simulator's R22 cohort: every answer equals
 * the body {@link ExpectedTranscript} derives from the ground truth by DESIGN §4.
 */
class AllR22IT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final CohortCases CASES = CohortCases.of(COHORT);
    private static final String R22 = "R22";

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

    private static Student r22Student(String name, Predicate<Student> wanted) {
        return COHORT.students().stream()
                .filter(s -> s.regulation().equals(R22) && !s.hasNoResult())
                .filter(wanted)
                .findFirst()
                .orElseThrow(() -> new AssertionError("the cohort has no R22 student who is " + name));
    }

    private static Exam exam(String code) {
        return COHORT.exam(code).orElseThrow();
    }

    /** Both endpoints answer the ground truth's body; {@code /all} says R22. */
    private void assertBothAnswerTheGroundTruth(Student student) {
        JsonNode expected = ExpectedTranscript.of(COHORT, student, R22);

        var byRegulation = client.get("/all-r22/" + student.hallTicket());
        var byHallTicket = client.get("/all/" + student.hallTicket());

        assertThat(byRegulation.status()).as(student.hallTicket()).isEqualTo(200);
        assertThat(byRegulation.json()).as(student.hallTicket()).isEqualTo(expected);
        assertThat(byRegulation.header("Regulation")).isEqualTo(R22);
        assertThat(byHallTicket.status()).as(student.hallTicket()).isEqualTo(200);
        assertThat(byHallTicket.header("Regulation")).isEqualTo(R22);
        assertThat(byHallTicket.json()).as(student.hallTicket()).isEqualTo(expected);
    }

    @Test
    void every_r22_edge_case_merges_as_the_design_says() {
        for (EdgeCase edgeCase : EdgeCase.values()) {
            if (edgeCase == EdgeCase.NO_RESULT || edgeCase == EdgeCase.FOUR_COLUMN) {
                continue; // no result: its own test; R22 pages always have seven columns
            }
            List<CaseExample> examples = CASES.examples(edgeCase, R22);
            assertThat(examples).as(edgeCase.name()).isNotEmpty();
            for (CaseExample example : examples.subList(0, Math.min(2, examples.size()))) {
                assertBothAnswerTheGroundTruth(
                        COHORT.student(example.hallTicket()).orElseThrow());
            }
        }
    }

    @Test
    void lateral_entrant_starts_with_the_second_year_of_the_batch_admitted_a_year_earlier() {
        Student lateral = r22Student(
                "a lateral entrant with 2-2",
                s -> s.lateralEntry()
                        && s.results().keySet().stream()
                                .anyMatch(code -> exam(code).semester().equals("2-2")));

        assertBothAnswerTheGroundTruth(lateral);
        JsonNode results = client.get("/all-r22/" + lateral.hallTicket()).json().at("/data/results");
        assertThat(results.get(0).has("2-1")).isTrue();
        results.forEach(
                element -> assertThat(element.has("1-1") || element.has("1-2")).isFalse());
    }

    @Test
    void detained_student_who_rejoined_the_next_batch_has_the_later_regular_release_merged() {
        Student rejoined = r22Student(
                "detained and rejoined",
                s -> s.detained()
                        && s.results().keySet().stream()
                                .map(AllR22IT::exam)
                                .anyMatch(exam -> exam.kind() == ExamKind.REGULAR
                                        && !exam.code().equals(batchRegular(s.admissionYear(), exam.semester()))));

        assertBothAnswerTheGroundTruth(rejoined);
    }

    @Test
    void a_course_passed_in_a_supplementary_after_re_registration_shows_the_later_rows_new_internal_marks() {
        Student reRegistered = r22Student("re-registered", s -> {
            Map<String, String> internals = new HashMap<>();
            return s.results().values().stream().flatMap(List::stream).anyMatch(row -> {
                String before = internals.put(row.code(), row.internal());
                return before != null && !before.equals(row.internal()) && !row.failed();
            });
        });

        assertBothAnswerTheGroundTruth(reRegistered);
    }

    @Test
    void supplementary_clearing_rc_rv_raise_absent_withheld_and_zero_credit_rows_are_merged_by_the_rules() {
        for (EdgeCase edgeCase : List.of(
                EdgeCase.SUPPLY_CLEARED_FIRST_TRY,
                EdgeCase.SUPPLY_CLEARED_SECOND_TRY,
                EdgeCase.RCRV_RAISED,
                EdgeCase.ABSENT,
                EdgeCase.MALPRACTICE,
                EdgeCase.ZERO_CREDIT_COURSE)) {
            CaseExample example = CASES.examples(edgeCase, R22).getLast();
            Student student = COHORT.student(example.hallTicket()).orElseThrow();

            assertBothAnswerTheGroundTruth(student);
            JsonNode results =
                    client.get("/all-r22/" + student.hallTicket()).json().at("/data/results");
            String semester = exam(example.examCode()).semester();
            JsonNode row = semesterOf(results, semester).path(example.subjectCode());
            assertThat(row.isObject())
                    .as(edgeCase + " row " + example.subjectCode() + " in " + semester)
                    .isTrue();
        }
    }

    @Test
    void student_with_only_one_semester_results_so_far_gets_one_semester() {
        // The 2025 batch is R25; the newest R22 students are the 2024 batch's lateral entrants, who have sat 2-1 only.
        Student newest =
                r22Student("a lateral entrant of the 2024 batch", s -> s.admissionYear() == 2024 && s.lateralEntry());
        assertThat(newest.results().keySet())
                .allMatch(code -> exam(code).semester().equals("2-1"));

        assertBothAnswerTheGroundTruth(newest);
        JsonNode results = client.get("/all-r22/" + newest.hallTicket()).json().at("/data/results");
        assertThat(results).hasSize(1);
        assertThat(results.get(0).has("2-1")).isTrue();
    }

    @Test
    void a_batch_is_asked_only_for_its_own_regular_release_found_by_date() {
        Student batch2024 = r22Student(
                "of the 2024 batch, never failed 1-1",
                s -> s.admissionYear() == 2024
                        && !s.lateralEntry()
                        && !s.detained()
                        && s.results().containsKey("1851")
                        && s.results().get("1851").stream().noneMatch(Mark::failed));

        assertThat(client.get("/all-r22/" + batch2024.hallTicket()).status()).isEqualTo(200);

        // 1-1 Regular of batch 2022 (1662) and 2023 (1763) were released before this batch could sit 1-1.
        assertThat(primary.resultRequestsForExam("1662") + mirror.resultRequestsForExam("1662"))
                .isZero();
        assertThat(primary.resultRequestsForExam("1763") + mirror.resultRequestsForExam("1763"))
                .isZero();
        assertThat(primary.resultRequestsFor(batch2024.hallTicket(), "1851")).isPositive();
        assertThat(primary.requestCount("/resultAction")).isLessThanOrEqualTo(12);
    }

    @Test
    void all_picks_r18_or_r22_from_the_hall_ticket_and_says_which_in_a_header() {
        Student r18 = COHORT.students().stream()
                .filter(s -> s.regulation().equals("R18") && !s.hasNoResult())
                .findFirst()
                .orElseThrow();
        // Lateral entrants' hall tickets carry the year after admission: 22..5.. was admitted 2021 (R18).
        Student r18Lateral = COHORT.students().stream()
                .filter(s -> s.lateralEntry() && s.admissionYear() == 2021 && !s.hasNoResult())
                .findFirst()
                .orElseThrow();
        Student r22Lateral = r22Student("lateral, admitted 2022", s -> s.lateralEntry() && s.admissionYear() == 2022);
        assertThat(r18Lateral.hallTicket()).startsWith("22");
        assertThat(r22Lateral.hallTicket()).startsWith("23");

        for (Student student : List.of(r18, r18Lateral, r22Lateral)) {
            var all = client.get("/all/" + student.hallTicket());
            String regulation = student.regulation();
            var explicit = client.get("/all-" + regulation.toLowerCase() + "/" + student.hallTicket());

            assertThat(all.status()).as(student.hallTicket()).isEqualTo(200);
            assertThat(all.header("Regulation")).as(student.hallTicket()).isEqualTo(regulation);
            assertThat(all.json())
                    .isEqualTo(ExpectedTranscript.of(COHORT, student))
                    .isEqualTo(explicit.json());
            assertThat(explicit.header("X-Cache"))
                    .as("one store entry per regulation and hall ticket")
                    .isEqualTo("HIT");
        }
    }

    @Test
    void all_answers_400_or_404_naming_the_reason_for_hall_tickets_it_cannot_serve_without_asking() {
        var tooShort = client.get("/all/12345");
        var noYear = client.get("/all/ABCDEFGHIJ");
        var noEntry = client.get("/all/22BD2A0501");
        var before2018 = client.get("/all/17BD1A0501");
        var lateralBefore2018 = client.get("/all/18BD5A0501"); // admitted 2017
        var unknownProgramme = client.get("/all/22BD1T0501"); // Pharm.D: not on the university's list
        var postgraduateLateral = client.get("/all/23BD5E0001"); // MBA has no lateral entry
        var pharmacy = client.get("/all/22BD1R0501"); // served, but this university lists no B.Pharmacy R22 release

        for (var reply : List.of(tooShort, noYear, noEntry, unknownProgramme, postgraduateLateral)) {
            assertThat(reply.status()).isEqualTo(400);
            assertThat(reply.json().get("code").asText()).isEqualTo("INVALID_PARAMETER");
            assertThat(reply.json().get("error").asText()).contains("hallticket");
            assertThat(reply.header("Regulation")).isNull();
        }
        for (var reply : List.of(before2018, lateralBefore2018)) {
            assertThat(reply.status()).isEqualTo(404);
            assertThat(reply.json().get("code").asText()).isEqualTo("RESULT_NOT_FOUND");
            assertThat(reply.json().get("error").asText()).contains("2018").doesNotContain("17BD1A0501");
        }
        assertThat(unknownProgramme.json().get("error").asText())
                .contains(
                        "sixth", "A (B.Tech)", "R (B.Pharmacy)", "D (M.Tech)", "E (MBA)", "F (MCA)", "S (M.Pharmacy)");
        assertThat(postgraduateLateral.json().get("error").asText()).contains("lateral");
        assertThat(pharmacy.status()).isEqualTo(404);
        assertThat(pharmacy.json().get("code").asText()).isEqualTo("RESULT_NOT_FOUND");
        assertThat(pharmacy.json().get("error").asText()).isEqualTo("No R22 B.Pharmacy result for this hall ticket.");
        assertThat(pharmacy.header("Regulation")).isEqualTo("R22");
        assertThat(pharmacy.header("Degree")).isEqualTo("bpharmacy");
        assertThat(noYear.json().get("error").asText()).contains("admission year");
        assertThat(primary.requestCount("/resultAction") + mirror.requestCount("/resultAction"))
                .isZero();
    }

    @Test
    void r22_hall_ticket_without_any_result_is_404_and_a_malformed_one_400() {
        String noResult = CASES.examples(EdgeCase.NO_RESULT, R22).getFirst().hallTicket();
        String nobody = COHORT.students().stream()
                        .filter(s -> s.regulation().equals(R22))
                        .findFirst()
                        .orElseThrow()
                        .hallTicket()
                        .substring(0, 8)
                + "Z9";

        for (String path :
                List.of("/all-r22/" + noResult, "/all/" + noResult, "/all-r22/" + nobody, "/all/" + nobody)) {
            var reply = client.get(path);
            assertThat(reply.status()).as(path).isEqualTo(404);
            assertThat(reply.json().get("code").asText()).as(path).isEqualTo("RESULT_NOT_FOUND");
            assertThat(reply.json().get("error").asText()).as(path).contains("R22");
        }
        assertThat(client.get("/all-r22/12345").status()).isEqualTo(400);
    }

    @Test
    void second_lookup_is_a_cache_hit_through_either_path_and_rebuilt_from_the_archive_when_the_university_is_down() {
        Student student = COHORT.student(CASES.examples(EdgeCase.SUPPLY_CLEARED_FIRST_TRY, R22)
                        .getFirst()
                        .hallTicket())
                .orElseThrow();
        var first = client.get("/all-r22/" + student.hallTicket());
        long asked = primary.requestCount();

        var second = client.get("/all/" + student.hallTicket());
        long askedForTheHit = primary.requestCount() - asked;
        client.awaitArchiveWritten();
        ticker.advance(Duration.ofDays(1).plusMinutes(1)); // no longer fresh: rebuilt from the pages kept
        primary.setDown(true);
        mirror.setDown(true);
        var rebuilt = client.get("/all-r22/" + student.hallTicket());

        assertThat(first.header("X-Cache")).isEqualTo("MISS");
        assertThat(second.header("X-Cache")).isEqualTo("HIT");
        assertThat(second.header("Cache-Control")).isEqualTo("public, max-age=30");
        assertThat(second.json()).isEqualTo(first.json());
        assertThat(rebuilt.header("X-Cache")).isEqualTo("MISS");
        assertThat(rebuilt.json()).isEqualTo(ExpectedTranscript.of(COHORT, student));
        assertThat(askedForTheHit).isZero();
    }

    @Test
    void a_release_published_while_running_shows_in_every_answer_once_the_list_is_read_asking_only_the_new_release() {
        // The 2024 batch's lateral entrants have sat one semester, 2-1 (the 2025 batch is R25).
        Student cached =
                r22Student("a lateral entrant of the 2024 batch", s -> s.admissionYear() == 2024 && s.lateralEntry());
        Student fresh = r22Student(
                "another lateral entrant of the 2024 batch",
                s -> s.admissionYear() == 2024
                        && s.lateralEntry()
                        && !s.hallTicket().equals(cached.hallTicket()));
        var cachedBefore = client.get("/all-r22/" + cached.hallTicket());
        assertThat(cachedBefore.json().at("/data/results")).hasSize(1);

        // The university publishes batch 2024's 2-2 Regular results: a new code, no code change in the service.
        Exam release = new Exam(
                "1901",
                "B.Tech II Year II Semester (R22) Regular Examinations Results June-2026",
                LocalDate.of(2026, 8, 20),
                linkOf("1901"),
                "btech",
                R22,
                "2-2",
                ExamKind.REGULAR,
                false,
                MarksLayout.SEVEN_COLUMN);
        Map<String, List<Mark>> pages = new LinkedHashMap<>();
        pages.put(cached.hallTicket(), secondYearSecondSemesterTwoRows("31", "A"));
        pages.put(fresh.hallTicket(), secondYearSecondSemesterTwoRows("22", "F"));
        primary.publish(release, pages);
        mirror.publish(release, pages);
        ticker.advance(Duration.ofMinutes(2));
        var refreshed = client.get("/new/all?refresh=1");
        var freshAnswer = client.get("/all-r22/" + fresh.hallTicket());
        Map<String, Long> askedBefore = primary.resultRequestsByExam();
        var cachedRebuilt = client.get("/all-r22/" + cached.hallTicket());
        Map<String, Long> askedAfter = primary.resultRequestsByExam();
        var cachedAgain = client.get("/all/" + cached.hallTicket());

        Cohort now = primary.cohort();
        assertThat(refreshed.header("X-Cache")).isEqualTo("MISS");
        assertThat(refreshed.json().get("regular").toString()).contains("\"examCode\":\"1901\"");
        assertThat(freshAnswer.json())
                .isEqualTo(ExpectedTranscript.of(
                        now, now.student(fresh.hallTicket()).orElseThrow()));
        assertThat(freshAnswer.json().at("/data/results/1/SGPA").asText()).isEqualTo("FAIL");
        assertThat(cachedRebuilt.header("X-Cache"))
                .as("a cached answer is rebuilt once the list shows a release of the student's")
                .isEqualTo("MISS");
        assertThat(cachedRebuilt.json())
                .isEqualTo(ExpectedTranscript.of(
                        now, now.student(cached.hallTicket()).orElseThrow()));
        assertThat(cachedRebuilt.json().at("/data/results")).hasSize(2);
        // Only the new release was asked: every other page came from the archive.
        assertThat(difference(askedBefore, askedAfter)).isEqualTo(Map.of("1901", 1L));
        assertThat(cachedAgain.header("X-Cache")).isEqualTo("HIT");
        assertThat(cachedAgain.json()).isEqualTo(cachedRebuilt.json());
    }

    /** The requests per exam code in {@code after} beyond those in {@code before}, for the codes that grew. */
    private static Map<String, Long> difference(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> grown = new LinkedHashMap<>();
        after.forEach((code, count) -> {
            long more = count - before.getOrDefault(code, 0L);
            if (more > 0) {
                grown.put(code, more);
            }
        });
        return grown;
    }

    /** Two courses of 2-2 as a results page shows them: internal 31 or 22 of 40, a passing or failing external. */
    private static List<Mark> secondYearSecondSemesterTwoRows(String internal, String grade) {
        boolean failed = grade.equals("F");
        String external = failed ? "10" : "40";
        String total = Integer.toString(Integer.parseInt(internal) + Integer.parseInt(external));
        return List.of(
                new Mark("CS401PC", "DISCRETE MATHEMATICS", internal, external, total, grade, failed ? "0" : "3", ""),
                new Mark("CS403PC", "DATABASE MANAGEMENT SYSTEMS", "35", "50", "85", "A+", "3", ""));
    }

    private static Map<String, String> linkOf(String code) {
        Map<String, String> link = new LinkedHashMap<>();
        link.put("degree", "btech");
        link.put("examCode", code);
        link.put("etype", "r17");
        link.put("type", "intgrade");
        return link;
    }

    /** The regular release batch {@code admitted} sat for a semester when nobody was detained: its own batch's. */
    private static String batchRegular(int admitted, String semester) {
        List<String> ownBatch = new ArrayList<>();
        for (Student student : COHORT.students()) {
            if (student.regulation().equals(R22)
                    && student.admissionYear() == admitted
                    && !student.detained()
                    && !student.lateralEntry()) {
                student.results().keySet().stream()
                        .map(AllR22IT::exam)
                        .filter(exam -> exam.kind() == ExamKind.REGULAR
                                && exam.semester().equals(semester))
                        .map(Exam::code)
                        .forEach(ownBatch::add);
            }
        }
        return ownBatch.stream().findFirst().orElse("");
    }

    private static JsonNode semesterOf(JsonNode results, String semester) {
        for (JsonNode element : results) {
            if (element.has(semester)) {
                return element.get(semester);
            }
        }
        throw new AssertionError("no semester " + semester + " in " + results);
    }
}
