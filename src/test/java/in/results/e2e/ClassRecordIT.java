package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.testing.DataFolders;
import in.results.testing.ManualTicker;
import io.javalin.Javalin;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.dhatim.fastexcel.reader.Cell;
import org.dhatim.fastexcel.reader.CellType;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code /api/bulk/class}, a class's whole record, against the simulator: every figure of 60 hall tickets derived by
 * hand from its ground truth ({@link ExpectedClassRecord}), what a second request costs, the bulk share it holds
 * cold, its spreadsheets read back, and its bad input.
 */
class ClassRecordIT {
    private static final Cohort COHORT = Cohort.generate(42);
    /** The largest section of the simulator's world: R18 B.Tech, admitted 2020, 235 students. */
    private static final String PREFIX = "20BD1A05";

    private static final List<String> SIXTY = rolls(1, 60);
    /** A student row's first columns in the spreadsheets, each the JSON field of the same name; the steps follow. */
    private static final List<String> STUDENT_COLUMNS = List.of(
            "rank",
            "hall_ticket",
            "name",
            "cgpa",
            "credits_earned",
            "credits_required",
            "open_backlogs",
            "promotion_status",
            "promotion_short_for");

    private TestUniverse universe;

    @AfterEach
    void stop() {
        if (universe != null) {
            universe.close();
        }
    }

    private static List<String> rolls(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj("%02d"::formatted).toList();
    }

    private static String classQuery(String from, String to) {
        return "/api/bulk/class?hallticket_from=" + PREFIX + from + "&hallticket_to=" + PREFIX + to;
    }

