package in.results.bench;

import in.results.App;
import in.results.config.ConfigReader;
import in.results.config.ServiceConfig;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.testing.DataFolders;
import in.results.testing.RedisServer;
import io.javalin.Javalin;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reproducible benchmark of the service against the university simulator on loopback (numbers in BENCHMARKS.md).
 * Run with {@code scripts/bench.sh}. The simulator answers every request in a fixed time L and serves at most
 * {@link #SERVER_CAPACITY} at once; the service runs with its default settings, but where one client sends every
 * request, which runs without the per-client limit (and the JVM warm-up, without limits at all). Bounded in count and
 * time.
 *
 * <p>Suites ({@code -Dbench.suites}, in this order, default {@code cold,replay,burst}): {@code cold} — cold
 * all-semesters lookups per world, regulation and batch ({@link ColdLookups}); {@code programmes} — cold
 * {@code /all} lookups in the real list's world on several days, per programme and regulation, every answer checked
 * exact ({@link ProgrammeLookups}); {@code replay} — every student's search
 * per world, replayed without HTTP ({@link ReplayedSearches}); {@code burst} — a results day in the first world
 * ({@link ResultsDayBurst}); {@code cached} — warm latency, cached throughput and one bulk job in the latest world
 * (cold, burst and cached after a JVM warm-up on another cohort); {@code redis} — cached answers on the embedded store and on
 * Redis; {@code fleet} — three instances on one Redis ({@link FleetBenchmarks}); {@code results-day} — students
 * returning, after a restart, on the day their results are published, on one instance and on a fleet with
 * PostgreSQL, and the archive's size and write cost ({@link ResultsDayReturn}); {@code results-day-scale} — the same
 * day at a size that is a parameter, every answer after the announcement checked ({@link ResultsDayAtScale});
 * {@code alerts} — a new release dispatched to 500 webhook subscribers, alone and during a results-day burst
 * ({@link AlertsBenchmark}); {@code alerts-retention} — the alerts' tables per 1,000 subscribers and release, before
 * and after a pruning pass, on SQLite and PostgreSQL ({@link AlertsRetentionBenchmark}); {@code credits-backfill} —
 * the archive's upgrade filling subject credits from a million kept pages ({@link CreditsBackfillBenchmark});
 * {@code pdf} — the transcript
 * PDF of the fullest record on a cached transcript, its latency and size, with its JSON and {@code /compare} beside it
 * ({@link TranscriptPdfBenchmark});
 * {@code class-record} — the whole record of 60 hall tickets cold, asked again, and after a restart on the same
 * archive ({@link ClassRecordBenchmark}); {@code mcp} — an MCP tool call beside its HTTP twin on a cached transcript
 * ({@link McpBenchmark}); {@code wire} — the jar in a process of its own under {@code wrk}
 * ({@link WireBenchmark}).
 * Worlds ({@code -Dbench.worlds}): {@code latest}, a day {@code YYYY-MM-DD} (the university as it stood then),
 * either with {@code +YYYY-MM-DD} (the list without its rows released before that day).
 */
public final class Benchmarks {
    static final Duration L = Duration.ofMillis(Long.getLong("bench.latencyMs", 300));
    static final int SERVER_CAPACITY = 64;
    static final int STUDENTS_PER_BATCH = Integer.getInteger("bench.studentsPerBatch", 10);
    /** Regulations whose cold all-semesters lookups are measured, in order. */
    static final List<String> REGULATIONS =
            List.of(System.getProperty("bench.regulations", "R18,R22").split(","));

    static final List<String> SUITES =
            List.of(System.getProperty("bench.suites", "cold,replay,burst").split(","));
    static final List<String> WORLDS = List.of(System.getProperty("bench.worlds", "2023-11-30,latest,latest+2021-06-01")
            .split(","));
    static final Duration THROUGHPUT_RUN = Duration.ofSeconds(5);
    static final int THROUGHPUT_CLIENTS = 16;
    static final int WARM_UP_LOOKUPS = 150;

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Cohort cohort = Cohort.generate(Cohort.DEFAULT_SEED);

    public static void main(String[] args) throws Exception {
        try {
            new Benchmarks().run();
        } catch (Exception | Error e) {
            // The services and simulators a suite started would keep the JVM running: end it, failed.
            e.printStackTrace();
            System.exit(1);
        }
        System.exit(0);
    }

    /**
     * {@code redis}: cached {@code /all-r18} through one instance on the embedded store and on Redis
     * (a real {@code redis-server} on loopback), alternating, so that both see the same machine load; round 0 warms
     * the JIT and is not a result.
     */
    void cachedWithAndWithoutRedis() throws Exception {
        Student student = cohort.students().stream()
                .filter(s -> !s.lateralEntry() && s.results().size() > 4)
                .findFirst()
                .orElseThrow();
        try (UniversitySimulator simulator = UniversitySimulator.start(cohort, 0);
                RedisServer redis = RedisServer.start()) {
            for (int round = 0; round <= 2; round++) {
                for (String redisUrl : List.of("", redis.url())) {
                    // One client sends every request: no per-client limit, or the answers would be 429s.
                    Map<String, String> settings = new HashMap<>(Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "0"));
                    if (!redisUrl.isEmpty()) {
                        settings.put("RESULTS_REDIS_URL", redisUrl);
                    }
                    Javalin service = startService(simulator, settings);
                    String url = "http://127.0.0.1:" + service.port() + "/all-r18/" + student.hallTicket();
                    if (get(url).statusCode() != 200) {
                        throw new IllegalStateException("all-r18 failed for " + student.hallTicket());
                    }
                    String store = redisUrl.isEmpty() ? "embedded" : "redis   ";
                    System.out.printf(
                            "round %d%s, %s: %s; %s%n",
                            round, round == 0 ? " (warm-up)" : "", store, warmLatency(url), throughput(url));
                    service.stop();
                }
            }
        }
    }

    /** Median and p99 of 2,000 sequential requests for a cached answer. */
    private String warmLatency(String url) throws Exception {
        List<Double> warm = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            long start = System.nanoTime();
            getCached(url);
            warm.add((System.nanoTime() - start) / 1000.0);
        }
        return String.format("sequential median %.0f µs, p99 %.0f µs", median(warm), percentile(warm, 0.99));
    }

    /** Requests per second of {@link #THROUGHPUT_CLIENTS} concurrent clients over {@link #THROUGHPUT_RUN}. */
    private String throughput(String url) throws Exception {
        AtomicLong served = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        List<Double> latencies = Collections.synchronizedList(new ArrayList<>());
        try (var clients = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < THROUGHPUT_CLIENTS; c++) {
                clients.submit(() -> {
                    while (!stop.get()) {
                        long start = System.nanoTime();
                        getCached(url);
                        latencies.add((System.nanoTime() - start) / 1000.0);
                        served.incrementAndGet();
                    }
                    return null;
                });
            }
            Thread.sleep(THROUGHPUT_RUN.toMillis());
            stop.set(true);
        }
        return String.format(
                "%d clients: %.0f requests/s, p99 %.1f ms",
                THROUGHPUT_CLIENTS,
                served.get() / (double) THROUGHPUT_RUN.toSeconds(),
                percentile(latencies, 0.99) / 1000);
    }

    /** A request for a cached answer: anything but a 200 (a 429 of the per-client limit) would measure the wrong path. */
    private void getCached(String url) throws Exception {
        int status = get(url).statusCode();
        if (status != 200) {
            throw new IllegalStateException(url + " answered " + status + " instead of a cached 200");
        }
    }

    void run() throws Exception {
        System.out.printf(
                "simulator latency L = %d ms, capacity %d, seed %d; load average %s%n",
                L.toMillis(), SERVER_CAPACITY, cohort.seed(), loadAverage());
        if (SUITES.stream().anyMatch(List.of("cold", "burst", "cached", "programmes")::contains)) {
            warmUp();
        }
        if (SUITES.contains("cold")) {
            System.out.println("| lookups | n | latency median / p90 / max | upstream requests median / p90 / max"
                    + " | requests per real result page median / p90 / max |");
            for (String world : WORLDS) {
                new ColdLookups().measure(world, world(world));
            }
        }
        if (SUITES.contains("programmes")) {
            new ProgrammeLookups().run();
        }
        if (SUITES.contains("replay")) {
            System.out.println("\n| replayed searches | requests median / p90 / max | lookups per number of rounds |");
            for (String world : WORLDS) {
                new ReplayedSearches().measure(world, world(world));
            }
        }
        if (SUITES.contains("burst")) {
            new ResultsDayBurst().run(WORLDS.getFirst(), world(WORLDS.getFirst()));
        }
        if (SUITES.contains("cached")) {
            cached();
        }
        if (SUITES.contains("redis")) {
            cachedWithAndWithoutRedis();
        }
        if (SUITES.contains("fleet")) {
            new FleetBenchmarks(L).run();
        }
        if (SUITES.contains("results-day")) {
            new ResultsDayReturn(cohort).run();
        }
        if (SUITES.contains("results-day-scale")) {
            new ResultsDayAtScale().run();
        }
        if (SUITES.contains("alerts")) {
            new AlertsBenchmark(cohort).run();
        }
        if (SUITES.contains("alerts-retention")) {
            new AlertsRetentionBenchmark().run();
        }
        if (SUITES.contains("credits-backfill")) {
            new CreditsBackfillBenchmark().run();
        }
        if (SUITES.contains("pdf")) {
            new TranscriptPdfBenchmark(cohort).run();
        }
        if (SUITES.contains("mcp")) {
            new McpBenchmark(cohort).run();
        }
        if (SUITES.contains("class-record")) {
            new ClassRecordBenchmark(cohort).run();
        }
        if (SUITES.contains("wire")) {
            new WireBenchmark().run();
        }
        System.out.printf("%nload average at the end: %s%n", loadAverage());
    }

    /**
     * Lookups of another cohort on a university without latency, not measured: the numbers are of a warmed-up JVM
     * (its just-in-time compiler has seen the code), so the first world measured is not slower for being first.
     */
    private void warmUp() throws Exception {
        Cohort other = Cohort.generate(1);
        List<Student> students = other.students().stream()
                .filter(s -> !s.hasNoResult())
                .limit(WARM_UP_LOOKUPS)
                .toList();
        try (UniversitySimulator simulator = UniversitySimulator.start(other, 0)) {
            Javalin service =
                    startService(simulator, Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "0", "RESULTS_UPSTREAM_RPS", "0"));
            for (Student student : students) {
                get("http://127.0.0.1:" + service.port() + "/all/" + student.hallTicket());
            }
            service.stop();
        }
    }

    /** {@code latest}, {@code 2023-11-30}, {@code latest+2021-06-01}: see the class comment. */
    UniversitySimulator.Builder world(String name) {
        return world(cohort, name);
    }

    /** {@code cohort}'s university in the world {@code name} ({@code latest}, {@code 2023-11-30}…). */
    static UniversitySimulator.Builder world(Cohort cohort, String name) {
        String[] parts = name.split("\\+");
        UniversitySimulator.Builder world = UniversitySimulator.builder(cohort);
        if (!parts[0].equals("latest")) {
            world.asOf(LocalDate.parse(parts[0]));
        }
        if (parts.length > 1) {
            world.listFrom(LocalDate.parse(parts[1]));
        }
        return world;
    }

    /** Warm latency and cached throughput of one R18 student's answer, then a bulk job on a fresh service. */
    private void cached() throws Exception {
        try (UniversitySimulator simulator = UniversitySimulator.start(cohort, 0)) {
            simulator.setLatency(L, Duration.ZERO);
            simulator.setMaxConcurrent(SERVER_CAPACITY);
            // One client sends every request: without a per-client limit, or most answers would be 429s.
            Javalin service = startService(simulator, Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "0"));
            String base = "http://127.0.0.1:" + service.port();
            get(base + "/new/all");
            Student warmStudent = cohort.students().stream()
                    .filter(s -> s.regulation().equals("R18") && s.results().size() > 8)
                    .findFirst()
                    .orElseThrow();
            String url = base + "/all-r18/" + warmStudent.hallTicket();
            get(url);
            System.out.printf("cached /all-r18: %s; %s%n", warmLatency(url), throughput(url));
            service.stop();
            // Bulk on empty caches (every hall ticket is asked), polled by one client every 20 ms: no per-client limit.
            Javalin fresh = startService(simulator, Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "0"));
            get("http://127.0.0.1:" + fresh.port() + "/new/all");
            bulk(simulator, "http://127.0.0.1:" + fresh.port());
            fresh.stop();
        }
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private void bulk(UniversitySimulator simulator, String base) throws Exception {
        LargestSectionJob job = LargestSectionJob.of(cohort);
        long before = simulator.requestCount("/resultAction");
        long start = System.nanoTime();
        job.runThrough(List.of(base));
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                "bulk 198 hall tickets (%s01-%sJ8, exam %s): final array after %.2f s (%.1f L), %d upstream requests%n",
                job.prefix(),
                job.prefix(),
                job.examCode(),
                seconds,
                seconds * 1e9 / L.toNanos(),
                simulator.requestCount("/resultAction") - before);
    }

    /**
     * The university of {@code world} as it stood on {@code day}, answering in {@link #L} with
     * {@link #SERVER_CAPACITY} requests at once.
     */
    static UniversitySimulator university(Cohort world, LocalDate day) {
        UniversitySimulator simulator =
                UniversitySimulator.builder(world).asOf(day).start(0);
        simulator.setLatency(L, Duration.ZERO);
        simulator.setMaxConcurrent(SERVER_CAPACITY);
        return simulator;
    }

    /**
     * The service with its default settings and {@code settings}, asking the simulator (primary and mirror form), with
     * an empty data folder of its own unless {@code settings} name one.
     */
    static Javalin startService(UniversitySimulator simulator, Map<String, String> settings) {
        Map<String, String> all =
                new HashMap<>(Map.of("RESULTS_DATA_DIR", DataFolders.fresh().toString()));
        all.putAll(settings);
        ServiceConfig config = ConfigReader.read(List.of("--port", "0"), all)
                .withUpstreamUrls(List.of(simulator.baseUrl(), URI.create(simulator.baseUrl() + "/results")));
        return App.create(config).start();
    }

    /** A GET from the benchmark's one HTTP client (60 s at most). */
    static HttpResponse<String> get(String url) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(60))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static double median(List<Double> values) {
        return percentile(values, 0.5);
    }

    private static double percentile(List<Double> values, double p) {
        return Spread.percentileOf(values, p);
    }
}
