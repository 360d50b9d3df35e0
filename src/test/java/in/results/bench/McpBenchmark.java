package in.results.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.e2e.McpClients;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import io.javalin.Javalin;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code -Dbench.suites=mcp}: an MCP tool call beside its HTTP twin, both on a cached transcript. The student with
 * the most result pages is looked up once; then {@value #WARM_UP} rounds warm the JIT, not measured, and
 * {@value #CALLS} sequential requests of each kind are timed: {@code GET /report/<ht>} and {@code POST /mcp}
 * {@code tools/call get_report}, {@code GET /all/<ht>} and {@code tools/call get_student_results}, each tool call one
 * HTTP request as an assistant's client sends it (no {@code initialize}: the server is stateless). Prints the latency
 * (median / p95 / max), the CPU time per request of the whole JVM (which a shared machine inflates far less than the
 * latency) and the answer's size. Every answer must be a 200, and a tool's result not an error. Bounded:
 * {@value #WARM_UP} × 4 + {@value #CALLS} × 4 requests on loopback.
 */
final class McpBenchmark {
    static final int WARM_UP = 200;
    static final int CALLS = 500;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Cohort cohort;

    McpBenchmark(Cohort cohort) {
        this.cohort = cohort;
    }

    /** One kind of request: how it is sent and what it is called in the table. */
    private record Kind(String label, HttpRequest request, boolean tool) {}

    void run() throws Exception {
        Student student = cohort.students().stream()
                .max(Comparator.comparingInt((Student s) -> s.results().size()).thenComparing(Student::hallTicket))
                .orElseThrow();
        try (UniversitySimulator simulator = UniversitySimulator.start(cohort, 0)) {
            // One client sends every request: without the per-client limit, or most answers would be 429s.
            Javalin service = Benchmarks.startService(simulator, Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "0"));
            String base = "http://127.0.0.1:" + service.port();
            List<Kind> kinds = List.of(
                    new Kind("GET /report/<ht>", get(base + "/report/" + student.hallTicket()), false),
                    new Kind("tools/call get_report", tool(base, "get_report", student), true),
                    new Kind("GET /all/<ht>", get(base + "/all/" + student.hallTicket()), false),
                    new Kind("tools/call get_student_results", tool(base, "get_student_results", student), true));
            send(kinds.getFirst()); // the lookup: from here on the transcript is cached
            for (int i = 0; i < WARM_UP; i++) {
                for (Kind kind : kinds) {
                    send(kind);
                }
            }
            System.out.printf(
                    Locale.ROOT,
                    "%nMCP tool calls beside their HTTP twins, %s (%d result pages), cached transcript, %d sequential"
                            + " requests each after %d rounds not measured:%n"
                            + "| request | latency median / p95 / max | CPU per request | answer |%n|---|---|---|---|%n",
                    student.hallTicket(),
                    student.results().size(),
                    CALLS,
                    WARM_UP);
            for (Kind kind : kinds) {
                List<Double> millis = new ArrayList<>();
                long cpu = processCpuNanos();
                int bytes = 0;
                for (int i = 0; i < CALLS; i++) {
                    long start = System.nanoTime();
                    bytes = send(kind);
                    millis.add((System.nanoTime() - start) / 1e6);
                }
                System.out.printf(
                        Locale.ROOT,
                        "| %s | %.2f / %.2f / %.2f ms | %.2f ms | %.1f KB |%n",
                        kind.label(),
                        Spread.percentileOf(millis, 0.5),
                        Spread.percentileOf(millis, 0.95),
                        millis.stream().mapToDouble(Double::doubleValue).max().orElseThrow(),
                        (processCpuNanos() - cpu) / 1e6 / CALLS,
                        bytes / 1024.0);
            }
            service.stop();
        }
    }

    private static HttpRequest get(String url) {
        return HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(60))
                .build();
    }

    private static HttpRequest tool(String base, String name, Student student) {
        String body = McpClients.toolCallBody(name, Map.of("hallticket", student.hallTicket()));
        return HttpRequest.newBuilder(URI.create(base + "/mcp"))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2025-06-18")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
    }

    /** The answer's length; anything but a 200 (or a tool's error) ends the benchmark: it would measure another path. */
    private int send(Kind kind) throws Exception {
        HttpResponse<byte[]> response = http.send(kind.request(), HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(kind.label() + " answered " + response.statusCode());
        }
        if (kind.tool()) {
            JsonNode answer = MAPPER.readTree(response.body());
            if (!answer.at("/result/isError").isBoolean()
                    || answer.at("/result/isError").asBoolean()) {
                throw new IllegalStateException(kind.label() + " answered " + answer);
            }
        }
        return response.body().length;
    }

    /** CPU time of this whole JVM (service, client and an idle simulator). */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
