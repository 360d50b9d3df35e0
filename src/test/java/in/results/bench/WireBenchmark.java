package in.results.bench;

import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@code -Dbench.suites=wire}: the service as it is run in production — the jar in a process of its own, started with
 * the options of {@code jvm.options} — against the university simulator (in this JVM, latency L, capacity 64) on
 * loopback. Measures, for one fresh process: the time until {@code /health} answers, the first cold
 * {@code /all-r18} lookup after start against later cold lookups of comparable students (the same exam pages, so
 * the same upstream requests), cached {@code /all-r18} against {@code /health} with {@code wrk} at 200 and 50
 * connections (and once with {@code Accept-Encoding: gzip}), and the process's resident memory after that load. The
 * start and the cold lookups are repeated on {@code -Dbench.starts} (3) fresh processes: one first lookup is one sample.
 *
 * <p>Options: {@code -Dbench.jar=target/results-service.jar}, {@code -Dbench.jvmOptions=jvm.options} ({@code none}:
 * the JVM's defaults), {@code -Dbench.wrkSeconds=10}; {@code -Dbench.baselineJar=<jar>} measures that jar too (with
 * {@code -Dbench.baselineOptions}, default {@code none}), each step alternating with the current one so that both
 * see the same machine load. Bounded: per service 3 starts with 4 cold lookups each, a 20-second warm-up and 5 wrk
 * runs.
 */
final class WireBenchmark {
    private static final Duration L = Benchmarks.L;
    private static final int WRK_SECONDS = Integer.getInteger("bench.wrkSeconds", 10);
    private static final int LATER_COLD_LOOKUPS = 3;
    /** Fresh starts per service, each with its first cold lookup. */
    private static final int STARTS = Integer.getInteger("bench.starts", 3);
    /** The class data sharing archive of jvm.options. */
    private static final Path CDS_ARCHIVE = Path.of("target", "results-service.jsa");
    /** How long after {@code /health} first answers the first lookup is sent: a client arriving soon after start. */
    private static final Duration FIRST_CLIENT_AFTER = Duration.ofSeconds(1);

    private static final Pattern RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern TOTAL = Pattern.compile("(\\d+) requests in");
    private static final Pattern P99 = Pattern.compile("\\s99%\\s+([0-9.]+)(us|ms|s)");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses: (\\d+)");
    private static final Pattern SOCKET_ERRORS = Pattern.compile("Socket errors: (.*)");

    /** One way of running the service: a jar and the file of JVM options it is started with ({@code none}). */
    record Variant(String label, Path jar, String jvmOptions) {}

