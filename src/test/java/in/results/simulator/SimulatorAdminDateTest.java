package in.results.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.SharedCohort;
import in.results.simulator.releases.Exam;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The simulator's own {@code /admin/date} request, which moves its day while it runs. */
class SimulatorAdminDateTest {

    private static final Cohort COHORT = SharedCohort.DEFAULT;
    private static final LocalDate START = LocalDate.of(2023, 11, 30);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private UniversitySimulator site;

    @BeforeEach
    void start() {
        site = UniversitySimulator.builder(COHORT).asOf(START).start(0);
    }

    @AfterEach
    void stop() {
        site.close();
    }

    @Test
    void get_answers_the_sites_day() throws Exception {
        HttpResponse<String> answer = send(get("/admin/date"));

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        assertThat(JSON.readTree(answer.body())).isEqualTo(JSON.valueToTree(Map.of("today", START.toString())));
    }

    @Test
    void post_moves_to_the_day_and_names_each_release_that_appeared() throws Exception {
        // The day of a regular release of one of our batches: the move a results-day benchmark makes.
        Exam regular = COHORT.nextRegularRelease(START).orElseThrow();
        LocalDate day = regular.releaseDate();

        HttpResponse<String> answer = send(form("/admin/date", "day=" + day));

        assertThat(answer.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(answer.body());
        assertThat(body.get("today").asText()).isEqualTo(day.toString());
        List<Exam> expected = COHORT.exams().stream()
                .filter(exam ->
                        exam.releaseDate().isAfter(START) && !exam.releaseDate().isAfter(day))
                .toList();
        assertThat(expected).contains(regular).hasSizeGreaterThan(1);
        assertThat(body.get("published")).hasSize(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            Exam exam = expected.get(i);
            JsonNode row = body.get("published").get(i);
            assertThat(row.get("exam_code").asText()).isEqualTo(exam.code());
            assertThat(row.get("rcrv").asBoolean()).isEqualTo(exam.rcrv());
            assertThat(row.get("title").asText()).isEqualTo(exam.title());
            assertThat(row.get("date").asText())
                    .isEqualTo(exam.releaseDate()
                            .format(DateTimeFormatter.ofPattern("dd-MMM-yyyy", Locale.US))
                            .toUpperCase(Locale.ROOT));
        }
        assertThat(site.today()).isEqualTo(day);
        assertThat(send(get("/jsp/home.jsp")).body()).contains("examCode=" + regular.code() + "&");
        assertThat(JSON.readTree(send(get("/admin/date")).body()).get("today").asText())
                .isEqualTo(day.toString());
    }

    @Test
    void post_reads_the_day_from_the_query_too_and_a_quiet_day_publishes_nothing() throws Exception {
        LocalDate quiet = START.plusDays(1);
        assertThat(COHORT.releasesBetween(START, quiet)).isEmpty();

        HttpResponse<String> answer = send(form("/admin/date?day=" + quiet, ""));

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(answer.body()).get("published")).isEmpty();
        assertThat(site.today()).isEqualTo(quiet);
    }

    @Test
    void a_missing_malformed_or_backward_day_is_a_400_with_a_json_error() throws Exception {
        Map<String, String> codeByForm = Map.of(
                "",
                "BAD_DAY",
                "day=30-11-2024",
                "BAD_DAY",
                "day=" + START,
                "DAY_REFUSED",
                "day=" + START.minusDays(1),
                "DAY_REFUSED");

        for (Map.Entry<String, String> form : codeByForm.entrySet()) {
            HttpResponse<String> answer = send(form("/admin/date", form.getKey()));

            assertThat(answer.statusCode()).as(form.getKey()).isEqualTo(400);
            assertThat(answer.headers().firstValue("Content-Type"))
                    .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
            JsonNode body = JSON.readTree(answer.body());
            assertThat(body.get("code").asText()).as(form.getKey()).isEqualTo(form.getValue());
            assertThat(body.get("error").asText()).as(form.getKey()).isNotBlank();
        }
        assertThat(site.today()).isEqualTo(START);
    }

    @Test
    void admin_requests_are_not_counted_as_university_requests() throws Exception {
        site.resetCounters();

        send(get("/admin/date"));
        send(form("/admin/date", "day=" + START.plusDays(30)));
        send(form("/admin/date", "day=" + START));
        send(get("/jsp/home.jsp"));

        assertThat(site.requestCount()).isEqualTo(1);
        assertThat(site.requestCount("/admin/date")).isZero();
    }

    @Test
    void the_admin_path_is_not_served_under_the_mirror_prefix() throws Exception {
        site.resetCounters();

        HttpResponse<String> answer = send(get("/results/admin/date"));

        assertThat(answer.statusCode()).isEqualTo(404);
        assertThat(answer.body()).contains("HTTP Status 404");
        assertThat(site.requestCount()).isEqualTo(1);
    }

    @Test
    void admin_requests_are_answered_while_the_site_is_down() throws Exception {
        site.setDown(true);

        HttpResponse<String> answer = send(form("/admin/date", "day=" + START.plusDays(1)));

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(send(get("/jsp/home.jsp")).statusCode()).isEqualTo(503);
    }

    private HttpRequest get(String pathAndQuery) {
        return HttpRequest.newBuilder(URI.create(site.baseUrl() + pathAndQuery))
                .timeout(Duration.ofSeconds(10))
                .build();
    }

    private HttpRequest form(String pathAndQuery, String form) {
        return HttpRequest.newBuilder(URI.create(site.baseUrl() + pathAndQuery))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .build();
    }

    private static HttpResponse<String> send(HttpRequest request) throws Exception {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
