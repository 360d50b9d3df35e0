package in.results.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import in.results.simulator.cohort.CaseExample;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.CohortCases;
import in.results.simulator.cohort.EdgeCase;
import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.SharedCohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.pages.ErrorPages;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamKind;
import in.results.simulator.releases.MarksLayout;
import in.results.simulator.releases.Notice;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class UniversitySimulatorTest {

    private static final Cohort COHORT = SharedCohort.DEFAULT;
    private static final CohortCases CASES = CohortCases.of(COHORT);
    private static UniversitySimulator simulator;
    private static HttpClient http;

    @BeforeAll
    static void start() {
        simulator = UniversitySimulator.start(COHORT, 0);
        http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    @AfterAll
    static void stop() {
        simulator.close();
    }

    @AfterEach
    void restoreDefaults() {
        simulator.setDown(false);
        simulator.setFailureRate(0);
        simulator.setLatency(Duration.ZERO, Duration.ZERO);
        simulator.setMaxConcurrent(TrafficControl.UNLIMITED);
        simulator.resetCounters();
    }

    @Test
    void result_page_shows_the_student_and_every_subject_in_the_university_markup() throws Exception {
        Student student = studentWith("1560");
        List<Mark> rows = student.results().get("1560");

        HttpResponse<String> response = get("/resultAction?degree=btech&examCode=1560&etype=r17&type=intgrade"
                + "&result=null&grad=null&htno=" + student.hallTicket());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).isEqualToIgnoringCase("text/html;charset=UTF-8"));
        String body = response.body();
        assertThat(body)
                .contains(
                        "<td><b>" + student.hallTicket() + "</b></td>",
                        student.name(),
                        "HTNO:",
                        "FATHER NAME:",
                        "COLLEGE CODE:",
                        "Result of\r\r\n\t\t\t\tII B.Tech. I Semester (R18) Regular, ");
        rows.forEach(row -> assertThat(body).contains("<td><b>" + row.code() + "</b></td>"));
        String headerToFirstRow = body.substring(
                body.indexOf("CREDITS(C)"),
                body.indexOf("<td><b>" + rows.getFirst().code()));
        assertThat(headerToFirstRow).doesNotContain("</tr>");

        Document page = Jsoup.parse(body);
        Elements marks = page.select("table").get(1).select("tr");
        assertThat(marks).hasSize(rows.size() + 1);
        Element first = marks.get(1);
        Mark expected = rows.getFirst();
        assertThat(first.select("td").eachText())
                .containsExactly(
                        expected.code(),
                        expected.name(),
                        expected.internal(),
                        expected.external(),
                        expected.total(),
                        expected.grade(),
                        expected.credits());
        assertThat(page.select("table").get(2).text()).contains("Below 40 %", "F (Fail)", "Absent");
    }

    @Test
    void older_exams_are_shown_in_four_columns() throws Exception {
        CaseExample example = CASES.first(EdgeCase.FOUR_COLUMN);
        List<Mark> rows =
                COHORT.student(example.hallTicket()).orElseThrow().results().get(example.examCode());

        HttpResponse<String> response = get("/resultAction?degree=btech&examCode=" + example.examCode()
                + "&etype=r16&type=grade16&htno=" + example.hallTicket());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("<B>CREDITS</B>").doesNotContain("INTERNAL", "CREDITS(C)");
        Elements marks = Jsoup.parse(response.body()).select("table").get(1).select("tr");
        assertThat(marks).hasSize(rows.size() + 1);
        assertThat(marks.get(1).select("td")).hasSize(4);
        assertThat(marks.get(1).select("td").get(2).text())
                .isEqualTo(rows.getFirst().grade());
    }

    @Test
    void rcrv_page_adds_a_remarks_column_and_lists_only_revalued_subjects() throws Exception {
        CaseExample example = CASES.first(EdgeCase.RCRV_RAISED);
        List<Mark> revalued =
                COHORT.student(example.hallTicket()).orElseThrow().rcrvResults().get(example.examCode());

        HttpResponse<String> response = get("/resultAction?degree=btech&examCode=" + example.examCode()
                + "&etype=r17&result=gradercrv&type=rcrvintgrade&htno=" + example.hallTicket());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("<B>REMARKS</B>", "<td><b>Change in Grade</b></td>");
        Elements marks = Jsoup.parse(response.body()).select("table").get(1).select("tr");
        assertThat(marks).hasSize(revalued.size() + 1);
        assertThat(marks.get(1).select("td")).hasSize(8);
        assertThat(marks.get(1).select("td").last().text())
                .isEqualTo(revalued.getFirst().rcrvRemark());
    }

    @Test
    void rcrv_request_without_an_rcrv_result_gets_the_search_form() throws Exception {
        Student student = studentWith("1560");
        assertThat(student.rcrvResults()).doesNotContainKey("1391");

        HttpResponse<String> response = get("/resultAction?degree=btech&examCode=1391&etype=r17"
                + "&result=gradercrv&type=rcrvintgrade&htno=" + student.hallTicket());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("Enter HallTicket Number");
    }

    @Test
    void unknown_hall_ticket_or_exam_without_a_result_gets_the_search_form_with_status_200() throws Exception {
        String noResult = CASES.first(EdgeCase.NO_RESULT).hallTicket();
        Student student = studentWith("1560");

        for (String query : List.of(
                "examCode=1560&htno=99ZZ1A0599",
                "examCode=1560&htno=" + noResult,
                "examCode=1323&htno=" + student.hallTicket(),
                "examCode=9999&htno=" + student.hallTicket())) {
            HttpResponse<String> response = get("/resultAction?degree=btech&etype=r17&type=intgrade&" + query);

            assertThat(response.statusCode()).as(query).isEqualTo(200);
            assertThat(response.body())
                    .as(query)
                    .contains("Enter HallTicket Number")
                    .doesNotContain("HTNO:");
        }
    }

    @Test
    void malformed_request_gets_tomcats_500_page_in_cp1252() throws Exception {
        for (String query : List.of(
                "degree=btech&examCode=1560",
                "degree=btech&examCode=1560&htno=",
                "degree=btech&htno=20S11A0501",
                "degree=btech&examCode=15x0&htno=20S11A0501")) {
            HttpResponse<byte[]> response =
                    http.send(request("/resultAction?" + query).build(), HttpResponse.BodyHandlers.ofByteArray());

            assertThat(response.statusCode()).as(query).isEqualTo(500);
            assertThat(response.body()).as(query).contains((byte) 0x96);
            assertThat(new String(response.body(), ErrorPages.CP1252))
                    .contains("HTTP Status 500 \u2013 Internal Server Error", "java.lang.NullPointerException");
        }
    }

    @Test
    void mirror_prefix_serves_the_same_pages() throws Exception {
        Student student = studentWith("1560");
        String query = "/resultAction?degree=btech&examCode=1560&etype=r17&type=intgrade&htno=" + student.hallTicket();

        HttpResponse<String> mirror = get("/results" + query);

        assertThat(mirror.statusCode()).isEqualTo(200);
        assertThat(mirror.body()).isEqualTo(get(query).body());
        assertThat(get("/results/jsp/home.jsp").body())
                .isEqualTo(get("/jsp/home.jsp").body());
        assertThat(simulator.requestCount("/resultAction")).isEqualTo(2);
    }

    @Test
    void post_form_is_answered_like_a_query_and_hall_tickets_ignore_case() throws Exception {
        Student student = studentWith("1560");
        String form = "degree=btech&examCode=1560&etype=r17&type=intgrade&result=null&grad=null&htno="
                + URLEncoder.encode(student.hallTicket().toLowerCase(), StandardCharsets.UTF_8);

        HttpResponse<String> response = http.send(
                request("/results/resultAction")
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(form))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("<td><b>" + student.hallTicket() + "</b></td>");
    }

    @Test
    void down_site_answers_503_at_once() throws Exception {
        simulator.setLatency(Duration.ofSeconds(2), Duration.ZERO);
        simulator.setDown(true);
        long start = System.nanoTime();

        HttpResponse<String> result = get("/resultAction?examCode=1560&htno=20S11A0501");
        HttpResponse<String> list = get("/jsp/home.jsp");

        assertThat(result.statusCode()).isEqualTo(503);
        assertThat(list.statusCode()).isEqualTo(503);
        assertThat(result.body()).contains("Service Unavailable");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
        assertThat(simulator.requestCount()).isEqualTo(2);
    }

    @Test
    void failure_rate_one_turns_every_result_into_tomcats_500() throws Exception {
        Student student = studentWith("1560");
        simulator.setFailureRate(1.0);

        HttpResponse<String> result = get("/resultAction?examCode=1560&htno=" + student.hallTicket());

        assertThat(result.statusCode()).isEqualTo(500);
        assertThat(result.body()).contains("NullPointerException");
        assertThat(get("/jsp/home.jsp").statusCode()).isEqualTo(200);
    }

    @Test
    void counters_count_every_request_by_path_exam_and_student() throws Exception {
        Student student = studentWith("1560");
        get("/resultAction?examCode=1560&htno=" + student.hallTicket().toLowerCase());
        get("/results/resultAction?examCode=1560&result=gradercrv&htno=" + student.hallTicket());
        get("/resultAction?examCode=1391&htno=" + student.hallTicket());
        simulator.setDown(true);
        get("/resultAction?examCode=1560&htno=99ZZ1A0599");
        get("/jsp/home.jsp");
        get("/nowhere");

        assertThat(simulator.requestCount()).isEqualTo(6);
        assertThat(simulator.requestCount("/resultAction")).isEqualTo(4);
        assertThat(simulator.requestCount("/jsp/home.jsp")).isEqualTo(1);
        assertThat(simulator.requestCount("/nowhere")).isEqualTo(1);
        assertThat(simulator.resultRequestsForExam("1560")).isEqualTo(3);
        assertThat(simulator.resultRequestsFor(student.hallTicket(), "1560")).isEqualTo(2);
        assertThat(simulator.resultRequestsFor(student.hallTicket().toLowerCase(), "1391"))
                .isEqualTo(1);

        simulator.resetCounters();
        assertThat(simulator.requestCount()).isZero();
        assertThat(simulator.resultRequestsForExam("1560")).isZero();
    }

    @Test
    void latency_delays_each_answer() throws Exception {
        simulator.setLatency(Duration.ofMillis(200), Duration.ofMillis(20));
        long start = System.nanoTime();

        HttpResponse<String> response = get("/jsp/RCRVInfo.jsp");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(200));
    }

    @Test
    void capacity_limit_queues_excess_requests() {
        Duration latency = Duration.ofMillis(150);
        simulator.setLatency(latency, Duration.ZERO);
        simulator.setMaxConcurrent(2);
        simulator.resetCounters();
        long start = System.nanoTime();

        List<CompletableFuture<HttpResponse<String>>> batch = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            batch.add(http.sendAsync(request("/jsp/home.jsp").build(), HttpResponse.BodyHandlers.ofString()));
        }
        batch.forEach(CompletableFuture::join);

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(latency.multipliedBy(3));
        assertThat(simulator.maxConcurrentSeen()).isEqualTo(2);
        assertThat(batch)
                .allSatisfy(answer -> assertThat(answer.join().statusCode()).isEqualTo(200));
    }

    @Test
    void release_list_holds_one_table_per_degree_with_every_release_newest_first() throws Exception {
        String body = get("/jsp/home.jsp").body();
        Document page = Jsoup.parse(body);

        assertThat(body).doesNotContain("<tbody>").contains("<b><p>", "<p><b>", "<!--");
        assertThat(page.select("h4").eachText().getFirst()).contains("B.Tech");
        assertThat(page.select("h4").eachText()).anyMatch(text -> text.contains("B.Pharmacy"));
        Elements rows = page.select("tr:has(a[href*=examCode])");
        assertThat(rows).hasSize(COHORT.exams().size());
        List<String> dates =
                rows.stream().map(row -> row.select("td").get(1).text()).toList();
        assertThat(dates).allMatch(date -> date.matches("(Updated on |RCRV:)?\\d{2}-[A-Za-z]{3,9}-\\d{4}"));
        assertThat(dates)
                .anyMatch(date -> date.matches("\\d{2}-[A-Z][a-z]{2}-\\d{4}"))
                .anyMatch(date -> date.matches("\\d{2}-[A-Z]{4,9}-\\d{4}"));
        Exam exam1545 = COHORT.exam("1545").orElseThrow();
        assertThat(rows).anySatisfy(row -> {
            assertThat(row.select("a").attr("href")).isEqualTo(exam1545.link());
            assertThat(row.select("a").text()).isEqualTo(exam1545.title().strip());
            assertThat(row.select("td").get(1).text()).endsWith("05-MAY-2022");
        });
        assertThat(body).contains(" RC/RV B.Tech");
    }

    @Test
    void notifications_page_lists_each_notice_in_an_h3_newest_first() throws Exception {
        Document page = Jsoup.parse(get("/jsp/RCRVInfo.jsp").body());

        Elements headings = page.select("h3");
        assertThat(headings).hasSize(COHORT.notices().size());
        assertThat(headings.getFirst().select("img[src=/images/new.gif]")).isNotEmpty();
        assertThat(headings.getFirst().select("p")).isNotEmpty();
        assertThat(headings.last().select("p")).isEmpty();
        Notice newest = COHORT.notices().getFirst();
        assertThat(headings.getFirst().text())
                .startsWith("*(" + newest.date().format(java.time.format.DateTimeFormatter.ofPattern("dd-MM-yyyy"))
                        + ") " + newest.description());
    }

    @Test
    void r22_result_page_is_the_seven_column_page_naming_r22() throws Exception {
        Student student = COHORT.students().stream()
                .filter(s -> s.regulation().equals("R22") && s.results().containsKey("1763"))
                .findFirst()
                .orElseThrow();

        String body = get("/resultAction?degree=btech&examCode=1763&etype=r17&type=intgrade&result=null&grad=null&htno="
                        + student.hallTicket())
                .body();

        assertThat(body)
                .contains(
                        "I B.Tech. I Semester (R22) Regular, ",
                        "SUBJECT CODE",
                        "INTERNAL",
                        "EXTERNAL",
                        "CREDITS(C)",
                        student.hallTicket());
        assertThat(Jsoup.parse(body).select("table").get(1).select("tr"))
                .hasSize(student.results().get("1763").size() + 1);
    }

    /** A release the generated cohort does not have: batch 2025's 1-2 Regular results, published by a test. */
    static Exam handMadeRelease() {
        return new Exam(
                "1901",
                "B.Tech I Year II Semester (R22) Regular Examinations Results",
                LocalDate.of(2026, 8, 20),
                Map.of("degree", "btech", "examCode", "1901"),
                "btech",
                "R22",
                "1-2",
                ExamKind.REGULAR,
                false,
                MarksLayout.SEVEN_COLUMN);
    }

    @Test
    void a_release_published_while_running_is_listed_and_answered_from_then_on() throws Exception {
        Student student = COHORT.students().stream()
                .filter(s -> s.regulation().equals("R22") && !s.hasNoResult())
                .findFirst()
                .orElseThrow();
        Exam release = handMadeRelease();
        Mark row = new Mark("CH202BS", "ENGINEERING CHEMISTRY", "30", "40", "70", "A", "4", "");
        try (UniversitySimulator own = UniversitySimulator.start(COHORT, 0)) {
            String query = "/resultAction?degree=btech&examCode=1901&htno=" + student.hallTicket();
            String before = send(own, "/jsp/home.jsp");
            String noResultYet = send(own, query);

            own.publish(release, Map.of(student.hallTicket(), List.of(row)));

            assertThat(before).doesNotContain("examCode=1901");
            assertThat(noResultYet).contains("Enter HallTicket Number");
            assertThat(send(own, "/jsp/home.jsp")).contains("examCode=1901", release.title());
            assertThat(send(own, query)).contains("ENGINEERING CHEMISTRY", "CH202BS");
            assertThat(own.cohort().student(student.hallTicket()).orElseThrow().results())
                    .containsKey("1901");
            assertThat(own.cohort().exams()).hasSize(COHORT.exams().size() + 1);
        }
        assertThat(COHORT.exam("1901")).isEmpty();
    }

    @Test
    void publishing_a_release_for_an_unknown_hall_ticket_or_a_listed_code_is_refused() {
        Exam listed = COHORT.exam("1545").orElseThrow();
        Student student = COHORT.students().getFirst();
        Mark row = student.results().values().iterator().next().getFirst();

        assertThat(catchThrowable(() -> COHORT.withRelease(listed, Map.of(student.hallTicket(), List.of(row)))))
                .isInstanceOf(IllegalArgumentException.class);
        Exam fresh = new Exam(
                "1902",
                listed.title(),
                listed.releaseDate(),
                Map.of("degree", "btech", "examCode", "1902"),
                "btech",
                "R18",
                "4-1",
                ExamKind.REGULAR,
                false,
                MarksLayout.SEVEN_COLUMN);
        assertThat(catchThrowable(() -> COHORT.withRelease(fresh, Map.of("99ZZ1A0501", List.of(row)))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("99ZZ1A0501");
    }

    @Test
    void unknown_path_is_tomcats_404() throws Exception {
        HttpResponse<String> response = get("/results/jsp/nothing.jsp");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.body()).contains("HTTP Status 404", "/results/jsp/nothing.jsp");
    }

    private static Student studentWith(String examCode) {
        return COHORT.students().stream()
                .filter(student -> student.results().containsKey(examCode))
                .findFirst()
                .orElseThrow();
    }

    private static String send(UniversitySimulator site, String pathAndQuery) throws Exception {
        return http.send(
                        HttpRequest.newBuilder(URI.create(site.baseUrl() + pathAndQuery))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }

    private static HttpRequest.Builder request(String pathAndQuery) {
        return HttpRequest.newBuilder(URI.create(simulator.baseUrl() + pathAndQuery))
                .timeout(Duration.ofSeconds(10));
    }

    private static HttpResponse<String> get(String pathAndQuery) throws Exception {
        return http.send(request(pathAndQuery).build(), HttpResponse.BodyHandlers.ofString());
    }
}