    void run() throws Exception {
        List<Variant> variants = new ArrayList<>();
        String baseline = System.getProperty("bench.baselineJar", "");
        if (!baseline.isEmpty()) {
            variants.add(
                    new Variant("baseline", Path.of(baseline), System.getProperty("bench.baselineOptions", "none")));
        }
        variants.add(new Variant(
                "current",
                Path.of(System.getProperty("bench.jar", "target/results-service.jar")),
                System.getProperty("bench.jvmOptions", "jvm.options")));
        for (Variant variant : variants) {
            if (!Files.isRegularFile(variant.jar())) {
                throw new IllegalStateException("no jar at " + variant.jar() + " (scripts/bench.sh builds it)");
            }
        }
        Cohort cohort = Cohort.generate(Cohort.DEFAULT_SEED);
        List<Student> comparable = comparableStudents(cohort, 1 + LATER_COLD_LOOKUPS);
        try (UniversitySimulator simulator = UniversitySimulator.start(cohort, 0)) {
            simulator.setLatency(L, Duration.ZERO);
            simulator.setMaxConcurrent(Benchmarks.SERVER_CAPACITY);
            System.out.printf(
                    "wire: simulator L = %d ms; %d comparable R18 students (exam pages %s); wrk -t2 -d%ds;"
                            + " load average %s%n",
                    L.toMillis(),
                    comparable.size(),
                    comparable.getFirst().results().keySet(),
                    WRK_SECONDS,
                    loadAverage());
            List<Service> services = new ArrayList<>();
            try {
                for (Variant variant : variants) {
                    services.add(startsWithColdLookups(variant, simulator, comparable));
                }
                for (Service service : services) { // JIT warm-up of every path measured (compiling costs CPU too)
                    wrk(service, "/health", 200, 5, List.of());
                    wrk(service, "/all-r18/" + service.cached(), 200, 10, List.of());
                    wrk(service, "/all-r18/" + service.cached(), 200, 5, List.of("-H", "Accept-Encoding: gzip"));
                }
                for (int connections : List.of(200, 50)) {
                    for (Service service : services) {
                        WrkResult health = wrk(service, "/health", connections, WRK_SECONDS, List.of());
                        WrkResult cached =
                                wrk(service, "/all-r18/" + service.cached(), connections, WRK_SECONDS, List.of());
                        System.out.printf(
                                "%s, %d connections: /health %s; cached /all-r18 %s; ratio %.2f%n",
                                service.variant().label(), connections, health, cached, cached.rate() / health.rate());
                    }
                }
                for (Service service : services) {
                    WrkResult gzip = wrk(
                            service,
                            "/all-r18/" + service.cached(),
                            200,
                            WRK_SECONDS,
                            List.of("-H", "Accept-Encoding: gzip"));
                    System.out.printf(
                            "%s, 200 connections, Accept-Encoding: gzip: cached /all-r18 %s%n",
                            service.variant().label(), gzip);
                }
                for (Service service : services) {
                    System.out.printf(
                            "%s: after the load %s; load average %s%n",
                            service.variant().label(), memoryOf(service.process()), loadAverage());
                }
            } finally {
                for (Service service : services) {
                    stop(service);
                }
            }
        }
    }

    /** A started service process and the hall ticket whose answer it has cached ("" before its lookups). */
    private record Service(Variant variant, Process process, String base, String cached) {}

    /**
     * {@link #STARTS} fresh processes of {@code variant}, one after the other; in each, a cold lookup of one of
     * {@code students} right after start, then of the others (the first one taking turns, so that each start is
     * measured on another student). Returns the last process, running, with its first student cached.
     */
    private Service startsWithColdLookups(Variant variant, UniversitySimulator simulator, List<Student> students)
            throws Exception {
        List<Double> ratios = new ArrayList<>();
        Service service = null;
        for (int start = 0; start < STARTS; start++) {
            if (service != null) {
                stop(service);
            }
            List<Student> order = new ArrayList<>(students);
            Collections.rotate(order, -start);
            service = start(variant, simulator);
            ratios.add(coldLookups(service, simulator, order));
            service = new Service(
                    variant, service.process(), service.base(), order.getFirst().hallTicket());
        }
        System.out.printf(
                "%s: first / later cold lookup over %d starts: %s, median %.2f%n",
                variant.label(),
                STARTS,
                ratios.stream().map(r -> String.format(Locale.ROOT, "%.2f", r)).collect(Collectors.joining(", ")),
                median(ratios));
        String cached = service.cached();
        HttpResponse<String> hit = Benchmarks.get(service.base() + "/all-r18/" + cached);
        System.out.printf(
                "%s: cached /all-r18/%s: X-Cache %s, %d bytes of JSON%n",
                variant.label(),
                cached,
                hit.headers().firstValue("X-Cache").orElse("?"),
                hit.body().getBytes(StandardCharsets.UTF_8).length);
        return service;
    }

