package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import in.results.core.Environment;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.CohortCases;
import in.results.simulator.cohort.EdgeCase;
import in.results.simulator.cohort.Student;
import in.results.testing.DataFolders;
import in.results.testing.ManualTicker;
import in.results.testing.PdfPages;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The transcript PDF ({@code /report/<hallticket>.pdf}, or {@code /report/<hallticket>} with
 * {@code Accept: application/pdf}) against the simulator: its text, extracted as a reader would select it, holds the
 * student's details, every final row and every figure derived by hand from the simulator's ground truth
 * ({@link ExpectedTranscript}, {@link ExpectedReport}); the negotiation, the freshness headers and the JSON errors.
 */
class ReportPdfIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final CohortCases CASES = CohortCases.of(COHORT);
    private static final String PDF = "application/pdf";
    /** How the PDF writes the time an answer was built: India's time, to the minute. */
    private static final DateTimeFormatter BUILT = DateTimeFormatter.ofPattern(
                    "d MMM uuuu, HH:mm 'IST'", Locale.ENGLISH)
            .withZone(ZoneOffset.ofHoursMinutes(5, 30));

    private final ManualTicker ticker = new ManualTicker();
    private TestUniverse universe;
    private ServiceClient client;

    private void start(Map<String, String> settings) {
        // The service's clock moves with the ticker: the time the PDF prints is known to the test.
        universe = TestUniverse.start(
                COHORT, Environment.system().withTicker(ticker).withClock(ticker.clock()), settings);
        client = universe.client();
    }

    @AfterEach
    void stop() {
        if (universe != null) {
            universe.close();
        }
    }

    /** The student with the most final rows: every semester of a regular-entry B.Tech record. */
    private static Student fullestRecord() {
        return COHORT.students().stream()
                .filter(student -> !student.hasNoResult())
                .max(Comparator.comparingInt(ReportPdfIT::finalRows).thenComparing(Student::hallTicket))
                .orElseThrow();
    }

    private static int finalRows(Student student) {
        int rows = 0;
        for (JsonNode semester : ExpectedTranscript.of(COHORT, student).at("/data/results")) {
            rows += semester.get(semesterKey(semester)).size();
        }
        return rows;
    }

    private static String semesterKey(JsonNode element) {
        return element.propertyStream()
                .map(Map.Entry::getKey)
                .filter(key -> !key.startsWith("SGPA"))
                .findFirst()
                .orElseThrow();
    }

    private HttpResponse<byte[]> get(String path, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(client.uri(path))
                .timeout(Duration.ofSeconds(60))
                .GET();
        if (headers.length > 0) {
            request.headers(headers);
        }
        return client.sendForBytes(request.build());
    }

    private static String header(HttpResponse<?> response, String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    private static String twoDecimals(String number) {
        return new BigDecimal(number).setScale(2, RoundingMode.HALF_UP).toPlainString();
    }

    /** {@code text} as a pattern whose words may be parted by any space or line break (a long name wraps). */
    private static String words(String text) {
        return String.join(
                "\\s+",
                List.of(text.strip().split("\\s+")).stream().map(Pattern::quote).toList());
    }

    @Test
    void the_fullest_record_prints_its_details_every_final_row_and_every_figure_on_at_most_two_pages() {
        start(Map.of());
        Student student = fullestRecord();
        JsonNode transcript = ExpectedTranscript.of(COHORT, student).get("data");
        JsonNode report = ExpectedReport.of(COHORT, student);

        HttpResponse<byte[]> answer = get("/report/" + student.hallTicket() + ".pdf");

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(header(answer, "Content-Type")).isEqualTo(PDF);
        PdfPages pdf = PdfPages.of(answer.body());
        assertThat(pdf.count())
                .as("pages of a record of %d final rows", finalRows(student))
                .isBetween(1, 2);
        String text = pdf.text();
        assertThat(text)
                .containsPattern("Name\\s+" + words(student.name()))
                .contains("Hall ticket " + student.hallTicket())
                .containsPattern("Father's name\\s+" + words(student.fatherName()))
                .contains("College code " + student.collegeCode())
                .contains("Programme " + student.regulation() + " B.Tech");
        for (JsonNode semester : transcript.get("results")) {
            String key = semesterKey(semester);
            String sgpa = semester.get("SGPA").asText();
            assertThat(text)
                    .contains("Semester " + key + " SGPA " + (sgpa.equals("FAIL") ? "not awarded" : twoDecimals(sgpa)));
            for (JsonNode subject : semester.get(key)) {
                assertThat(text)
                        .as("row of %s in %s", subject.get("subject_code").asText(), key)
                        .containsPattern(Pattern.quote(
                                        subject.get("subject_code").asText()) + "\\s+"
                                + words(subject.get("subject_name").asText()) + "\\s+"
                                + Pattern.quote(subject.get("grade_earned").asText()) + "\\s+"
                                + Pattern.quote(subject.get("subject_credits").asText()) + "\\s");
            }
        }
        JsonNode overall = report.get("overall");
        assertThat(text)
                .contains("CGPA " + twoDecimals(overall.get("cgpa").asText()))
                .contains("Credits earned "
                        + overall.get("credits_earned")
                                .decimalValue()
                                .stripTrailingZeros()
                                .toPlainString() + " of "
                        + overall.get("credits_required").asText())
                .contains("Open backlogs " + overall.get("open_backlogs").asText());
        for (JsonNode backlog : overall.get("backlogs")) {
            assertThat(text).contains(backlog.get("subject_code").asText() + " "); // listed among the backlogs
        }
        assertThat(pdf.fonts())
                .allSatisfy(fonts -> assertThat(fonts)
                        .isNotEmpty()
                        .allSatisfy(font ->
                                assertThat(font.isEmbedded()).as(font.getName()).isTrue()));
    }

    @Test
    void every_page_is_marked_unofficial_with_the_university_site_and_when_the_answer_was_built() {
        start(Map.of());
        Student student = fullestRecord();
        Instant asked = ticker.clock().instant();

        PdfPages pdf =
                PdfPages.of(get("/report/" + student.hallTicket() + ".pdf").body());

        String site = universe.primary().baseUrl().toString().replaceAll("/$", "");
        assertThat(pdf.texts())
                .isNotEmpty()
                .allSatisfy(page -> assertThat(page)
                        .contains("UNOFFICIAL", site, "built on " + BUILT.format(asked))
                        .doesNotContain("Saved copy"));
    }

    @Test
    void the_promotion_standing_of_the_json_is_printed_step_by_step_with_its_note() {
        start(Map.of());
        Student student = fullestRecord();
        JsonNode json = client.get("/report/" + student.hallTicket()).json();

        String text = PdfPages.of(
                        get("/report/" + student.hallTicket() + ".pdf").body())
                .text()
                .replaceAll("\\s+", " ");

        JsonNode promotion = json.get("promotion");
        assertThat(promotion.isArray())
                .as("a B.Tech %s student's standing", student.regulation())
                .isTrue();
        assertThat(promotion).isNotEmpty();
        for (JsonNode step : promotion) {
            String into = step.get("into").asText();
            String status = step.get("status").asText();
            assertThat(text)
                    .contains((into.equals("degree") ? "The degree " : "Into " + into + " ")
                            + (status.equals("short")
                                    ? "short by " + number(step.get("credits_short")) + " credits"
                                    : status)
                            + ": " + number(step.get("credits_earned")) + " credits earned of "
                            + number(step.get("credits_required")) + " required. Rule: "
                            + step.get("rule").asText().replaceAll("\\s+", " "));
        }
        assertThat(text).contains(json.get("promotion_note").asText().replaceAll("\\s+", " "));
    }

    /** A credit figure as the PDF writes it: as few decimals as it needs. */
    private static String number(JsonNode value) {
        BigDecimal plain = value.decimalValue().stripTrailingZeros();
        return (plain.scale() < 0 ? plain.setScale(0) : plain).toPlainString();
    }

    @Test
    void accept_chooses_between_json_and_pdf_json_stays_the_default_and_both_say_they_vary_on_accept() {
        start(Map.of());
        Student student = fullestRecord();
        String path = "/report/" + student.hallTicket();

        HttpResponse<byte[]> plain = get(path);
        HttpResponse<byte[]> browser = get(path, "Accept", "text/html,application/xhtml+xml,*/*;q=0.8");
        HttpResponse<byte[]> pdf = get(path, "Accept", "application/json;q=0.5, application/pdf");
        HttpResponse<byte[]> byPath = get(path + ".pdf");

        for (HttpResponse<byte[]> json : List.of(plain, browser)) {
            assertThat(json.statusCode()).isEqualTo(200);
            assertThat(header(json, "Content-Type")).startsWith("application/json");
            assertThat(json.headers().allValues("Vary"))
                    .anySatisfy(vary -> assertThat(vary).contains("Accept"));
        }
        assertThat(pdf.statusCode()).isEqualTo(200);
        assertThat(header(pdf, "Content-Type")).isEqualTo(PDF);
        assertThat(pdf.headers().allValues("Vary")).contains("Accept");
        assertThat(pdf.body()).isEqualTo(byPath.body());
        assertThat(new String(pdf.body(), 0, 5, java.nio.charset.StandardCharsets.ISO_8859_1))
                .isEqualTo("%PDF-");
        assertThat(header(pdf, "ETag")).isNotEqualTo(header(plain, "ETag"));
        for (HttpResponse<byte[]> named : List.of(pdf, byPath)) {
            assertThat(header(named, "Content-Disposition"))
                    .isEqualTo("inline; filename=\"transcript-" + student.hallTicket() + ".pdf\"");
        }
        assertThat(header(plain, "Content-Disposition")).isNull();
    }

    @Test
    void the_pdf_has_the_freshness_headers_of_the_json_and_an_unchanged_one_is_answered_304() {
        start(Map.of());
        Student student =
                COHORT.student(CASES.first(EdgeCase.RCRV_RAISED).hallTicket()).orElseThrow();
        var json = client.get("/report/" + student.hallTicket());
        long asked = universe.primary().requestCount();

        HttpResponse<byte[]> pdf = get("/report/" + student.hallTicket() + ".pdf");
        HttpResponse<byte[]> again =
                get("/report/" + student.hallTicket() + ".pdf", "If-None-Match", header(pdf, "ETag"));

        assertThat(json.header("X-Cache")).isEqualTo("MISS");
        assertThat(header(pdf, "X-Cache")).isEqualTo("HIT");
        assertThat(header(pdf, "Cache-Control")).isEqualTo(json.header("Cache-Control"));
        assertThat(header(pdf, "ETag")).startsWith("W/\"");
        assertThat(universe.primary().requestCount()).isEqualTo(asked); // one lookup for both
        assertThat(again.statusCode()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
        assertThat(header(again, "ETag")).isEqualTo(header(pdf, "ETag"));
    }

    @Test
    void no_result_is_a_404_and_an_invalid_hall_ticket_a_400_both_json_never_a_pdf() {
        start(Map.of());
        String none = CASES.first(EdgeCase.NO_RESULT).hallTicket();

        List<ServiceClient.Reply> notFound = List.of(
                client.get("/report/" + none + ".pdf"),
                client.send(HttpRequest.newBuilder(client.uri("/report/" + none))
                        .header("Accept", PDF)
                        .build()));
        List<ServiceClient.Reply> invalid = List.of(
                client.get("/report/12345.pdf"),
                client.get("/report/ABCDEFGHIJ.pdf"),
                client.send(HttpRequest.newBuilder(client.uri("/report/12345"))
                        .header("Accept", PDF)
                        .build()));

        assertThat(notFound).allSatisfy(reply -> {
            assertThat(reply.status()).isEqualTo(404);
            assertThat(reply.header("Content-Type")).startsWith("application/json");
            assertThat(reply.json().get("code").asText()).isEqualTo("RESULT_NOT_FOUND");
        });
        assertThat(invalid).allSatisfy(reply -> {
            assertThat(reply.status()).isEqualTo(400);
            assertThat(reply.header("Content-Type")).startsWith("application/json");
            assertThat(reply.json().get("code").asText()).isEqualTo("INVALID_PARAMETER");
            assertThat(reply.json().get("error").asText()).contains("hallticket");
        });
    }

    @Test
    void the_pdf_counts_against_the_per_client_rate_limit() {
        start(Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "2"));
        String path = "/report/" + CASES.first(EdgeCase.ABSENT).hallTicket() + ".pdf";

        List<Integer> statuses = List.of(get(path).statusCode(), get(path).statusCode());
        ServiceClient.Reply third = client.get(path);

        assertThat(statuses).containsOnly(200);
        assertThat(third.status()).isEqualTo(429);
        assertThat(third.json().get("code").asText()).isEqualTo("RATE_LIMITED");
        assertThat(third.header("Retry-After")).isNotBlank();
    }

    @Test
    void with_the_university_down_the_pdf_of_the_saved_copy_says_so_on_every_page() {
        // Without an archive (its database unusable) an answer the university does not renew is served stale.
        start(Map.of("RESULTS_DATA_DIR", DataFolders.unusable().toString()));
        Student student =
                COHORT.student(CASES.first(EdgeCase.ABSENT).hallTicket()).orElseThrow();
        Instant built = ticker.clock().instant();
        client.get("/report/" + student.hallTicket());
        ticker.advance(Duration.ofDays(1).plusMinutes(1));
        universe.primary().setDown(true);
        universe.mirror().setDown(true);

        HttpResponse<byte[]> saved = get("/report/" + student.hallTicket() + ".pdf");

        assertThat(saved.statusCode()).isEqualTo(200);
        assertThat(header(saved, "X-Cache")).isEqualTo("STALE");
        assertThat(PdfPages.of(saved.body()).texts())
                .isNotEmpty()
                .allSatisfy(page -> assertThat(page).contains("Saved copy", "built on " + BUILT.format(built)));
    }
}
