package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamKind;
import in.results.simulator.releases.Notice;
import in.results.testing.ManualTicker;
import io.javalin.Javalin;
import java.net.URI;
import java.time.Duration;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Semester endpoints, release lists and notifications against the simulator. */
class SemesterAndReleaseIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final DateTimeFormatter RELEASE_DATE = DateTimeFormatter.ofPattern("dd-MMM-yyyy", Locale.ENGLISH);
    private static final DateTimeFormatter NOTICE_DATE = DateTimeFormatter.ofPattern("dd-MM-yyyy");

    private final ManualTicker ticker = new ManualTicker();
    private UniversitySimulator primary;
    private Javalin service;
    private ServiceClient client;
    private URI mirrorUrl;

    @BeforeEach
    void start() {
        primary = UniversitySimulator.start(COHORT, 0);
        mirrorUrl = URI.create(primary.baseUrl() + "/results");
        service = ExamEndpointsIT.startService(List.of(primary.baseUrl(), mirrorUrl), ticker);
        client = new ServiceClient(service.port());
    }

    @AfterEach
    void stop() {
        service.stop();
        primary.close();
    }

    /** The ground truth's R18 regular attempt: the earliest regular release of the semester with a result. */
    private static Optional<Exam> regularAttempt(Student student, String semester) {
        return student.results().keySet().stream()
                .map(code -> COHORT.exam(code).orElseThrow())
                .filter(exam -> exam.semester().equals(semester) && exam.kind() == ExamKind.REGULAR)
                .min(Comparator.comparing(Exam::releaseDate).thenComparing(Exam::code));
    }

    private static Student studentWhere(String name, Predicate<Student> wanted) {
        return COHORT.students().stream()
                .filter(wanted)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no student who is " + name));
    }

    private void assertSemester(Student student, String semester) {
        Exam exam = regularAttempt(student, semester).orElseThrow();
        var marks = student.results().get(exam.code());
        String year = semester.replace('-', ',');

        JsonNode byQuery = client.get("/result?hallticket=" + student.hallTicket() + "&dob=2001-02-03&year=" + year)
                .json();
        JsonNode byPath =
                client.get("/" + student.hallTicket() + "/2001-02-03/" + year).json();
        JsonNode calculated = client.get("/calculate/" + student.hallTicket() + "/2001-02-03/" + year)
                .json();

        JsonNode expected = Expected.array(Expected.details(student), Expected.shortSubjects(marks));
        assertThat(byQuery).as(student.hallTicket() + " " + semester).isEqualTo(expected);
        assertThat(byPath).isEqualTo(expected);
        assertThat(calculated)
                .isEqualTo(Expected.array(
                        Expected.sgpaNumber(marks), Expected.details(student), Expected.shortSubjects(marks)));
    }

    @Test
    void regular_student_gets_the_regular_attempt_of_each_semester() {
        Student regular = studentWhere(
                "regular with 8 semesters",
                s -> !s.lateralEntry()
                        && !s.detained()
                        && List.of("1-1", "2-1", "3-2", "4-2").stream()
                                .allMatch(sem -> regularAttempt(s, sem).isPresent()));
        for (String semester : List.of("1-1", "2-1", "3-2", "4-2")) {
            assertSemester(regular, semester);
        }
    }

    @Test
    void lateral_entry_student_starts_in_second_year_and_has_no_first_year() {
        Student lateral = studentWhere(
                "lateral", s -> s.lateralEntry() && regularAttempt(s, "2-1").isPresent());

        assertSemester(lateral, "2-1");
        var firstYear = client.get("/result?hallticket=" + lateral.hallTicket() + "&dob=2001-02-03&year=1,1");
        assertThat(firstYear.status()).isEqualTo(404);
        assertThat(firstYear.json().get("code").asText()).isEqualTo("RESULT_NOT_FOUND");
    }

    @Test
    void detained_student_gets_the_later_regular_release_they_sat() {
        Student detained = studentWhere(
                "detained", s -> s.detained() && regularAttempt(s, "4-1").isPresent());

        assertSemester(detained, "4-1");
    }

    @Test
    void a_semester_passed_only_in_a_supplementary_shows_the_failed_regular_attempt() {
        Student student = studentWhere(
                "failed regular, passed supply",
                s -> s.results().entrySet().stream().anyMatch(e -> {
                    Exam exam = COHORT.exam(e.getKey()).orElseThrow();
                    return exam.kind() == ExamKind.REGULAR
                            && e.getValue().stream().anyMatch(m -> Expected.isFail(m.grade()))
                            && regularAttempt(s, exam.semester())
                                    .orElseThrow()
                                    .code()
                                    .equals(exam.code());
                }));
        String semester = student.results().entrySet().stream()
                .map(e -> COHORT.exam(e.getKey()).orElseThrow())
                .filter(exam -> exam.kind() == ExamKind.REGULAR
                        && student.results().get(exam.code()).stream().anyMatch(m -> Expected.isFail(m.grade())))
                .findFirst()
                .orElseThrow()
                .semester();

        assertSemester(student, semester);
        var calculated = client.get("/calculate/" + student.hallTicket() + "/2001-02-03/" + semester.replace('-', ','));
        assertThat(calculated.json().get(0).get("SGPA").asText()).isEqualTo("FAIL");
    }

    @Test
    void no_result_is_404_and_bad_parameters_are_400() {
        String nobody = Cases.hallTicketWithoutStudent(COHORT);
        var none = client.get("/calculate/" + nobody + "/2001-02-03/2,1");
        var badDob = client.get("/result?hallticket=" + nobody + "&dob=03-02-2001&year=2,1");
        var badYear = client.get("/" + nobody + "/2001-02-03/5,1");
        var missingYear = client.get("/result?hallticket=" + nobody + "&dob=2001-02-03");

        assertThat(none.status()).isEqualTo(404);
        assertThat(List.of(badDob, badYear, missingYear))
                .allSatisfy(reply -> assertThat(reply.status()).isEqualTo(400));
        assertThat(badDob.json().get("error").asText()).contains("dob");
        assertThat(badYear.json().get("error").asText()).contains("year");
        assertThat(missingYear.json().get("error").asText()).contains("year");
    }

    @Test
    void release_lists_have_true_totals_and_the_spec_shape() {
        JsonNode all = client.get("/new/all").json();
        JsonNode regular = client.get("/new/all/regular").json();
        JsonNode supply = client.get("/new/all/supply").json();
        JsonNode everything = client.get("/new/").json();

        long expectedRegular = COHORT.exams().stream()
                .filter(exam -> exam.title().toLowerCase(Locale.ROOT).contains("regular"))
                .count();
        assertThat(everything.size()).isEqualTo(COHORT.exams().size());
        assertThat(all.get("total-exam-result-releases").asInt())
                .isEqualTo(COHORT.exams().size());
        assertThat(all.get("total-regular-exam-result-releases").asLong()).isEqualTo(expectedRegular);
        assertThat(all.get("total-supply-exam-result-releases").asLong())
                .isEqualTo(COHORT.exams().size() - expectedRegular);
        assertThat(all.get("regular")).isEqualTo(regular);
        assertThat(all.get("supply")).isEqualTo(supply);
        for (int i = 0; i < regular.size(); i++) {
            assertThat(regular.get(i).get("id").asInt()).isEqualTo(i);
            assertThat(regular.get(i).get("exam_name").asText()).containsIgnoringCase("regular");
        }
        for (int i = 0; i < supply.size(); i++) {
            assertThat(supply.get(i).get("id").asInt()).isEqualTo(i);
            assertThat(supply.get(i).get("exam_name").asText()).doesNotContainIgnoringCase("regular");
        }
    }

    @Test
    void every_release_object_matches_the_university_list() {
        JsonNode everything = client.get("/new/").json();
        List<String> seen = new ArrayList<>();
        for (JsonNode release : everything) {
            Exam exam = COHORT.exams().stream()
                    .filter(e -> e.linkParams()
                                    .get("examCode")
                                    .equals(release.get("examCode").asText())
                            && e.rcrv()
                                    == release.get("exam_name")
                                            .asText()
                                            .toUpperCase(Locale.ROOT)
                                            .matches(".*RC/?RV.*"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("unknown release " + release));
            StringBuilder query = new StringBuilder();
            exam.linkParams()
                    .forEach((key, value) -> query.append(query.isEmpty() ? "" : "&")
                            .append(key)
                            .append('=')
                            .append(value));
            assertThat(release.get("exam_name").asText())
                    .isEqualTo(exam.title().strip().replaceAll("\\s+", " "));
            assertThat(release.get("release_date").asText())
                    .isEqualTo(exam.releaseDate().format(RELEASE_DATE).toUpperCase(Locale.ROOT));
            assertThat(release.get("links").get(0).asText())
                    .isEqualTo(primary.baseUrl() + "/jsp/SearchResult.jsp?" + query);
            assertThat(release.get("links").get(1).asText()).isEqualTo(mirrorUrl + "/jsp/SearchResult.jsp?" + query);
            for (String key : List.of("degree", "examCode", "etype", "type", "result")) {
                assertThat(release.has(key)).as(key).isEqualTo(exam.linkParams().containsKey(key));
                if (release.has(key)) {
                    assertThat(release.get(key).asText())
                            .isEqualTo(exam.linkParams().get(key));
                }
            }
            seen.add(release.get("examCode").asText() + release.get("exam_name").asText());
        }
        assertThat(seen).doesNotHaveDuplicates();
    }

    @Test
    void release_list_is_cached_and_refresh_forces_a_fetch_at_most_once_a_minute() {
        client.get("/new/all");
        var cached = client.get("/new/all/regular");
        var tooSoon = client.get("/new/all?refresh=1");
        ticker.advance(Duration.ofMinutes(2));
        var refreshed = client.get("/new/all?refresh=1");

        assertThat(cached.header("X-Cache")).isEqualTo("HIT");
        assertThat(tooSoon.header("X-Cache")).isEqualTo("HIT");
        assertThat(refreshed.header("X-Cache")).isEqualTo("MISS");
        assertThat(primary.requestCount("/jsp/home.jsp")).isEqualTo(2);
    }

    @Test
    void the_release_list_is_read_again_every_refresh_interval_while_requests_are_served_the_copy() {
        var first = client.get("/new/all");
        ticker.advance(Duration.ofSeconds(31)); // the copy is older than the 30 s refresh interval

        // The list watch looks every sixth of the interval: its fresh copy is served within about 5 s.
        var refreshed = await().atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> client.get("/new/all"),
                        reply -> reply.header("Cache-Control").equals("public, max-age=30"));

        assertThat(first.header("Cache-Control")).isEqualTo("public, max-age=30");
        assertThat(refreshed.header("X-Cache")).isEqualTo("HIT");
        assertThat(primary.requestCount("/jsp/home.jsp")).isEqualTo(2);
    }

    @Test
    void release_list_is_served_stale_when_the_university_goes_down_and_503_when_never_seen() {
        client.get("/new/all");
        primary.setDown(true);
        ticker.advance(Duration.ofMinutes(31));

        var stale = client.get("/new/all");
        var notifications = client.get("/notifications");

        assertThat(stale.status()).isEqualTo(200);
        assertThat(stale.header("X-Cache")).isEqualTo("STALE");
        assertThat(stale.header("Age"))
                .isEqualTo(Long.toString(Duration.ofMinutes(31).toSeconds()));
        assertThat(stale.json().get("total-exam-result-releases").asInt())
                .isEqualTo(COHORT.exams().size());
        assertThat(notifications.status()).isEqualTo(503);
        assertThat(notifications.json().get("code").asText()).isEqualTo("UPSTREAM_UNAVAILABLE");
    }

    @Test
    void notifications_are_listed_newest_first() {
        JsonNode notifications = client.get("/notifications").json();

        List<Notice> expected = COHORT.notices().stream()
                .sorted(Comparator.comparing(Notice::date).reversed())
                .toList();
        assertThat(notifications.size()).isEqualTo(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            assertThat(notifications.get(i).get("notification_date").asText())
                    .isEqualTo(expected.get(i).date().format(NOTICE_DATE));
            assertThat(notifications.get(i).get("notification_description").asText())
                    .isEqualTo(expected.get(i).description().strip().replaceAll("\\s+", " "));
        }
    }
}
