package in.results.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.SharedCohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A running simulator moved forward in time ({@link UniversitySimulator#advanceTo}). */
class AdvancingSimulatorTest {

    private static final Cohort COHORT = SharedCohort.DEFAULT;
    private static final LocalDate LIST_FROM = LocalDate.of(2021, 1, 1);
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    @ParameterizedTest
    @CsvSource({"2023-11-30, 2024-09-30", "2025-12-31, 2026-03-31"})
    void a_site_moved_to_a_day_shows_exactly_what_a_site_started_on_that_day_shows(LocalDate from, LocalDate to)
            throws Exception {
        List<Exam> expected = releasesBetween(from, to);
        // One release of the window is left off the list, to show the trim survives the move.
        String unlisted = expected.getFirst().code();
        try (UniversitySimulator moving = trimmed(from, unlisted);
                UniversitySimulator fresh = trimmed(to, unlisted)) {
            String listBefore = send(moving, "/jsp/home.jsp");

            List<Exam> published = moving.advanceTo(to);

            assertThat(published).isEqualTo(expected).anyMatch(Exam::rcrv).anyMatch(exam -> !exam.rcrv());
            assertThat(moving.today()).isEqualTo(to);
            assertThat(moving.cohort()).isEqualTo(COHORT.asOf(to));
            String list = send(moving, "/jsp/home.jsp");
            assertThat(list).isNotEqualTo(listBefore).isEqualTo(send(fresh, "/jsp/home.jsp"));
            assertThat(list).doesNotContain("examCode=" + unlisted + "&");
            assertThat(send(moving, "/jsp/RCRVInfo.jsp")).isEqualTo(send(fresh, "/jsp/RCRVInfo.jsp"));
            int pages = 0;
            for (Student student : COHORT.students()) {
                for (Exam release : published) {
                    Map<String, List<Mark>> truth = release.rcrv() ? student.rcrvResults() : student.results();
                    if (truth.containsKey(release.code())) {
                        String page = send(moving, pageQuery(student, release));
                        assertThat(page)
                                .contains(student.hallTicket())
                                .isEqualTo(send(fresh, pageQuery(student, release)));
                        pages++;
                    }
                }
            }
            assertThat(pages).isPositive();
        }
    }

    @Test
    void pages_shown_before_a_move_are_the_same_after_it() throws Exception {
        LocalDate from = LocalDate.of(2024, 3, 31);
        Cohort then = COHORT.asOf(from);
        try (UniversitySimulator site =
                UniversitySimulator.builder(COHORT).asOf(from).start(0)) {
            Map<String, String> before = new HashMap<>();
            for (int i = 0; i < then.students().size(); i += 10) {
                Student student = then.students().get(i);
                for (Exam release : then.exams()) {
                    Map<String, List<Mark>> shown = release.rcrv() ? student.rcrvResults() : student.results();
                    if (shown.containsKey(release.code())) {
                        String query = pageQuery(student, release);
                        before.put(query, send(site, query));
                    }
                }
            }

            site.advanceTo(COHORT.latestDay());

            assertThat(before).hasSizeGreaterThan(100);
            before.forEach(
                    (query, page) -> assertThat(send(site, query)).as(query).isEqualTo(page));
        }
    }

    @Test
    void moving_backwards_or_to_the_same_day_is_refused_and_changes_nothing() throws Exception {
        LocalDate today = LocalDate.of(2024, 3, 31);
        try (UniversitySimulator site =
                UniversitySimulator.builder(COHORT).asOf(today).start(0)) {
            String list = send(site, "/jsp/home.jsp");

            Throwable sameDay = catchThrowable(() -> site.advanceTo(today));
            Throwable backwards = catchThrowable(() -> site.advanceTo(today.minusDays(1)));

            assertThat(sameDay).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(today.toString());
            assertThat(backwards).isInstanceOf(IllegalArgumentException.class);
            assertThat(site.today()).isEqualTo(today);
            assertThat(send(site, "/jsp/home.jsp")).isEqualTo(list);
            assertThat(site.advanceTo(today.plusDays(1))).isEqualTo(releasesBetween(today, today.plusDays(1)));
        }
    }

    @Test
    void a_release_published_by_hand_stays_listed_and_answered_after_a_move() throws Exception {
        LocalDate from = LocalDate.of(2025, 12, 31);
        LocalDate to = LocalDate.of(2026, 3, 31);
        Student student = COHORT.asOf(from).students().stream()
                .filter(s -> s.regulation().equals("R22") && !s.hasNoResult())
                .findFirst()
                .orElseThrow();
        Exam handMade = UniversitySimulatorTest.handMadeRelease();
        Mark row = new Mark("CH202BS", "ENGINEERING CHEMISTRY", "30", "40", "70", "A", "4", "");
        try (UniversitySimulator site =
                UniversitySimulator.builder(COHORT).asOf(from).start(0)) {
            site.publish(handMade, Map.of(student.hallTicket(), List.of(row)));

            List<Exam> published = site.advanceTo(to);

            assertThat(published).isEqualTo(releasesBetween(from, to)).doesNotContain(handMade);
            assertThat(site.cohort().exams()).hasSize(COHORT.asOf(to).exams().size() + 1);
            assertThat(send(site, "/jsp/home.jsp"))
                    .contains(
                            "examCode=1901", "examCode=" + published.getFirst().code() + "&");
            assertThat(send(site, "/resultAction?degree=btech&examCode=1901&htno=" + student.hallTicket()))
                    .contains("ENGINEERING CHEMISTRY", student.hallTicket());
        }
    }

    @Test
    void requests_during_moves_each_see_one_whole_day() throws Exception {
        List<LocalDate> days = List.of(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 3, 1), LocalDate.of(2024, 6, 1));
        Set<String> lists = new HashSet<>();
        for (LocalDate day : days) {
            try (UniversitySimulator fresh =
                    UniversitySimulator.builder(COHORT).asOf(day).start(0)) {
                lists.add(send(fresh, "/jsp/home.jsp"));
            }
        }
        try (UniversitySimulator site =
                UniversitySimulator.builder(COHORT).asOf(days.getFirst()).start(0)) {
            List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
            for (LocalDate day : days.subList(1, days.size())) {
                for (int i = 0; i < 20; i++) {
                    answers.add(HTTP.sendAsync(request(site, "/jsp/home.jsp"), HttpResponse.BodyHandlers.ofString()));
                }
                site.advanceTo(day);
            }

            assertThat(lists).hasSize(days.size());
            assertThat(answers)
                    .allSatisfy(answer -> assertThat(answer.join().body()).isIn(lists));
        }
    }

    private static UniversitySimulator trimmed(LocalDate asOf, String unlisted) {
        return UniversitySimulator.builder(COHORT)
                .asOf(asOf)
                .listFrom(LIST_FROM)
                .listWithout(Set.of(unlisted))
                .start(0);
    }

    /** The releases of the cohort's truth dated after {@code from} up to {@code to}, in the list's order. */
    private static List<Exam> releasesBetween(LocalDate from, LocalDate to) {
        return COHORT.exams().stream()
                .filter(exam ->
                        exam.releaseDate().isAfter(from) && !exam.releaseDate().isAfter(to))
                .toList();
    }

    private static String pageQuery(Student student, Exam release) {
        return "/resultAction?degree=btech&examCode=" + release.code() + "&etype=r17&type=intgrade"
                + (release.rcrv() ? "&result=gradercrv" : "") + "&htno=" + student.hallTicket();
    }

    private static HttpRequest request(UniversitySimulator site, String pathAndQuery) {
        return HttpRequest.newBuilder(URI.create(site.baseUrl() + pathAndQuery))
                .timeout(Duration.ofSeconds(10))
                .build();
    }

    private static String send(UniversitySimulator site, String pathAndQuery) {
        return HTTP.sendAsync(request(site, pathAndQuery), HttpResponse.BodyHandlers.ofString())
                .join()
                .body();
    }
}
