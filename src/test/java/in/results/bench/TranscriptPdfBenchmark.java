package in.results.bench;

import com.fasterxml.jackson.databind.JsonNode;
import in.results.e2e.ExpectedTranscript;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.testing.PdfPages;
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
 * {@code -Dbench.suites=pdf}: the transcript PDF of the cohort's fullest record (the student with the most final rows:
 * every semester of a regular-entry B.Tech) on a cached transcript, through HTTP: {@value #WARM_UP} renders to warm the
 * JIT, not measured, then {@value #RENDERS} sequential {@code GET /report/<hallticket>.pdf}, each drawn anew (a PDF is
 * not kept: it names the time and whether the copy is stale), then as many {@code GET /report/<hallticket>} (JSON,
 * encoded once and kept) for scale, then as many {@code GET /compare/<hallticket>/<classmate>} (both transcripts
 * cached; the comparison is made per request). Prints the latency (median / p95 / max), the CPU time per request (of the whole
 * JVM: on a shared machine the latency counts other processes' turns, the CPU time does not), the PDF's size and
 * pages. Every answer must be a 200 of its media type. Bounded: {@value #WARM_UP} + 2 × {@value #RENDERS} requests on loopback.
 */
final class TranscriptPdfBenchmark {
    static final int WARM_UP = 100;
    static final int RENDERS = 200;

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Cohort cohort;

    TranscriptPdfBenchmark(Cohort cohort) {
        this.cohort = cohort;
    }

    void run() throws Exception {
        Student student = fullestRecord();
        try (UniversitySimulator simulator = UniversitySimulator.start(cohort, 0)) {
            // One client sends every request: without the per-client limit, or most answers would be 429s.
            Javalin service = Benchmarks.startService(simulator, Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "0"));
            String base = "http://127.0.0.1:" + service.port() + "/report/" + student.hallTicket();
            get(base, "application/json"); // the lookup: from here on the transcript is cached
            for (int i = 0; i < WARM_UP; i++) {
                get(base + ".pdf", "application/pdf");
                get(base, "application/json");
            }
            Timing pdf = timed(base + ".pdf", "application/pdf");
            Timing json = timed(base, "application/json");
            Student classmate = classmateOf(student);
            String comparison = "http://127.0.0.1:" + service.port() + "/compare/" + student.hallTicket() + "/"
                    + classmate.hallTicket();
            get(comparison, "application/json"); // the classmate's lookup: both transcripts cached from here on
            for (int i = 0; i < WARM_UP; i++) {
                get(comparison, "application/json");
            }
            Timing compare = timed(comparison, "application/json");
            service.stop();
            System.out.printf(
                    Locale.ROOT,
                    "%ntranscript PDF of %s (%d final rows in %d semesters), cached transcript, %d sequential requests"
                            + " after %d not measured:%n",
                    student.hallTicket(),
                    finalRows(student),
                    ExpectedTranscript.of(cohort, student).at("/data/results").size(),
                    RENDERS,
                    WARM_UP);
            System.out.printf(
                    Locale.ROOT,
                    "| GET /report/<ht>.pdf | %s ms | %.1f ms | %.1f KB (%d bytes), %d pages |%n",
                    latency(pdf.millis()),
                    pdf.cpuMillis(),
                    pdf.last().length / 1024.0,
                    pdf.last().length,
                    PdfPages.of(pdf.last()).count());
            System.out.printf(
                    Locale.ROOT,
                    "| GET /report/<ht> (JSON) | %s ms | %.1f ms | |%n",
                    latency(json.millis()),
                    json.cpuMillis());
            System.out.printf(
                    Locale.ROOT,
                    "| GET /compare/<ht>/%s | %s ms | %.1f ms | |%n",
                    classmate.hallTicket(),
                    latency(compare.millis()),
                    compare.cpuMillis());
        }
    }

    /** {@value #RENDERS} sequential requests' latencies, the CPU time per request, and the last answer's body. */
    private record Timing(List<Double> millis, double cpuMillis, byte[] last) {}

    /** {@value #RENDERS} sequential {@code GET url}, each a 200 of {@code mediaType}. */
    private Timing timed(String url, String mediaType) throws Exception {
        List<Double> millis = new ArrayList<>();
        byte[] last = null;
        long cpu = processCpuNanos();
        for (int i = 0; i < RENDERS; i++) {
            long start = System.nanoTime();
            last = get(url, mediaType);
            millis.add((System.nanoTime() - start) / 1e6);
        }
        return new Timing(millis, (processCpuNanos() - cpu) / 1e6 / RENDERS, last);
    }

    /**
     * CPU time of this whole JVM (service, client and an idle simulator): per request, it counts the work of an answer
     * whatever else the machine runs, which the latency does not.
     */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static String latency(List<Double> millis) {
        return String.format(
                Locale.ROOT,
                "%.1f / %.1f / %.1f",
                Spread.percentileOf(millis, 0.5),
                Spread.percentileOf(millis, 0.95),
                millis.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
    }

    /** The body of a 200 of {@code mediaType}; anything else ends the benchmark (it would measure the wrong path). */
    private byte[] get(String url, String mediaType) throws Exception {
        HttpResponse<byte[]> response = http.send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(60))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        String type = response.headers().firstValue("Content-Type").orElse("");
        if (response.statusCode() != 200 || !type.startsWith(mediaType)) {
            throw new IllegalStateException(url + " answered " + response.statusCode() + " " + type);
        }
        return response.body();
    }

    private Student fullestRecord() {
        return cohort.students().stream()
                .filter(student -> !student.hasNoResult())
                .max(Comparator.comparingInt(this::finalRows).thenComparing(Student::hallTicket))
                .orElseThrow();
    }

    /** The first other student of {@code student}'s section with results: the friend a student compares with. */
    private Student classmateOf(Student student) {
        String section = student.hallTicket().substring(0, 8);
        return cohort.students().stream()
                .filter(other -> !other.hasNoResult())
                .filter(other -> other.hallTicket().startsWith(section))
                .filter(other -> !other.hallTicket().equals(student.hallTicket()))
                .findFirst()
                .orElseThrow();
    }

    private int finalRows(Student student) {
        int rows = 0;
        for (JsonNode semester : ExpectedTranscript.of(cohort, student).at("/data/results")) {
            rows += semester.properties().stream()
                    .filter(entry -> !entry.getKey().startsWith("SGPA"))
                    .mapToInt(entry -> entry.getValue().size())
                    .sum();
        }
        return rows;
    }
}
