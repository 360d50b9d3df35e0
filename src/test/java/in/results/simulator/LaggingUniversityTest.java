package in.results.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.SharedCohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The university as it stood on a past day ({@code --as-of}), and a release list that lost some older rows. */
class LaggingUniversityTest {

    private static final Cohort COHORT = SharedCohort.DEFAULT;
    private static final LocalDate LATE_2023 = LocalDate.of(2023, 11, 30);
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void cohort_as_of_a_day_keeps_exactly_the_releases_and_pages_of_that_day() {
        Cohort then = COHORT.asOf(LATE_2023);

        assertThat(then.exams())
                .isNotEmpty()
                .allMatch(exam -> !exam.releaseDate().isAfter(LATE_2023));
        assertThat(then.exams())
                .containsExactlyElementsOf(COHORT.exams().stream()
                        .filter(exam -> !exam.releaseDate().isAfter(LATE_2023))
                        .toList());
        assertThat(then.latestDay()).isBeforeOrEqualTo(LATE_2023);
        assertThat(then.notices()).allMatch(notice -> !notice.date().isAfter(LATE_2023));
        assertThat(then.students()).hasSameSizeAs(COHORT.students());
        for (Student now : COHORT.students()) {
            Student past = then.student(now.hallTicket()).orElseThrow();
            now.results().forEach((code, rows) -> {
                boolean released =
                        !COHORT.exam(code).orElseThrow().releaseDate().isAfter(LATE_2023);
                assertThat(past.results().get(code)).isEqualTo(released ? rows : null);
            });
            now.rcrvResults().forEach((code, rows) -> {
                boolean released =
                        !COHORT.rcrvExam(code).orElseThrow().releaseDate().isAfter(LATE_2023);
                assertThat(past.rcrvResults().get(code)).isEqualTo(released ? rows : null);
            });
            assertThat(past.results().keySet())
                    .containsExactlyElementsOf(now.results().keySet().stream()
                            .filter(past.results()::containsKey)
                            .toList());
        }
        assertThat(then.students())
                .anyMatch(s -> s.hasNoResult()
                        && s.admissionYear() == 2023
                        && s.regulation().equals("R22"));
    }

    @Test
    void as_of_the_latest_day_is_the_cohort_itself() {
        assertThat(COHORT.asOf(COHORT.latestDay())).isEqualTo(COHORT);
        assertThat(COHORT.latestDay())
                .isEqualTo(COHORT.exams().stream()
                        .map(Exam::releaseDate)
                        .max(LocalDate::compareTo)
                        .orElseThrow());
    }

    @Test
    void a_lagging_site_neither_lists_nor_answers_later_releases() throws Exception {
        Exam later = COHORT.exam("1841").orElseThrow(); // R22 3-1 Regular, March 2025
        Student student = COHORT.students().stream()
                .filter(s -> s.results().containsKey(later.code()))
                .findFirst()
                .orElseThrow();
        String earlier = student.results().keySet().iterator().next();
        try (UniversitySimulator site =
                UniversitySimulator.builder(COHORT).asOf(LATE_2023).start(0)) {
            assertThat(send(site, "/jsp/home.jsp"))
                    .doesNotContain("examCode=" + later.code() + "\"")
                    .contains("examCode=" + earlier);
            assertThat(send(site, "/resultAction?examCode=" + later.code() + "&htno=" + student.hallTicket()))
                    .contains("Enter HallTicket Number");
            assertThat(send(site, "/resultAction?examCode=" + earlier + "&htno=" + student.hallTicket()))
                    .contains(
                            student.hallTicket(),
                            student.results().get(earlier).getFirst().code());
            assertThat(site.cohort()).isEqualTo(COHORT.asOf(LATE_2023));
        }
    }

    @Test
    void a_trimmed_list_leaves_out_old_rows_but_their_results_are_answered() throws Exception {
        Student student = COHORT.students().stream()
                .filter(s -> s.results().containsKey("1449") && s.rcrvResults().containsKey("1449"))
                .findFirst()
                .orElseThrow();
        try (UniversitySimulator site = UniversitySimulator.builder(COHORT)
                .listWithout(Set.of("1449"))
                .listFrom(LocalDate.of(2021, 1, 1))
                .start(0)) {
            String list = send(site, "/jsp/home.jsp");

            assertThat(list)
                    .doesNotContain("examCode=1449&", "examCode=1404&", "examCode=1323&")
                    .contains("examCode=1437&", "examCode=1467&");
            assertThat(send(site, "/resultAction?examCode=1449&htno=" + student.hallTicket()))
                    .contains(student.hallTicket());
            assertThat(send(site, "/resultAction?examCode=1449&result=gradercrv&htno=" + student.hallTicket()))
                    .contains(student.rcrvResults().get("1449").getFirst().code());
            assertThat(site.cohort()).isEqualTo(COHORT);
        }
    }

    @Test
    void command_line_reads_the_day_and_the_trimmed_rows() {
        SimulatorMain.Options options = SimulatorMain.Options.parse(new String[] {
            "--port=0", "--as-of", "2023-11-30", "--list-from=2021-01-01", "--list-without", "1404, 1449"
        });

        assertThat(options.asOf()).isEqualTo(LATE_2023);
        assertThat(options.listFrom()).isEqualTo(LocalDate.of(2021, 1, 1));
        assertThat(options.listWithout()).containsExactlyInAnyOrder("1404", "1449");
        assertThat(SimulatorMain.Options.parse(new String[] {"--port=0"}).asOf())
                .isEqualTo(LocalDate.MAX);
        assertThatThrownBy(() -> SimulatorMain.Options.parse(new String[] {"--port=0", "--as-of", "30-11-2023"}))
                .hasMessageContaining("--as-of");
        assertThatThrownBy(() -> SimulatorMain.Options.parse(new String[] {"--port=0", "--list-without", "14a"}))
                .hasMessageContaining("--list-without");
    }

    @Test
    void the_request_counts_per_exam_are_a_snapshot() throws Exception {
        try (UniversitySimulator site = UniversitySimulator.start(COHORT, 0)) {
            send(site, "/resultAction?examCode=1560&htno=18BD1A0501");
            send(site, "/resultAction?examCode=1560&result=gradercrv&htno=18BD1A0501");
            send(site, "/resultAction?examCode=1391&htno=18BD1A0501");
            Map<String, Long> counts = site.resultRequestsByExam();
            send(site, "/resultAction?examCode=1391&htno=18BD1A0501");

            assertThat(counts).isEqualTo(Map.of("1560", 2L, "1391", 1L));
        }
    }

    private static String send(UniversitySimulator site, String pathAndQuery) throws Exception {
        return HTTP.send(
                        HttpRequest.newBuilder(URI.create(site.baseUrl() + pathAndQuery))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }
}