    private Service start(Variant variant, UniversitySimulator simulator) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        if (!variant.jvmOptions().equals("none")) {
            command.add("@" + variant.jvmOptions());
        }
        command.addAll(List.of("-jar", variant.jar().toString(), "--port", Integer.toString(port)));
        Path log = Path.of("target", "bench-wire-" + variant.label() + ".log");
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        String upstream = simulator.baseUrl() + "," + simulator.baseUrl() + "/results";
        builder.environment()
                .putAll(Map.of(
                        "RESULTS_UPSTREAM_URLS",
                        upstream,
                        // The per-client limit stays on (its cost is part of the hot path) with room for every wrk
                        // request.
                        "RESULTS_RATE_LIMIT_PER_MINUTE",
                        "1000000"));
        boolean archived = !variant.jvmOptions().equals("none") && Files.exists(CDS_ARCHIVE);
        long listBefore = simulator.requestCount("/jsp/home.jsp");
        long start = System.nanoTime();
        Process process = builder.start();
        String base = "http://127.0.0.1:" + port;
        while (!answers(base + "/health")) {
            if (!process.isAlive()
                    || System.nanoTime() - start > Duration.ofSeconds(60).toNanos()) {
                throw new IllegalStateException(variant.label() + " did not start; see " + log);
            }
            Thread.sleep(20);
        }
        double startedSeconds = (System.nanoTime() - start) / 1e9;
        Thread.sleep(FIRST_CLIENT_AFTER.toMillis());
        System.out.printf(
                "%s: %s%s%s, /health answered %.2f s after start; release list fetched %d times before the"
                        + " first lookup%n",
                variant.label(),
                variant.jar(),
                variant.jvmOptions().equals("none") ? " (JVM defaults)" : " @" + variant.jvmOptions(),
                archived ? " (" + CDS_ARCHIVE + " there at start)" : "",
                startedSeconds,
                simulator.requestCount("/jsp/home.jsp") - listBefore);
        return new Service(variant, process, base, "");
    }

    /** Cold lookups of {@code students} in order; prints them and returns the first one's latency over the others'. */
    private double coldLookups(Service service, UniversitySimulator simulator, List<Student> students)
            throws Exception {
        List<Double> latencies = new ArrayList<>();
        List<Long> requests = new ArrayList<>();
        List<Long> cpuMillis = new ArrayList<>();
        for (Student student : students) {
            long before = simulator.requestCount("/resultAction");
            long cpuBefore = cpuMicros(service.process());
            long sent = System.nanoTime();
            HttpResponse<String> reply = Benchmarks.get(service.base() + "/all-r18/" + student.hallTicket());
            latencies.add((System.nanoTime() - sent) / (double) L.toNanos());
            cpuMillis.add((cpuMicros(service.process()) - cpuBefore) / 1000);
            requests.add(simulator.requestCount("/resultAction") - before);
            if (reply.statusCode() != 200) {
                throw new IllegalStateException(
                        "/all-r18 answered " + reply.statusCode() + " for " + student.hallTicket());
            }
        }
        List<Double> later = latencies.subList(1, latencies.size());
        double ratio = latencies.getFirst() / median(later);
        System.out.printf(
                "%s: first cold /all-r18 after start %.2f L (%d upstream requests, %d ms CPU); later cold"
                        + " lookups of comparable students %s L (requests %s, CPU ms %s); first / later median = %.2f%n",
                service.variant().label(),
                latencies.getFirst(),
                requests.getFirst(),
                cpuMillis.getFirst(),
                later.stream().map(v -> String.format(Locale.ROOT, "%.2f", v)).collect(Collectors.joining(", ")),
                requests.subList(1, requests.size()),
                cpuMillis.subList(1, cpuMillis.size()),
                ratio);
        return ratio;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.size() % 2 == 1
                ? sorted.get(sorted.size() / 2)
                : (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2;
    }

    private static void stop(Service service) throws InterruptedException {
        service.process().destroy(); // SIGTERM: the service stops as in production (and writes its CDS archive)
        if (!service.process().waitFor(30, TimeUnit.SECONDS)) {
            service.process().destroyForcibly();
        }
    }

    /**
     * {@code count} R18 students (not lateral entrants) with the same exam and RC/RV pages, so that a cold lookup of
     * each asks the university the same releases: the largest such group.
     */
    private static List<Student> comparableStudents(Cohort cohort, int count) {
        Map<List<String>, List<Student>> groups = cohort.students().stream()
                .filter(s -> s.regulation().equals("R18")
                        && !s.lateralEntry()
                        && s.results().size() >= 4)
                .collect(Collectors.groupingBy(s -> List.of(
                        s.admissionYear() + ":" + s.results().keySet(),
                        String.valueOf(s.rcrvResults().keySet()))));
        List<Student> largest = groups.values().stream()
                .max(Comparator.comparingInt(List::size))
                .orElseThrow();
        if (largest.size() < count) {
            throw new IllegalStateException("only " + largest.size() + " comparable students, " + count + " needed");
        }
        return largest.subList(0, count);
    }

    /**
     * Requests per second and p99 of one wrk run, with anything that was not an answer, and the service's CPU time
     * per request: on a machine shared with other work the rate follows the load, the CPU time much less.
     */
    record WrkResult(double rate, double p99Millis, double cpuMicrosPerRequest, String errors) {
        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "%,.0f requests/s, p99 %.1f ms, %.0f µs CPU per request%s",
                    rate,
                    p99Millis,
                    cpuMicrosPerRequest,
                    errors.isEmpty() ? "" : " (" + errors + ")");
        }
    }

    private static WrkResult wrk(Service service, String path, int connections, int seconds, List<String> headers)
            throws IOException, InterruptedException {
        List<String> command =
                new ArrayList<>(List.of("wrk", "-t2", "-c" + connections, "-d" + seconds + "s", "--latency"));
        command.addAll(headers);
        command.add(service.base() + path);
        long cpuBefore = cpuMicros(service.process());
        Process wrk;
        try {
            wrk = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IllegalStateException("the wire benchmark needs wrk (apt-get install -y wrk)", e);
        }
        String output = new String(wrk.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!wrk.waitFor(seconds + 30L, TimeUnit.SECONDS) || wrk.exitValue() != 0) {
            throw new IllegalStateException("wrk failed: " + output);
        }
        long cpu = cpuMicros(service.process()) - cpuBefore;
        Matcher rate = RATE.matcher(output);
        Matcher p99 = P99.matcher(output);
        Matcher total = TOTAL.matcher(output);
        if (!rate.find() || !p99.find() || !total.find()) {
            throw new IllegalStateException("wrk printed no rate or p99: " + output);
        }
        double p99Millis = Double.parseDouble(p99.group(1))
                * switch (p99.group(2)) {
                    case "us" -> 0.001;
                    case "ms" -> 1;
                    default -> 1000;
                };
        List<String> errors = new ArrayList<>();
        Matcher non2xx = NON_2XX.matcher(output);
        if (non2xx.find()) {
            errors.add(non2xx.group(1) + " non-2xx answers");
        }
        Matcher socket = SOCKET_ERRORS.matcher(output);
        if (socket.find()) {
            errors.add("socket errors: " + socket.group(1).strip());
        }
        return new WrkResult(
                Double.parseDouble(rate.group(1)),
                p99Millis,
                cpu / (double) Math.max(1, Long.parseLong(total.group(1))),
                String.join("; ", errors));
    }

    /** The CPU time the process has used, user and system ({@code /proc/<pid>/stat}, in clock ticks of 10 ms). */
    private static long cpuMicros(Process process) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10_000;
    }

    /** Resident memory now and at its peak ({@code /proc/<pid>/status}: VmRSS, VmHWM). */
    private static String memoryOf(Process process) throws IOException {
        Map<String, String> status =
                Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status")).stream()
                        .filter(line -> line.startsWith("VmRSS") || line.startsWith("VmHWM"))
                        .collect(Collectors.toMap(
                                line -> line.substring(0, 5),
                                line -> line.substring(6).strip()));
        return "RSS " + megabytes(status.get("VmRSS")) + " (peak " + megabytes(status.get("VmHWM")) + ")";
    }

    private static String megabytes(String kilobytes) {
        return Long.parseLong(kilobytes.replace("kB", "").strip()) / 1024 + " MB";
    }

    private static String loadAverage() throws IOException {
        String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
        return fields[0] + " " + fields[1] + " " + fields[2];
    }

    private boolean answers(String url) {
        try {
            return Benchmarks.get(url).statusCode() == 200;
        } catch (Exception e) {
            return false;
        }
    }
}
