package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import in.results.core.Environment;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.CohortCases;
import in.results.simulator.cohort.EdgeCase;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Programme;
import in.results.testing.ManualTicker;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code /compare/<hallticket>/<other_hallticket>} against the simulator: every body derived by hand from its ground
 * truth ({@link ExpectedComparison}), the errors, how fresh the answer says it is, and that the two students are
 * looked up at once.
 */
class CompareIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final CohortCases CASES = CohortCases.of(COHORT);

    private final ManualTicker ticker = new ManualTicker();
    private TestUniverse universe;
    private ServiceClient client;

    private void start(Cohort cohort, Map<String, String> settings) {
        // The service's clock moves with the ticker: kept pages age with it.
        universe = TestUniverse.start(
                cohort, Environment.system().withTicker(ticker).withClock(ticker.clock()), settings);
        client = universe.client();
    }

    private void start() {
        start(COHORT, Map.of());
    }

    @AfterEach
    void stop() {
        if (universe != null) {
            universe.close();
        }
    }

    private static String path(Student first, Student second) {
        return "/compare/" + first.hallTicket() + "/" + second.hallTicket();
    }

    private ServiceClient.Reply assertComparison(Cohort cohort, Student first, Student second) {
        var reply = client.get(path(first, second));

        assertThat(reply.status()).as(path(first, second)).isEqualTo(200);
        assertThat(ExpectedReport.numbersCanonical(reply.json()))
                .as(path(first, second))
                .isEqualTo(ExpectedReport.numbersCanonical(ExpectedComparison.of(cohort, first, second)));
        return reply;
    }

    /** The semesters in which the student has a result. */
    private static Set<String> semestersOf(Cohort cohort, Student student) {
        return cohort.attempts(student).keySet();
    }

    private static String section(Student student) {
        return student.hallTicket().substring(0, 8);
    }

    /** A regular-entry student who sat every semester in their batch's exams, and is not {@code other}. */
    private static Predicate<Student> regularWithEightSemesters(Student other) {
        return student -> !student.hallTicket().equals(other.hallTicket())
                && !student.lateralEntry()
                && !student.detained()
                && !student.hasNoResult()
                && semestersOf(COHORT, student).size() == 8;
    }

    private static Student first(Predicate<Student> wanted, String what) {
        return COHORT.students().stream()
                .filter(wanted)
                .findFirst()
                .orElseThrow(() -> new AssertionError("the cohort has no student who is " + what));
    }

    private static Student edgeCase(EdgeCase edgeCase) {
        return COHORT.student(CASES.first(edgeCase).hallTicket()).orElseThrow();
    }

    @Test
    void two_students_of_one_class_have_every_subject_in_common_side_by_side() {
        start();
        Student first = first(regularWithEightSemesters(edgeCase(EdgeCase.NO_RESULT)), "a full regular student");
        Student classmate = first(
                regularWithEightSemesters(first).and(student -> section(student).equals(section(first))),
                "a classmate of " + first.hallTicket());

        JsonNode body = assertComparison(COHORT, first, classmate).json();

        List<String> common = body.get("common_subjects").findValuesAsText("subject_code");
        assertThat(common)
                .hasSizeGreaterThan(40)
                .containsExactlyElementsOf(ExpectedComparison.subjectCodes(COHORT, first))
                .containsExactlyInAnyOrderElementsOf(ExpectedComparison.subjectCodes(COHORT, classmate));
        assertThat(body.get("semesters")).hasSize(8);
    }

    @Test
    void a_lateral_entrant_has_no_first_year_beside_a_regular_student_and_shares_the_later_subjects() {
        start();
        Student lateral = edgeCase(EdgeCase.LATERAL_ENTRY);
        Student regular = first(
                regularWithEightSemesters(lateral)
                        .and(student -> student.regulation().equals(lateral.regulation())
                                && student.admissionYear() == lateral.admissionYear()
                                && student.hallTicket()
                                        .substring(2, 4)
                                        .equals(lateral.hallTicket().substring(2, 4))
                                && student.hallTicket()
                                        .substring(6, 8)
                                        .equals(lateral.hallTicket().substring(6, 8))),
                "a regular student of the batch and branch of " + lateral.hallTicket());

        JsonNode body = assertComparison(COHORT, regular, lateral).json();

        assertThat(body.at("/semesters/0/semester").asText()).isEqualTo("1-1");
        assertThat(body.at("/semesters/0/sgpa/1").isNull()).isTrue();
        assertThat(body.at("/students/1/lateral_entry").asBoolean()).isTrue();
        assertThat(body.get("common_subjects"))
                .isNotEmpty()
                .allSatisfy(subject ->
                        assertThat(subject.at("/semester/1").asText()).doesNotStartWith("1-"));
    }

    @Test
    void students_of_two_branches_share_only_the_subjects_both_have_in_the_first_students_order() {
        start();
        Student cse = first(
                regularWithEightSemesters(edgeCase(EdgeCase.NO_RESULT))
                        .and(student -> student.hallTicket().startsWith("05", 6)),
                "a full CSE student");
        Student ece = first(
                regularWithEightSemesters(cse)
                        .and(student -> student.hallTicket().startsWith("04", 6)
                                && student.admissionYear() == cse.admissionYear()),
                "a full ECE student of the batch of " + cse.hallTicket());

        JsonNode body = assertComparison(COHORT, ece, cse).json();

        List<String> common = body.get("common_subjects").findValuesAsText("subject_code");
        List<String> eceCodes = ExpectedComparison.subjectCodes(COHORT, ece);
        Set<String> cseCodes = Set.copyOf(ExpectedComparison.subjectCodes(COHORT, cse));
        assertThat(common)
                .isNotEmpty()
                .hasSizeLessThan(eceCodes.size())
                .containsExactlyElementsOf(
                        eceCodes.stream().filter(cseCodes::contains).toList());
    }

    @Test
    void students_of_two_regulations_compare_semester_by_semester_each_with_their_own_course() {
        start();
        Student r18 = edgeCase(EdgeCase.SUPPLY_NEVER_CLEARED);
        Student r22 = first(
                student -> student.regulation().equals("R22") && !student.hasNoResult() && !student.lateralEntry(),
                "an R22 student");

        JsonNode body = assertComparison(COHORT, r18, r22).json();

        assertThat(body.get("students").findValuesAsText("regulation")).containsExactly("R18", "R22");
        assertThat(body.at("/overall/open_backlogs/0").asInt()).isPositive();
        assertThat(body.get("semesters"))
                .anySatisfy(
                        semester -> assertThat(semester.at("/sgpa/0").asText()).isEqualTo("FAIL"));
    }

    @Test
    void students_of_two_programmes_compare_each_on_their_own_programmes_releases() {
        Cohort world = Cohort.onRealList(Cohort.DEFAULT_SEED).asOf(LocalDate.of(2025, 3, 27));
        start(world, Map.of());
        Student pharmacy = world.students().stream()
                .filter(student -> student.programme() == Programme.BPHARMACY && !student.hasNoResult())
                .findFirst()
                .orElseThrow();
        Student btech = world.students().stream()
                .filter(student -> student.programme() == Programme.BTECH
                        && !student.hasNoResult()
                        && student.regulation().equals(pharmacy.regulation()))
                .findFirst()
                .orElseThrow();

        JsonNode body = assertComparison(world, btech, pharmacy).json();

        assertThat(body.get("students").findValuesAsText("degree")).containsExactly("btech", "bpharmacy");
    }

    @Test
    void the_same_hall_ticket_twice_in_any_letter_case_is_400_naming_the_second_parameter() {
        start();
        String hallTicket = edgeCase(EdgeCase.RCRV_RAISED).hallTicket();

        var twice = client.get("/compare/" + hallTicket.toLowerCase() + "/" + hallTicket);

        assertThat(twice.status()).isEqualTo(400);
        assertThat(twice.json().get("code").asText()).isEqualTo("INVALID_PARAMETER");
        assertThat(twice.json().get("error").asText())
                .isEqualTo("Parameter 'other_hallticket' must be another hall ticket than 'hallticket'.");
        assertThat(universe.primary().requestCount("/resultAction")).isZero();
    }

    @Test
    void a_hall_ticket_that_cannot_be_read_is_400_naming_which_one() {
        start();
        String valid = edgeCase(EdgeCase.RCRV_RAISED).hallTicket();

        var malformedFirst = client.get("/compare/12345/" + valid);
        var malformedSecond = client.get("/compare/" + valid + "/ABCDEFGHI-");
        var unknownProgramme = client.get("/compare/" + valid + "/22BD1T0501");

        assertThat(List.of(malformedFirst, malformedSecond, unknownProgramme)).allSatisfy(reply -> {
            assertThat(reply.status()).isEqualTo(400);
            assertThat(reply.json().get("code").asText()).isEqualTo("INVALID_PARAMETER");
        });
        assertThat(malformedFirst.json().get("error").asText())
                .isEqualTo("Parameter 'hallticket' must be 10 letters and digits.");
        assertThat(malformedSecond.json().get("error").asText())
                .isEqualTo("Parameter 'other_hallticket' must be 10 letters and digits.");
        assertThat(unknownProgramme.json().get("error").asText())
                .startsWith("Parameter 'other_hallticket' must have a programme letter");
    }

    @Test
    void a_student_without_results_is_404_naming_which_one() {
        start();
        String none = CASES.first(EdgeCase.NO_RESULT).hallTicket();
        String some = edgeCase(EdgeCase.RCRV_RAISED).hallTicket();

        var secondWithout = client.get("/compare/" + some + "/" + none);
        var firstWithout = client.get("/compare/" + none + "/" + some);
        var beforeFirstServedBatch = client.get("/compare/" + some + "/17BD1A0501");

        assertThat(List.of(secondWithout, firstWithout, beforeFirstServedBatch)).allSatisfy(reply -> {
            assertThat(reply.status()).isEqualTo(404);
            assertThat(reply.json().get("code").asText()).isEqualTo("RESULT_NOT_FOUND");
        });
        assertThat(secondWithout.json().get("error").asText())
                .isEqualTo("Parameter 'other_hallticket': No R18 B.Tech result for this hall ticket.");
        assertThat(firstWithout.json().get("error").asText())
                .isEqualTo("Parameter 'hallticket': No R18 B.Tech result for this hall ticket.");
        assertThat(beforeFirstServedBatch.json().get("error").asText())
                .startsWith("Parameter 'other_hallticket': B.Tech results are served for students admitted in 2018");
    }

    @Test
    void compare_paths_are_not_taken_by_the_three_segment_semester_route() {
        start();
        Student first = edgeCase(EdgeCase.ABSENT);
        Student second = edgeCase(EdgeCase.MALPRACTICE);

        var neither = client.get("/compare/x/y");
        var dateShaped = client.get("/compare/" + first.hallTicket() + "/2002-05-14");
        var otherWord = client.get("/comparing/x/y");
        var both = client.get(path(first, second));

        // The semester route takes /<hallticket>/<dob>/<year>: three segments none of which has its shape are an
        // unknown path to it, and with a date as second segment it would complain about 'hallticket' ("compare").
        assertThat(neither.status()).isEqualTo(400);
        assertThat(neither.json().get("error").asText()).contains("'hallticket'");
        assertThat(dateShaped.status()).isEqualTo(400);
        assertThat(dateShaped.json().get("error").asText()).contains("'other_hallticket'");
        assertThat(otherWord.status()).isEqualTo(404);
        assertThat(otherWord.json().get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(both.status()).isEqualTo(200);
        assertThat(both.json().has("common_subjects")).isTrue();
    }

    @Test
    void the_answer_is_as_fresh_as_the_less_fresh_of_the_two_students() {
        // A refresh interval of a day lets max-age show each answer's own freshness (a day at most).
        start(COHORT, Map.of("RESULTS_LIST_REFRESH_SECONDS", "86400"));
        Student kept = edgeCase(EdgeCase.SUPPLY_CLEARED_FIRST_TRY);
        Student loaded = first(regularWithEightSemesters(kept), "another student");
        var report = client.get("/report/" + kept.hallTicket());
        ticker.advance(Duration.ofMinutes(20)); // the release list read at start-up is still current

        var compared = client.get(path(kept, loaded));
        long asked = universe.primary().requestCount();
        var again = client.get(path(loaded, kept));

        assertThat(report.header("X-Cache")).isEqualTo("MISS");
        assertThat(report.header("Cache-Control")).isEqualTo("public, max-age=86400");
        // The kept answer has a day less 20 minutes left, the one just loaded a day: the comparison is a HIT for the
        // shorter.
        assertThat(compared.header("X-Cache")).isEqualTo("HIT");
        assertThat(compared.header("Cache-Control")).isEqualTo("public, max-age=85200");
        assertThat(compared.header("Age")).isNull();
        assertThat(compared.header("ETag")).startsWith("W/\"");
        assertThat(again.header("X-Cache")).isEqualTo("HIT");
        assertThat(again.header("Cache-Control")).isEqualTo("public, max-age=85200");
        assertThat(universe.primary().requestCount()).isEqualTo(asked);
        assertThat(again.json().get("students").findValuesAsText("HTNO"))
                .containsExactly(loaded.hallTicket(), kept.hallTicket());
    }

    @Test
    void both_students_are_looked_up_at_once() {
        start();
        // Students of one section: their lookups' first rounds ask the same releases, the most a lookup asks at once.
        Student probe = first(regularWithEightSemesters(edgeCase(EdgeCase.NO_RESULT)), "a full regular student");
        List<Student> alike = COHORT.students().stream()
                .filter(regularWithEightSemesters(probe)
                        .and(student -> section(student).equals(section(probe))))
                .limit(2)
                .toList();
        assertThat(alike).hasSize(2);
        // Long enough for every request of a round to be in flight together.
        universe.primary().setLatency(Duration.ofMillis(400), Duration.ZERO);
        universe.primary().resetCounters();
        client.get("/report/" + probe.hallTicket());
        int alone = universe.primary().maxConcurrentSeen();
        universe.primary().resetCounters();

        var compared = client.get(path(alike.getFirst(), alike.getLast()));

        assertThat(compared.status()).isEqualTo(200);
        assertThat(universe.primary().maxConcurrentSeen())
                .as("requests in flight at once for two students, against %d for one", alone)
                .isGreaterThan(alone);
    }

    @Test
    void with_the_university_down_two_students_never_looked_up_are_503_with_retry_after() {
        start();
        universe.primary().setDown(true);
        universe.mirror().setDown(true);

        var reply = client.get(path(edgeCase(EdgeCase.ABSENT), edgeCase(EdgeCase.MALPRACTICE)));

        assertThat(reply.status()).isEqualTo(503);
        assertThat(reply.json().get("code").asText()).isEqualTo("UPSTREAM_UNAVAILABLE");
        assertThat(reply.header("Retry-After")).isNotBlank();
    }
}
