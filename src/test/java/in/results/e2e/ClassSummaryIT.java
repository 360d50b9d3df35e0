package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.benmanes.caffeine.cache.Ticker;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.awaitility.Awaitility;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code /api/bulk/summary} against the simulator: progress, then the class figures derived by hand. */
class ClassSummaryIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final BulkIT.Section SECTION = BulkIT.Section.largest(COHORT);

    private UniversitySimulator primary;
    private TestUniverse universe;
    private ServiceClient client;

    @BeforeEach
    void start() {
        universe = TestUniverse.start(COHORT, Ticker.systemTicker(), Map.of());
        primary = universe.primary();
        client = universe.client();
    }

    @AfterEach
    void stop() {
        universe.close();
    }

    /** The students of rolls {@code from}..{@code to} with a result in the section's exam, in roll order. */
    private static List<Student> studentsWithResults(int from, int to) {
        return IntStream.rangeClosed(from, to)
                .mapToObj(roll -> COHORT.student(SECTION.prefix() + "%02d".formatted(roll)))
                .flatMap(java.util.Optional::stream)
                .filter(student -> student.results().containsKey(SECTION.exam().code()))
                .toList();
    }

    private static List<String> rolls(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj("%02d"::formatted).toList();
    }

    private ServiceClient.Reply pollUntilDone(String pathAndQuery, List<Integer> progress) {
        AtomicReference<ServiceClient.Reply> finished = new AtomicReference<>();
        Awaitility.await("the job finishes")
                .atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(25))
                .until(() -> {
                    var reply = client.get(pathAndQuery);
                    if (reply.status() == 202) {
                        progress.add(reply.json().get("done").asInt());
                        return false;
                    }
                    finished.set(reply);
                    return true;
                });
        return finished.get();
    }

    private static ObjectNode withoutExamName(com.fasterxml.jackson.databind.JsonNode summary) {
        ObjectNode copy = summary.deepCopy();
        copy.remove("exam_name");
        return copy;
    }

    @Test
    void the_summary_loads_with_progress_then_holds_the_class_figures() throws Exception {
        primary.setLatency(Duration.ofMillis(200), Duration.ZERO);
        primary.setMaxConcurrent(10);
        String query = "/api/bulk/summary?" + SECTION.query("01", "40");

        var first = client.get(query);
        List<Integer> progress = new ArrayList<>();
        var finished = pollUntilDone(query, progress);

        assertThat(first.status()).isEqualTo(202);
        assertThat(first.json().get("result").asText()).isEqualTo("loading");
        assertThat(first.json().get("total").asInt()).isEqualTo(40);
        assertThat(first.header("Retry-After")).isEqualTo("2");
        assertThat(progress)
                .isNotEmpty()
                .isSorted()
                .allSatisfy(done -> assertThat(done).isBetween(0, 40));
        assertThat(finished.status()).isEqualTo(200);
        assertThat(finished.header("X-Bulk-Missing")).isEqualTo("0");
        assertThat(ExpectedReport.numbersCanonical(withoutExamName(finished.json())))
                .isEqualTo(ExpectedReport.numbersCanonical(ExpectedClassSummary.of(
                        studentsWithResults(1, 40), SECTION.exam().code())));
        String examName = finished.json().get("exam_name").asText();
        assertThat(examName)
                .contains("(" + SECTION.exam().regulation() + ")")
                .endsWith(SECTION.exam().releaseDate().minusMonths(2).getYear() + " Exams");
    }

    @Test
    void summary_and_results_are_one_job_and_nothing_is_fetched_twice() throws Exception {
        String range = SECTION.query("01", "30");
        var started = client.get("/api?" + range);
        var summary = pollUntilDone("/api/bulk/summary?" + range, new ArrayList<>());
        long asked = primary.requestCount("/resultAction");

        var results = client.get("/api/bulk/calculate?" + range);

        assertThat(started.status()).isEqualTo(202);
        assertThat(summary.status()).isEqualTo(200);
        assertThat(asked).isEqualTo(30);
        assertThat(results.status()).isEqualTo(200);
        assertThat(results.json()).isEqualTo(SECTION.expected(rolls(1, 30)));
        assertThat(primary.requestCount("/resultAction")).isEqualTo(asked);
        assertThat(summary.json().get("students").asInt())
                .isEqualTo(results.json().size());
    }

    @Test
    void a_range_nobody_has_a_result_in_gives_zeros() throws Exception {
        String prefix = SECTION.prefix();
        List<String> empty = IntStream.rangeClosed(1, 99)
                .mapToObj(roll -> prefix + "%02d".formatted(roll))
                .filter(ticket -> COHORT.student(ticket)
                        .map(s -> !s.results().containsKey(SECTION.exam().code()))
                        .orElse(true))
                .toList();
        String roll = empty.get(0).substring(8);

        var summary = pollUntilDone("/api/bulk/summary?" + SECTION.query(roll, roll), new ArrayList<>());

        assertThat(summary.status()).isEqualTo(200);
        assertThat(summary.json().get("students").asInt()).isZero();
        assertThat(summary.json().get("exam_name").asText()).isEmpty();
        assertThat(summary.json().get("top_ten")).isEmpty();
    }

    @Test
    void bad_ranges_are_400_like_the_bulk_endpoint() {
        String p = SECTION.prefix();
        var reversed = client.get("/api/bulk/summary?hallticket_from=" + p + "20&hallticket_to=" + p + "01&examCode="
                + SECTION.exam().code());
        var missingExam = client.get("/api/bulk/summary?hallticket_from=" + p + "01&hallticket_to=" + p + "20");

        assertThat(List.of(reversed, missingExam)).allSatisfy(reply -> {
            assertThat(reply.status()).isEqualTo(400);
            assertThat(reply.json().get("code").asText()).isEqualTo("INVALID_PARAMETER");
        });
        assertThat(reversed.json().get("error").asText()).contains("reversed");
        assertThat(missingExam.json().get("error").asText()).contains("examCode");
        assertThat(primary.requestCount()).isZero();
    }

    @Test
    void the_summary_as_csv_and_xlsx_holds_the_numbers_of_the_json_answers() throws Exception {
        String range = SECTION.query("01", "30");
        JsonNode summary =
                pollUntilDone("/api/bulk/summary?" + range, new ArrayList<>()).json();
        JsonNode entries = client.get("/api/bulk/calculate?" + range).json();

        var csv = ClassRecordIT.download(client, "/api/bulk/summary?" + range, "text/csv");
        var xlsx = ClassRecordIT.download(client, "/api/bulk/summary?" + range + "&format=xlsx", "application/json");

        assertThat(csv.statusCode()).isEqualTo(200);
        assertThat(csv.headers().allValues("Vary"))
                .anySatisfy(vary -> assertThat(vary).contains("Accept"));
        List<List<String>> rows = ClassRecordIT.csvRows(new String(csv.body(), StandardCharsets.UTF_8));
        List<String> codes = summary.get("subjects").findValuesAsText("subject_code");
        assertThat(rows.getFirst()).startsWith("hall_ticket", "name", "sgpa", "subjects_failed");
        assertThat(rows.getFirst().subList(4, rows.getFirst().size())).containsExactlyElementsOf(codes);
        assertThat(rows).hasSize(entries.size() + 1);
        for (int i = 0; i < entries.size(); i++) {
            JsonNode entry = entries.get(i);
            List<String> expected = new ArrayList<>(List.of(
                    entry.get(1).get("HTNO").asText(),
                    entry.get(1).get("NAME").asText(),
                    entry.get(0).get("SGPA").asText()));
            List<String> grades = new ArrayList<>();
            entry.get(2)
                    .forEach(subject -> grades.add(subject.get("grade_earned").asText()));
            expected.add(Long.toString(grades.stream().filter(Expected::isFail).count()));
            for (String code : codes) {
                String grade = "";
                for (JsonNode subject : entry.get(2)) {
                    if (subject.get("subject_code").asText().equals(code)) {
                        grade = subject.get("grade_earned").asText();
                    }
                }
                expected.add(grade);
            }
            assertThat(ClassRecordIT.canonical(rows.get(i + 1))).isEqualTo(ClassRecordIT.canonical(expected));
        }
        assertThat(xlsx.statusCode()).isEqualTo(200);
        try (ReadableWorkbook workbook = new ReadableWorkbook(new ByteArrayInputStream(xlsx.body()))) {
            List<Row> students = workbook.findSheet("Students").orElseThrow().read();
            for (int i = 0; i < rows.size(); i++) {
                assertThat(ClassRecordIT.canonical(ClassRecordIT.cellsOf(
                                students.get(i), rows.get(i).size())))
                        .isEqualTo(ClassRecordIT.canonical(rows.get(i)));
            }
            List<Row> figures = workbook.findSheet("Summary").orElseThrow().read();
            for (String figure : List.of("students", "passed_all", "failed_some", "pass_percentage", "sgpa_average")) {
                assertThat(ClassRecordIT.valueOf(figures, figure))
                        .as(figure)
                        .isEqualByComparingTo(summary.get(figure).decimalValue());
            }
        }
    }
}
