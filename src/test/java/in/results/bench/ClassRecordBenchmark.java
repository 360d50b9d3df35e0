package in.results.bench;

import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.testing.DataFolders;
import io.javalin.Javalin;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code class-record}: the whole record ({@code /api/bulk/class}) of 60 hall tickets of the cohort's largest section,
 * cold (nothing kept anywhere), then asked again on the same instance (the finished job), then by a restarted instance
 * on the same archive (a new job: every transcript rebuilt from the archive). Prints the time to the final answer and
 * the result pages the university was asked, each.
 */
final class ClassRecordBenchmark {
    private final Cohort cohort;

    ClassRecordBenchmark(Cohort cohort) {
        this.cohort = cohort;
    }

    void run() throws Exception {
        String prefix = LargestSectionJob.of(cohort).prefix();
        String path = "/api/bulk/class?hallticket_from=" + prefix + "01&hallticket_to=" + prefix + "60";
        Path data = DataFolders.fresh();
        Map<String, String> settings =
                Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "0", "RESULTS_DATA_DIR", data.toString());
        try (UniversitySimulator simulator = Benchmarks.university(cohort, cohort.latestDay())) {
            Javalin service = Benchmarks.startService(simulator, settings);
            String base = "http://127.0.0.1:" + service.port();
            measure("cold", simulator, base + path);
            measure("asked again (the finished job)", simulator, base + path);
            service.stop(); // writes out the archive's queue
            Javalin restarted = Benchmarks.startService(simulator, settings);
            measure("restarted, same archive (a new job)", simulator, "http://127.0.0.1:" + restarted.port() + path);
            restarted.stop();
        }
    }

    private void measure(String label, UniversitySimulator simulator, String url) throws Exception {
        long pagesBefore = simulator.requestCount("/resultAction");
        long allBefore = simulator.requestCount();
        long start = System.nanoTime();
        HttpResponse<String> reply = Benchmarks.get(url);
        for (; reply.statusCode() == 202; reply = Benchmarks.get(url)) {
            Thread.sleep(20);
        }
        if (reply.statusCode() != 200) {
            throw new IllegalStateException("class record answered " + reply.statusCode() + ": " + reply.body());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                "class record of 60 hall tickets, %s: %.2f s (%.1f L), %d result pages asked (%d requests in all),"
                        + " X-Bulk-Missing %s, %d bytes of JSON%n",
                label,
                seconds,
                seconds * 1e9 / Benchmarks.L.toNanos(),
                simulator.requestCount("/resultAction") - pagesBefore,
                simulator.requestCount() - allBefore,
                reply.headers().firstValue("X-Bulk-Missing").orElse("?"),
                reply.body().length());
    }
}
