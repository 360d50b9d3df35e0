package in.results.bench;

import in.results.App;
import in.results.config.ConfigReader;
import in.results.config.ServiceConfig;
import in.results.simulator.Cohort;
import in.results.simulator.Student;
import in.results.simulator.UniversitySimulator;
import in.results.testing.RedisServer;
import io.javalin.Javalin;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * Reproducible benchmark of the service against the university simulator on loopback (numbers in BENCHMARKS.md).
 * Run with {@code scripts/bench.sh}. The simulator answers every request in a fixed time L and serves at most
 * {@link #SERVER_CAPACITY} at once; the service runs with its default settings. Bounded in count and time.
 */
public final class Benchmarks {
    static final Duration L = Duration.ofMillis(Long.getLong("bench.latencyMs", 200));
    static final int SERVER_CAPACITY = 64;
    static final int STUDENTS_PER_BATCH = Integer.getInteger("bench.studentsPerBatch", 10);
    /** Regulations whose cold all-semesters lookups are measured, in order; the first one's is measured warm. */
    static final List<String> REGULATIONS =
            List.of(System.getProperty("bench.regulations", "R18,R22").split(","));

    static final Duration THROUGHPUT_RUN = Duration.ofSeconds(5);
    static final int THROUGHPUT_CLIENTS = 16;

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public static void main(String[] args) throws Exception {
        switch (System.getProperty("bench.suite", "lookups")) {
            case "redis" -> new Benchmarks().cachedWithAndWithoutRedis();
            case "fleet" -> new FleetBenchmarks(L).run();
            case "wire" -> new WireBenchmark().run();
            default -> new Benchmarks().run();
        }
        System.exit(0);
    }

    /**
     * {@code -Dbench.suite=redis}: cached {@code /all-r18} through one instance on the embedded store and on Redis
     * (a real {@code redis-server} on loopback), alternating, so that both see the same machine load; round 0 warms
     * the JIT and is not a result.
     */
    void cachedWithAndWithoutRedis() throws Exception {
        Cohort cohort = Cohort.generate(Cohort.DEFAULT_SEED);
        Student student = cohort.students().stream()
                .filter(s -> !s.lateralEntry() && s.results().size() > 4)
                .findFirst()
                .orElseThrow();
        try (UniversitySimulator simulator = UniversitySimulator.start(cohort, 0);
                RedisServer redis = RedisServer.start()) {
            for (int round = 0; round <= 2; round++) {
                for (String redisUrl : List.of("", redis.url())) {
                    Javalin service = startService(
                            simulator, redisUrl.isEmpty() ? Map.of() : Map.of("RESULTS_REDIS_URL", redisUrl));
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
            get(url);
            warm.add((System.nanoTime() - start) / 1000.0);
        }
        return String.format("sequential median %.0f µs, p99 %.0f µs", median(warm), percentile(warm, 0.99));
    }

    /** Requests per second of {@link #THROUGHPUT_CLIENTS} concurrent clients over {@link #THROUGHPUT_RUN}. */
    private String throughput(String url) throws Exception {
        AtomicLong served = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        List<Double> latencies = java.util.Collections.synchronizedList(new ArrayList<>());
        try (var clients = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < THROUGHPUT_CLIENTS; c++) {
                clients.submit(() -> {
                    while (!stop.get()) {
                        long start = System.nanoTime();
                        get(url);
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

    void run() throws Exception {
        Cohort cohort = Cohort.generate(Cohort.DEFAULT_SEED);
        try (UniversitySimulator simulator = UniversitySimulator.start(cohort, 0)) {
            simulator.setLatency(L, Duration.ZERO);
            simulator.setMaxConcurrent(SERVER_CAPACITY);
            System.out.printf(
                    "simulator latency L = %d ms, capacity %d; %d releases listed, %d of them R18 B.Tech,"
                            + " %d R22 B.Tech (an ask-everything lookup like the old service's sends one request per row of the"
                            + " regulation)%n",
                    L.toMillis(),
                    SERVER_CAPACITY,
                    cohort.exams().size(),
                    btechRows(cohort, "R18"),
                    btechRows(cohort, "R22"));
            Javalin service = startService(simulator);
            String base = "http://127.0.0.1:" + service.port();
            get(base + "/new/all"); // the release list is fetched once per 30 minutes, not per lookup
            Student warmStudent = null;
            for (String regulation : REGULATIONS) {
                // Each regulation's picks have a seed of their own: R18's are the same students as before R22 existed.
                Student last = coldAllSemesters(
                        cohort, simulator, base, regulation, new Random(regulation.equals("R18") ? 7 : 22));
                warmStudent = warmStudent == null ? last : warmStudent;
            }
            warmAllSemesters(base, warmStudent);
            service.stop();
            Javalin fresh = startService(simulator); // bulk on empty caches: every hall ticket is asked
            get("http://127.0.0.1:" + fresh.port() + "/new/all");
            bulk(cohort, simulator, "http://127.0.0.1:" + fresh.port());
            fresh.stop();
        }
    }

    private static long btechRows(Cohort cohort, String regulation) {
        return cohort.exams().stream()
                .filter(exam ->
                        exam.regulation().equals(regulation) && exam.degree().equals("btech"))
                .count();
    }

    /**
     * Cold {@code /all-<regulation>} lookups of {@link #STUDENTS_PER_BATCH} students per batch (lateral entrants
     * count with the batch they joined), picked with {@code random}; returns the last student looked up.
     */
    private Student coldAllSemesters(
            Cohort cohort, UniversitySimulator simulator, String base, String regulation, Random random)
            throws Exception {
        String path = "/all-" + regulation.toLowerCase(Locale.ROOT) + "/";
        Map<Integer, List<Student>> byBatch = cohort.students().stream()
                .filter(s -> !s.results().isEmpty() && s.regulation().equals(regulation))
                .collect(Collectors.groupingBy(Student::admissionYear, TreeMap::new, Collectors.toList()));
        List<Double> latencies = new ArrayList<>();
        List<Long> requests = new ArrayList<>();
        Student lastStudent = null;
        for (var batch : byBatch.entrySet()) {
            List<Student> students = new ArrayList<>(batch.getValue());
            Collections.shuffle(students, random);
            List<Double> batchLatencies = new ArrayList<>();
            List<Long> batchRequests = new ArrayList<>();
            for (Student student : students.subList(0, Math.min(STUDENTS_PER_BATCH, students.size()))) {
                long before = simulator.requestCount("/resultAction");
                long start = System.nanoTime();
                int status = get(base + path + student.hallTicket()).statusCode();
                double inL = (System.nanoTime() - start) / (double) L.toNanos();
                if (status != 200) {
                    throw new IllegalStateException(path + " answered " + status + " for " + student.hallTicket());
                }
                batchLatencies.add(inL);
                batchRequests.add(simulator.requestCount("/resultAction") - before);
                lastStudent = student;
            }
            System.out.printf(
                    "%s batch %d: cold %s latency median %.2f L (max %.2f L), upstream requests median %d"
                            + " (min %d, max %d)%n",
                    regulation,
                    batch.getKey(),
                    path,
                    median(batchLatencies),
                    Collections.max(batchLatencies),
                    medianLong(batchRequests),
                    Collections.min(batchRequests),
                    Collections.max(batchRequests));
            latencies.addAll(batchLatencies);
            requests.addAll(batchRequests);
        }
        System.out.printf(
                "%s ALL %d students: cold latency median %.2f L, p90 %.2f L, max %.2f L; requests median %d,"
                        + " p90 %d, max %d%n",
                regulation,
                latencies.size(),
                median(latencies),
                percentile(latencies, 0.9),
                Collections.max(latencies),
                medianLong(requests),
                (long) percentile(requests.stream().map(Long::doubleValue).toList(), 0.9),
                Collections.max(requests));
        return lastStudent;
    }

    private void warmAllSemesters(String base, Student warmStudent) throws Exception {
        String path = "/all-" + warmStudent.regulation().toLowerCase(Locale.ROOT) + "/";
        String warmUrl = base + path + warmStudent.hallTicket();
        List<Double> warm = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            long start = System.nanoTime();
            get(warmUrl);
            warm.add((System.nanoTime() - start) / 1000.0);
        }
        System.out.printf(
                "warm (cached) %s: median %.0f µs, p99 %.0f µs over 2000 sequential requests%n",
                path, median(warm), percentile(warm, 0.99));

        AtomicLong served = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        try (var clients = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < THROUGHPUT_CLIENTS; c++) {
                clients.submit(() -> {
                    while (!stop.get()) {
                        get(warmUrl);
                        served.incrementAndGet();
                    }
                    return null;
                });
            }
            Thread.sleep(THROUGHPUT_RUN.toMillis());
            stop.set(true);
        }
        System.out.printf(
                "cached %s throughput: %.0f requests/s (%d clients, %d s, client in the same JVM)%n",
                path,
                served.get() / (double) THROUGHPUT_RUN.toSeconds(),
                THROUGHPUT_CLIENTS,
                THROUGHPUT_RUN.toSeconds());
    }

    private void bulk(Cohort cohort, UniversitySimulator simulator, String base) throws Exception {
        Map<String, Long> sections = cohort.students().stream()
                .collect(Collectors.groupingBy(s -> s.hallTicket().substring(0, 8), Collectors.counting()));
        String prefix = Collections.max(sections.entrySet(), Map.Entry.comparingByValue())
                .getKey();
        Student someone = cohort.students().stream()
                .filter(s -> s.hallTicket().startsWith(prefix) && !s.results().isEmpty())
                .findFirst()
                .orElseThrow();
        String code = someone.results().keySet().iterator().next();
        StringBuilder query = new StringBuilder("/api?hallticket_from=" + prefix + "01&hallticket_to=" + prefix + "J8");
        cohort.exam(code)
                .orElseThrow()
                .linkParams()
                .forEach((key, value) ->
                        query.append('&').append(key).append('=').append(value));
        long before = simulator.requestCount("/resultAction");
        long start = System.nanoTime();
        HttpResponse<String> reply = get(base + query);
        while (reply.statusCode() == 202) {
            Thread.sleep(20);
            reply = get(base + query);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                "bulk 198 hall tickets (%s01-%sJ8, exam %s): final array after %.2f s (%.1f L), %d upstream requests, status %d%n",
                prefix,
                prefix,
                code,
                seconds,
                seconds * 1e9 / L.toNanos(),
                simulator.requestCount("/resultAction") - before,
                reply.statusCode());
    }

    private static Javalin startService(UniversitySimulator simulator) {
        return startService(simulator, Map.of());
    }

    private static Javalin startService(UniversitySimulator simulator, Map<String, String> settings) {
        ServiceConfig config = ConfigReader.read(List.of("--port", "0"), settings)
                .withUpstreamUrls(List.of(simulator.baseUrl(), URI.create(simulator.baseUrl() + "/results")));
        return App.create(config).start();
    }

    private HttpResponse<String> get(String url) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(60))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static double median(List<Double> values) {
        return percentile(values, 0.5);
    }

    private static long medianLong(List<Long> values) {
        return (long) percentile(values.stream().map(Long::doubleValue).toList(), 0.5);
    }

    private static double percentile(List<Double> values, double p) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.floor(p * (sorted.size() - 1) + 0.5)));
    }
}