    /** The answer to {@code pathAndQuery} once its class job has finished: 60 cold transcripts on a busy machine. */
    private static ServiceClient.Reply finished(ServiceClient client, String pathAndQuery) {
        return org.awaitility.Awaitility.await("class job of " + pathAndQuery)
                .atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> client.get(pathAndQuery), reply -> reply.status() != 202);
    }

    private static long resultPagesAsked(UniversitySimulator... hosts) {
        long asked = 0;
        for (UniversitySimulator host : hosts) {
            asked += host.requestCount("/resultAction");
        }
        return asked;
    }

    @Test
    void sixty_hall_tickets_get_every_figure_of_the_simulators_truth_and_asking_again_costs_no_result_page() {
        ManualTicker ticker = new ManualTicker();
        Path data = DataFolders.fresh();
        universe = TestUniverse.start(COHORT, ticker, Map.of("RESULTS_DATA_DIR", data.toString()));
        String query = classQuery("01", "60");

        var started = universe.client().get(query);
        var finished = finished(universe.client(), query);
        long coldPages = resultPagesAsked(universe.primary(), universe.mirror());
        // The archive holds what the job read (its writer may lag on a loaded machine): hall tickets without a result
        // are cached for 5 minutes only, and the second job finds their answers there.
        universe.client().awaitArchiveWritten();
        ticker.advance(Duration.ofMinutes(11)); // the finished job is forgotten: the same request starts a new one
        var again = finished(universe.client(), query);
        long secondPages = resultPagesAsked(universe.primary(), universe.mirror()) - coldPages;
        universe.client().awaitArchiveWritten();
        universe.service().stop();
        Javalin restarted = ExamEndpointsIT.startService(
                List.of(
                        universe.primary().baseUrl(),
                        URI.create(universe.mirror().baseUrl() + "/results")),
                ticker,
                Map.of("RESULTS_DATA_DIR", data.toString()));
        ServiceClient afterRestart = new ServiceClient(restarted.port());
        var fromArchive = finished(afterRestart, query);
        long restartPages = resultPagesAsked(universe.primary(), universe.mirror()) - coldPages - secondPages;
        restarted.stop();

        JsonNode expected = ExpectedClassRecord.of(COHORT, PREFIX, SIXTY);
        assertThat(started.status()).isEqualTo(202);
        assertThat(started.json().get("total").asInt()).isEqualTo(60);
        assertThat(finished.status()).isEqualTo(200);
        assertThat(finished.header("X-Bulk-Missing")).isEqualTo("0");
        assertThat(finished.header("Vary")).contains("Accept");
        assertThat(expected.get("with_result").asInt()).isGreaterThan(50);
        assertThat(expected.get("no_result")).isNotEmpty(); // rolls the college skipped
        assertThat(expected.get("promotion_counts").get("short").asInt()).isPositive();
        assertThat(expected.get("backlog_counts").get("3+").asInt()).isPositive();
        assertThat(ExpectedReport.numbersCanonical(finished.json()))
                .isEqualTo(ExpectedReport.numbersCanonical(expected));
        assertThat(coldPages).isPositive();
        assertThat(again.json()).isEqualTo(finished.json());
        assertThat(secondPages).isZero();
        assertThat(fromArchive.json()).isEqualTo(finished.json());
        assertThat(restartPages).isZero();
    }

    @Test
    void cold_the_job_holds_at_most_the_bulk_share_of_the_upstream_slots() {
        universe = TestUniverse.start(COHORT, com.github.benmanes.caffeine.cache.Ticker.systemTicker(), Map.of());
        universe.primary().setLatency(Duration.ofMillis(100), Duration.ZERO);

        var finished = finished(universe.client(), classQuery("01", "60"));

        assertThat(finished.status()).isEqualTo(200);
        assertThat(finished.header("X-Bulk-Missing")).isEqualTo("0");
        // Each transcript asks many pages at once; the job as a whole still holds 3/4 of the default 32 per host.
        assertThat(universe.primary().maxConcurrentSeen()).isBetween(2, 24);
    }

    @Test
    void an_outage_mid_job_leaves_students_missing_never_half_read_and_the_next_job_reads_only_those() {
        ManualTicker ticker = new ManualTicker();
        universe = TestUniverse.start(COHORT, ticker, Map.of());
        // Slow enough that the job is far from done when the university goes down (about 0.9 s a cold student).
        universe.primary().setLatency(Duration.ofMillis(300), Duration.ZERO);
        String query = classQuery("01", "40");
        List<String> forty = rolls(1, 40);

        universe.client().get(query);
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> universe.client().get(query).json().path("done").asInt(), done -> done >= 5);
        universe.primary().setDown(true);
        universe.mirror().setDown(true);
        var cut = finished(universe.client(), query);

        // The record of the students read: each figure as the simulator's truth for those students alone.
        assertThat(cut.status()).isEqualTo(200);
        int missing = Integer.parseInt(cut.header("X-Bulk-Missing"));
        assertThat(missing).isPositive();
        List<String> missingRolls = new ArrayList<>();
        cut.json()
                .get("missing")
                .forEach(ticket -> missingRolls.add(ticket.asText().substring(PREFIX.length())));
        assertThat(missingRolls).hasSize(missing);
        List<String> read =
                forty.stream().filter(roll -> !missingRolls.contains(roll)).toList();
        assertThat(read).isNotEmpty();
        ObjectNode expectedCut = ExpectedClassRecord.of(COHORT, PREFIX, read);
        expectedCut.put("hallticket_from", PREFIX + "01");
        expectedCut.put("hallticket_to", PREFIX + "40");
        expectedCut.put("hall_tickets", 40);
        expectedCut.set("missing", cut.json().get("missing"));
        assertThat(ExpectedReport.numbersCanonical(cut.json())).isEqualTo(ExpectedReport.numbersCanonical(expectedCut));

        // The university back and the cut job forgotten (1 minute), the same request reads the missing students only.
        universe.primary().setDown(false);
        universe.mirror().setDown(false);
        Map<String, Long> before = pagesPerStudent(forty);
        ticker.advance(Duration.ofMinutes(2));
        var whole = finished(universe.client(), query);
        Map<String, Long> after = pagesPerStudent(forty);

        assertThat(whole.header("X-Bulk-Missing")).isEqualTo("0");
        assertThat(ExpectedReport.numbersCanonical(whole.json()))
                .isEqualTo(ExpectedReport.numbersCanonical(ExpectedClassRecord.of(COHORT, PREFIX, forty)));
        for (String roll : read) {
            assertThat(after.get(roll))
                    .as("result pages asked again for %s, read before", roll)
                    .isEqualTo(before.get(roll));
        }
        assertThat(missingRolls.stream()
                        .mapToLong(roll -> after.get(roll) - before.get(roll))
                        .sum())
                .as("result pages asked for the students missing before")
                .isPositive();
    }

    /** Per roll, the result pages the university (both hosts) was asked for the student, over every exam. */
    private Map<String, Long> pagesPerStudent(List<String> rolls) {
        Map<String, Long> pages = new HashMap<>();
        for (String roll : rolls) {
            long asked = 0;
            for (UniversitySimulator host : List.of(universe.primary(), universe.mirror())) {
                for (String exam : host.resultRequestsByExam().keySet()) {
                    asked += host.resultRequestsFor(PREFIX + roll, exam);
                }
            }
            pages.put(roll, asked);
        }
        return pages;
    }

    @Test
    void the_csv_and_the_xlsx_hold_the_numbers_of_the_json() throws IOException {
        universe = TestUniverse.start(COHORT, com.github.benmanes.caffeine.cache.Ticker.systemTicker(), Map.of());
        String query = classQuery("01", "30");
        JsonNode json = finished(universe.client(), query).json();

        HttpResponse<byte[]> csv = download(query + "&format=csv", "*/*");
        HttpResponse<byte[]> xlsx = download(
                query, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json;q=0.5");

        assertThat(csv.statusCode()).isEqualTo(200);
        assertThat(csv.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("text/csv"));
        assertThat(csv.headers().firstValue("Content-Disposition"))
                .hasValue("attachment; filename=\"class-" + PREFIX + "01-" + PREFIX + "30.csv\"");
        assertThat(csv.headers().allValues("Vary"))
                .anySatisfy(vary -> assertThat(vary).contains("Accept"));
        List<List<String>> csvRows = csvRows(new String(csv.body(), StandardCharsets.UTF_8));
        assertThat(csvRows.getFirst())
                .startsWith(Stream.concat(STUDENT_COLUMNS.stream(), Stream.of("promotion 2-1"))
                        .toArray(String[]::new));
        assertThat(csvRows).hasSize(json.get("students").size() + 1);
        for (int i = 0; i < json.get("students").size(); i++) {
            assertThat(canonical(csvRows.get(i + 1)))
                    .isEqualTo(expectedCells(json.get("students").get(i)));
        }

        assertThat(xlsx.statusCode()).isEqualTo(200);
        try (ReadableWorkbook workbook = new ReadableWorkbook(new ByteArrayInputStream(xlsx.body()))) {
            List<Row> students = workbook.findSheet("Students").orElseThrow().read();
            assertThat(students).hasSize(csvRows.size());
            for (int i = 0; i < students.size(); i++) {
                assertThat(canonical(cellsOf(students.get(i), csvRows.get(i).size())))
                        .isEqualTo(canonical(csvRows.get(i)));
            }
            List<Row> summary = workbook.findSheet("Summary").orElseThrow().read();
            assertThat(valueOf(summary, "hall_tickets")).isEqualByComparingTo("30");
            assertThat(valueOf(summary, "with_result"))
                    .isEqualByComparingTo(
                            BigDecimal.valueOf(json.get("with_result").asInt()));
            assertThat(valueOf(summary, "cgpa_average"))
                    .isEqualByComparingTo(json.get("cgpa_average").decimalValue());
        }
    }

    @Test
    void bad_input_is_a_400_before_anything_is_asked_and_a_job_start_costs_ten() {
        universe = TestUniverse.start(
                COHORT,
                com.github.benmanes.caffeine.cache.Ticker.systemTicker(),
                Map.of("RESULTS_BULK_MAX_RANGE", "25", "RESULTS_RATE_LIMIT_PER_MINUTE", "30"));
        ServiceClient client = universe.client();

        var unknownFormat = client.get(classQuery("01", "10") + "&format=pdf");
        var tooLarge = client.get(classQuery("01", "30"));
        var badProgramme = client.get("/api/bulk/class?hallticket_from=20BD1X0501&hallticket_to=20BD1X0510");
        long askedBefore = universe.primary().requestCount();
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 4; i++) { // 3 refused requests cost 3; each start costs 10: 3 + 10 + 10 + 10 > 30
            statuses.add(
                    client.get(classQuery("0" + (2 * i + 1), "0" + (2 * i + 2))).status());
        }

        assertThat(List.of(unknownFormat, tooLarge, badProgramme)).allSatisfy(reply -> {
            assertThat(reply.status()).isEqualTo(400);
            assertThat(reply.json().get("code").asText()).isEqualTo("INVALID_PARAMETER");
        });
        assertThat(unknownFormat.json().get("error").asText()).contains("format");
        assertThat(tooLarge.json().get("error").asText()).contains("25");
        assertThat(badProgramme.json().get("error").asText()).contains("hallticket_from");
        assertThat(askedBefore).isZero();
        assertThat(statuses).containsExactly(202, 202, 429, 429);
    }

    private HttpResponse<byte[]> download(String pathAndQuery, String accept) {
        return download(universe.client(), pathAndQuery, accept);
    }

    /** The answer's bytes as sent (a spreadsheet is no text). */
    static HttpResponse<byte[]> download(ServiceClient client, String pathAndQuery, String accept) {
        try {
            return HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(client.uri(pathAndQuery))
                                    .header("Accept", accept)
                                    .build(),
                            HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A student's first nine columns as the JSON says them, written as a CSV writes numbers and nothing. */
    private static List<String> expectedCells(JsonNode row) {
        List<String> cells = new ArrayList<>();
        for (String key : STUDENT_COLUMNS) {
            JsonNode value = row.get(key);
            cells.add(value.isNull() ? "" : value.asText());
        }
        row.get("promotion").forEach(step -> cells.add(step.get("status").asText()));
        return canonical(cells);
    }

    /** The cells with every number written one way (8.90 = 8.9, 161.0 = 161): spreadsheets keep values, not forms. */
    static List<String> canonical(List<String> cells) {
        return cells.stream()
                .map(cell -> cell.matches("-?\\d+(\\.\\d+)?(E[+-]?\\d+)?")
                        ? new BigDecimal(cell).stripTrailingZeros().toPlainString()
                        : cell)
                .toList();
    }

    /** RFC 4180 fields, quoted ones unquoted. */
    static List<List<String>> csvRows(String text) {
        List<List<String>> rows = new ArrayList<>();
        for (String line : text.split("\r\n")) {
            List<String> cells = new ArrayList<>();
            StringBuilder cell = new StringBuilder();
            boolean quoted = false;
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = !quoted;
                } else if (c == ',' && !quoted) {
                    cells.add(cell.toString());
                    cell.setLength(0);
                } else {
                    cell.append(c);
                }
            }
            cells.add(cell.toString());
            rows.add(cells);
        }
        return rows;
    }

    /** The row's cells as text, numbers in their plain form, empty cells as "". */
    static List<String> cellsOf(Row row, int columns) {
        List<String> cells = new ArrayList<>();
        for (int i = 0; i < columns; i++) {
            Optional<Cell> cell = row.getOptionalCell(i);
            cells.add(
                    cell.isPresent() && cell.get().getType() == CellType.NUMBER
                            ? cell.get().asNumber().toPlainString()
                            : cell.map(Cell::getText).orElse(""));
        }
        return cells;
    }

    /** The number in the second column of the row whose first cell is {@code figure}. */
    static BigDecimal valueOf(List<Row> rows, String figure) {
        return rows.stream()
                .filter(row -> row.getCellAsString(0).orElse("").equals(figure))
                .findFirst()
                .flatMap(row -> row.getCellAsNumber(1))
                .orElseThrow(() -> new AssertionError("no figure " + figure));
    }
}
