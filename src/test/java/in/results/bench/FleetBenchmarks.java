package in.results.bench;

import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.testing.RedisServer;
import io.javalin.Javalin;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code -Dbench.suites=fleet}: three instances on one real {@code redis-server}, against the simulator (answer time
 * L, 64 requests at once) on loopback, default settings but for the per-client limit (off: one client sends
 * everything): cold {@code /all-r18} lookups spread over the instances, the
 * same cold lookup asked 30 times at once through the three, and one bulk job started on one instance and polled
 * round robin through all three. Bounded: 20 cold lookups, 30 concurrent requests, one 198-hall-ticket job.
 */
final class FleetBenchmarks {
    private final Duration latency;

    FleetBenchmarks(Duration latency) {
        this.latency = latency;
    }

    void run() throws Exception {
        Cohort cohort = Cohort.generate(Cohort.DEFAULT_SEED);
        try (UniversitySimulator simulator = UniversitySimulator.start(cohort, 0);
                RedisServer redis = RedisServer.start()) {
            simulator.setLatency(latency, Duration.ZERO);
            simulator.setMaxConcurrent(Benchmarks.SERVER_CAPACITY);
            List<Javalin> fleet = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                fleet.add(startMember(simulator, redis.url()));
            }
            List<String> bases = fleet.stream()
                    .map(service -> "http://127.0.0.1:" + service.port())
                    .toList();
            Benchmarks.get(bases.get(0) + "/new/all"); // the release list, shared from then on
            Javalin alone = startMember(simulator, "");
            String aloneBase = "http://127.0.0.1:" + alone.port();
            Benchmarks.get(aloneBase + "/new/all");
            coldLookups(cohort, simulator, List.of(aloneBase), "one instance, embedded store");
            coldLookups(cohort, simulator, bases, "three instances on Redis");
            identicalColdLookups(cohort, simulator, List.of(aloneBase), "one instance, embedded store");
            identicalColdLookups(cohort, simulator, bases, "three instances on Redis");
            alone.stop();
            bulk(cohort, simulator, bases);
            fleet.forEach(Javalin::stop);
        }
    }

    /** 20 students, each looked up once on an empty store, through instance i mod n in turn. */
    private void coldLookups(Cohort cohort, UniversitySimulator simulator, List<String> bases, String label)
            throws Exception {
        List<Student> students = new ArrayList<>(cohort.students().stream()
                .filter(s -> s.regulation().equals("R18") && !s.results().isEmpty())
                .toList());
        Collections.shuffle(students, new Random(7));
        List<Double> latencies = new ArrayList<>();
        List<Long> requests = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            long before = simulator.requestCount("/resultAction");
            long start = System.nanoTime();
            int status = Benchmarks.get(bases.get(i % bases.size()) + "/all-r18/"
                            + students.get(i).hallTicket())
                    .statusCode();
            latencies.add((System.nanoTime() - start) / (double) latency.toNanos());
            requests.add(simulator.requestCount("/resultAction") - before);
            if (status != 200) {
                throw new IllegalStateException("/all-r18 answered " + status);
            }
        }
        System.out.printf(
                "fleet: cold /all-r18, 20 students, %s: latency median %.2f L, p90 %.2f L;"
                        + " upstream requests median %d, max %d%n",
                label,
                Spread.percentileOf(latencies, 0.5),
                Spread.percentileOf(latencies, 0.9),
                (long) Spread.percentileOf(requests, 0.5),
                Collections.max(requests));
    }

    /** One cold student asked 30 times at once, spread over the instances. */
    private void identicalColdLookups(Cohort cohort, UniversitySimulator simulator, List<String> bases, String label)
            throws Exception {
        Student student = cohort.students().stream()
                .filter(s -> s.regulation().equals("R18")
                        && !s.lateralEntry()
                        && s.results().size() > 8)
                .skip(50)
                .findFirst()
                .orElseThrow();
        long before = simulator.requestCount("/resultAction");
        long start = System.nanoTime();
        List<Integer> statuses = new ArrayList<>();
        try (var clients = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Integer>> sent = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                String url = bases.get(i % bases.size()) + "/all-r18/" + student.hallTicket();
                sent.add(clients.submit(() -> Benchmarks.get(url).statusCode()));
            }
            for (Future<Integer> status : sent) {
                statuses.add(status.get());
            }
        }
        if (statuses.stream().anyMatch(status -> status != 200)) {
            throw new IllegalStateException("identical lookups answered " + statuses);
        }
        System.out.printf(
                "fleet: 30 identical cold /all-r18 at once, %s: all answered after %.2f L," + " %d upstream requests%n",
                label,
                (System.nanoTime() - start) / (double) latency.toNanos(),
                simulator.requestCount("/resultAction") - before);
    }

    /** 198 hall tickets of the largest section: started on the first instance, polled round robin every 20 ms. */
    private void bulk(Cohort cohort, UniversitySimulator simulator, List<String> bases) throws Exception {
        simulator.resetCounters();
        long start = System.nanoTime();
        LargestSectionJob.of(cohort).runThrough(bases);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                "fleet: bulk 198 hall tickets started on one instance, polled through three: final array after"
                        + " %.2f s (%.1f L), %d upstream requests, peak %d at once at the university%n",
                seconds,
                seconds * 1e9 / latency.toNanos(),
                simulator.requestCount("/resultAction"),
                simulator.maxConcurrentSeen());
    }

    /**
     * An instance on Redis at {@code redisUrl}, or alone ("" = embedded store), without a per-client limit: the
     * benchmark is one client, and the bulk job is polled every 20 ms.
     */
    private static Javalin startMember(UniversitySimulator simulator, String redisUrl) {
        return Benchmarks.startService(
                simulator, Map.of("RESULTS_REDIS_URL", redisUrl, "RESULTS_RATE_LIMIT_PER_MINUTE", "0"));
    }
}
