package in.results.bench;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.bench.ClientCrowd.Sent;
import in.results.config.ConfigReader;
import in.results.e2e.ExpectedTranscript;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.testing.DataFolders;
import in.results.testing.PostgresServer;
import in.results.testing.RedisServer;
import io.javalin.Javalin;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * {@code -Dbench.suites=results-day}: students come back on the day their results are published, to a service that
 * restarted since it last saw them (the issue "Results day"). The university of {@link #LATE_2023} moves to the day
 * before its next regular release of one of our R18 batches; 200 R18 students ({@link #BATCH_STUDENTS} of that batch,
 * the rest of others, those with an RC/RV result soon after first) are looked up once; the service restarts on the
 * same data folder; the university publishes ({@link UniversitySimulator#advanceTo}); once the service's own list
 * shows the release, the 200 come back, {@link ResultsDayBurst#REQUESTS_EACH} requests each from
 * {@link ResultsDayBurst#CLIENTS} clients; then the university publishes the RC/RV releases of the following days and
 * the 200 come back once more. Every 200 answer is compared with {@link ExpectedTranscript} of the simulator's truth
 * on that day, and the university's requests are counted per student ({@link UniversitySimulator#resultRequestsFor}).
 * The same story runs for three instances on one Redis and one PostgreSQL, with Redis emptied and two instances
 * restarted before the publication; last, the archive's size per student and its write cost per cold lookup.
 * Before each wave the clients open their connections (a {@code /health} each, at once, reported): hundreds of
 * connections opened at once cost the benchmark's own process, on the cores the service uses, what real clients pay
 * on their own machines.
 *
 * <p>L = {@link Benchmarks#L}, the university serves {@link Benchmarks#SERVER_CAPACITY} at once; the services run
 * with default settings but for a trusted proxy (each client has an address of its own). Bounded: 210 + 210 + 10 +
 * 300 + 1,000 + 200 + 200 requests on one instance (100 + 100 + 100 + 200 on the fleet), visibility waits of at most
 * {@link #LONGEST_VISIBILITY_WAIT} polled every {@link #POLL}, quiet waits of at most two minutes, 2 x 2 x
 * {@link #COST_LOOKUPS} cold lookups without latency.
 */
final class ResultsDayReturn {
    static final LocalDate LATE_2023 = LocalDate.of(2023, 11, 30);
    static final int BATCH_STUDENTS = 150;
    static final int OTHER_STUDENTS = 50;
    static final int FLEET_BATCH_STUDENTS = 75;
    static final int FLEET_OTHER_STUDENTS = 25;
    /** Students of the batch, besides the 200, who come back alone, one after another, before the crowd. */
    static final int ALONE_STUDENTS = 10;
    /** The target: a release shows in answers within this time of being published. */
    static final Duration VISIBLE_WITHIN = Duration.ofSeconds(60);
    /** How long the benchmark waits for a release to show before it gives up on that phase. */
    private static final Duration LONGEST_VISIBILITY_WAIT = Duration.ofSeconds(120);

    static final Duration POLL = Duration.ofMillis(250);
    /** RC/RV releases published within this many days of the regular one are the second publication. */
    static final int RCRV_WINDOW_DAYS = 14;

    private static final int COST_LOOKUPS = 40;
    /**
     * {@code -Dbench.resultsDay.settings=NAME=value,NAME=value}: settings of the single instance other than the
     * defaults (e.g. {@code RESULTS_UPSTREAM_RPS=0}), to see what a returning student's wait is made of; none by
     * default.
     */
    private static final String EXTRA_SETTINGS = System.getProperty("bench.resultsDay.settings", "");
    /** The university's paths counted while a wave runs. */
    private static final List<String> PATHS =
            List.of("/resultAction", "/jsp/home.jsp", "/jsp/RCRVInfo.jsp", "/jsp/SearchResult.jsp");

    static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private final Cohort world;
    private final Exam regular;
    private final LocalDate dayBefore;
    /** The day of the last RC/RV release within {@link #RCRV_WINDOW_DAYS} after the regular one, if any. */
    private final Optional<LocalDate> rcrvDay;

    private final Duration deadline;
    private final ClientCrowd crowd = new ClientCrowd();
    /** Probes (the list, one student's answer) each come from an address of their own: no per-client limit. */
    private final AtomicInteger probes = new AtomicInteger(1_000_000);

    ResultsDayReturn(Cohort world) {
        this.world = world;
        this.regular = world.nextRegularRelease(LATE_2023).orElseThrow();
        this.dayBefore = regular.releaseDate().minusDays(1);
        this.rcrvDay = rcrvDay(world, regular);
        this.deadline = ConfigReader.read(List.of(), Map.of()).requestDeadline();
    }

    /**
     * The day of the last RC/RV release within {@link #RCRV_WINDOW_DAYS} after {@code regular} that holds a page of
     * some student of {@code world}, if any.
     */
    static Optional<LocalDate> rcrvDay(Cohort world, Exam regular) {
        return world
                .releasesBetween(regular.releaseDate(), regular.releaseDate().plusDays(RCRV_WINDOW_DAYS))
                .stream()
                .filter(Exam::rcrv)
                .filter(exam -> world.students().stream()
                        .anyMatch(student -> student.rcrvResults().containsKey(exam.code())))
                .map(Exam::releaseDate)
                .reduce((first, later) -> later);
    }

    void run() throws Exception {
        System.out.printf(
                "%n== results day: the day before %s (exam %s, %s, %d students of ours sit it),"
                        + " RC/RV publication %s; L = %d ms, deadline %d s%n",
                regular.releaseDate(),
                regular.code(),
                regular.title().strip(),
                sitting(regular).size(),
                rcrvDay.map(day -> day + " " + describe(world.releasesBetween(regular.releaseDate(), day)))
                        .orElse("none within " + RCRV_WINDOW_DAYS + " days"),
                Benchmarks.L.toMillis(),
                deadline.toSeconds());
        Path dataDir = DataFolders.fresh();
        int students = singleInstance(dataDir);
        archiveSize(dataDir, students);
        fleet();
        writeCost();
    }

    /** The single-instance story; returns the number of students it looked up. */
    private int singleInstance(Path dataDir) throws Exception {
        List<String> hallTickets = returning(BATCH_STUDENTS, OTHER_STUDENTS);
        Set<String> sitting = sitting(regular);
        List<String> alone = world.asOf(dayBefore).students().stream()
                .map(Student::hallTicket)
                .filter(ht -> sitting.contains(ht) && !hallTickets.contains(ht))
                .limit(ALONE_STUDENTS)
                .toList();
        List<String> lookedUp = new ArrayList<>(hallTickets);
        lookedUp.addAll(alone);
        Map<String, String> settings =
                new HashMap<>(Map.of("RESULTS_DATA_DIR", dataDir.toString(), "RESULTS_TRUSTED_PROXIES", "127.0.0.1"));
        if (!EXTRA_SETTINGS.isBlank()) {
            for (String setting : EXTRA_SETTINGS.split(",")) {
                String[] nameAndValue = setting.split("=", 2);
                settings.put(nameAndValue[0].strip(), nameAndValue[1].strip());
            }
            System.out.printf("(diagnosis: the single instance runs with %s)%n", EXTRA_SETTINGS);
        }
        try (UniversitySimulator simulator =
                UniversitySimulator.builder(world).asOf(dayBefore).start(0)) {
            simulator.setLatency(Benchmarks.L, Duration.ZERO);
            simulator.setMaxConcurrent(Benchmarks.SERVER_CAPACITY);

            Javalin before = Benchmarks.startService(simulator, settings);
            String beforeBase = base(before);
            crowd.send(beforeBase + "/new/all", 0);
            simulator.resetCounters();
            lookUpOnce("single instance", simulator, List.of(beforeBase), lookedUp);
            System.out.printf(
                    "archive after the cold lookups: %s rows written, %.1f per cold lookup (/metrics"
                            + " results_archive_writes_total)%n",
                    metric(beforeBase, "results_archive_writes_total"),
                    metric(beforeBase, "results_archive_writes_total") / lookedUp.size());
            long stopStart = System.nanoTime();
            before.stop();
            System.out.printf(
                    "service stopped (archive flushed) in %d ms; a new one starts on the same data folder%n",
                    ClientCrowd.millisSince(stopStart));

            Javalin after = Benchmarks.startService(simulator, settings);
            String base = base(after);
            crowd.send(base + "/new/all", 0); // the list of the day before, as an instance running since then has it
            simulator.resetCounters();

            Publication day = publish(simulator, regular.releaseDate(), List.of(base), hallTickets);
            returnAlone(simulator, base, alone);
            List<String> requests = ClientCrowd.shuffled(
                    hallTickets.stream().map(ht -> base + "/all-r18/" + ht).toList(), ResultsDayBurst.REQUESTS_EACH, 5);
            Wave wave = wave("regular release, 200 students x 5", simulator, requests, ResultsDayBurst.CLIENTS, day);
            wave.report(hallTickets, List.of(base));

            if (rcrvDay.isPresent()) {
                simulator.resetCounters();
                Publication rcrv = publish(simulator, rcrvDay.get(), List.of(base), hallTickets);
                List<String> once = ClientCrowd.shuffled(
                        hallTickets.stream().map(ht -> base + "/all-r18/" + ht).toList(), 1, 6);
                Wave again = wave("RC/RV releases, 200 students x 1", simulator, once, hallTickets.size(), rcrv);
                again.report(hallTickets, List.of(base));
            }
            System.out.printf(
                    "health after the day: %s%n",
                    Benchmarks.get(base + "/health").body());
            after.stop();
        }
        return lookedUp.size();
    }

    /** Three instances on one Redis and one PostgreSQL: Redis loses every key and two restart before the day. */
    private void fleet() throws Exception {
        List<String> hallTickets = returning(FLEET_BATCH_STUDENTS, FLEET_OTHER_STUDENTS);
        try (UniversitySimulator simulator =
                        UniversitySimulator.builder(world).asOf(dayBefore).start(0);
                RedisServer redis = RedisServer.start();
                PostgresServer postgres = PostgresServer.start()) {
            simulator.setLatency(Benchmarks.L, Duration.ZERO);
            simulator.setMaxConcurrent(Benchmarks.SERVER_CAPACITY);
            String database = postgres.newDatabase();
            Map<String, String> settings = Map.of(
                    "RESULTS_REDIS_URL",
                    redis.url(),
                    "RESULTS_DATABASE_URL",
                    database,
                    "RESULTS_TRUSTED_PROXIES",
                    "127.0.0.1");
            List<Javalin> fleet = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                fleet.add(Benchmarks.startService(simulator, settings));
            }
            String first = base(fleet.getFirst());
            crowd.send(first + "/new/all", 0);
            simulator.resetCounters();
            lookUpOnce("fleet, through the first instance", simulator, List.of(first), hallTickets);

            String flushed = redis.command("FLUSHALL");
            fleet.subList(1, 3).forEach(Javalin::stop);
            List<String> others = new ArrayList<>();
            for (int i = 1; i < 3; i++) {
                Javalin restarted = Benchmarks.startService(simulator, settings);
                fleet.set(i, restarted);
                others.add(base(restarted));
            }
            String keysLeft = redis.command("DBSIZE");
            // The list of the day before, as instances running since then have it (shared through Redis again).
            for (String base : others) {
                crowd.send(base + "/new/all", 0);
            }
            System.out.printf(
                    "fleet: Redis FLUSHALL (%s, %s keys left); the second and third instances restarted and read the"
                            + " list of the day before%n",
                    flushed, keysLeft);
            simulator.resetCounters();
            Publication day = publish(simulator, regular.releaseDate(), others, hallTickets);
            List<String> requests = new ArrayList<>();
            for (String ht : hallTickets) {
                others.forEach(base -> requests.add(base + "/all-r18/" + ht));
            }
            Collections.shuffle(requests, new Random(7));
            Wave wave = wave(
                    "fleet, 100 students x 2 (once through each restarted instance)",
                    simulator,
                    requests,
                    hallTickets.size(),
                    day);
            wave.report(hallTickets, others);
            fleet.forEach(Javalin::stop);
            postgresSize(database, hallTickets.size());
        }
    }

    /**
     * Each student looked up once, {@code hallTickets.size()} clients at once; then, once the university is quiet
     * (lookups past the deadline go on), each asked again to check the answer is ready and exact. Prints the cold
     * lookups' cost.
     */
    private void lookUpOnce(String label, UniversitySimulator simulator, List<String> bases, List<String> hallTickets)
            throws Exception {
        long start = System.nanoTime();
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < hallTickets.size(); i++) {
            urls.add(bases.get(i % bases.size()) + "/all-r18/" + hallTickets.get(i));
        }
        List<Sent> first = crowd.ask(urls, hallTickets.size(), start, (sent, reply) -> {});
        long quietMs = ResultsDayBurst.awaitQuiet(simulator, start);
        Cohort truth = simulator.cohort();
        Map<String, JsonNode> expected = expectedAnswers(truth, hallTickets);
        Map<Sent, HttpResponse<String>> replies = Collections.synchronizedMap(new IdentityHashMap<>());
        crowd.ask(urls, hallTickets.size(), System.nanoTime(), replies::put);
        Set<String> exact = new HashSet<>();
        for (Map.Entry<Sent, HttpResponse<String>> reply : replies.entrySet()) {
            if (reply.getKey().status() == 200
                    && JSON.readTree(reply.getValue().body())
                            .equals(expected.get(reply.getKey().hallTicket()))) {
                exact.add(reply.getKey().hallTicket());
            }
        }
        Map<String, Long> requests = requestsPerStudent(simulator, hallTickets);
        System.out.printf(
                "the day before, %s: %d students looked up once (%d answered 200 at once), university quiet after"
                        + " %.1f s; asked again: %d of %d answers exact; upstream requests per student %s%n",
                label,
                hallTickets.size(),
                first.stream().filter(sent -> sent.status() == 200).count(),
                quietMs / 1000.0,
                exact.size(),
                hallTickets.size(),
                Spread.of(List.copyOf(requests.values())).format(0));
    }

    /**
     * Students of the batch come back one after another, nobody else asking: a returning student's answer time
     * without a crowd, the requests it cost, and whether it is exact.
     */
    private void returnAlone(UniversitySimulator simulator, String base, List<String> hallTickets) throws Exception {
        Cohort truth = simulator.cohort();
        List<Double> latencies = new ArrayList<>();
        List<Long> requests = new ArrayList<>();
        int exact = 0;
        for (String ht : hallTickets) {
            Map<String, Long> before = requestsPerStudent(simulator, List.of(ht));
            long start = System.nanoTime();
            HttpResponse<String> reply = crowd.send(base + "/all-r18/" + ht, probes.getAndIncrement());
            latencies.add((System.nanoTime() - start) / (double) Benchmarks.L.toNanos());
            requests.add(requestsPerStudent(simulator, List.of(ht)).get(ht) - before.get(ht));
            if (reply.statusCode() == 200
                    && JSON.readTree(reply.body())
                            .equals(ExpectedTranscript.of(
                                    truth, truth.student(ht).orElseThrow()))) {
                exact++;
            }
        }
        System.out.printf(
                "%d students of the batch come back alone, one after another: answer %s L (median / p90 / max),"
                        + " upstream requests %s, exact %d of %d%n",
                hallTickets.size(),
                Spread.of(latencies).format(2),
                Spread.of(requests).format(0),
                exact,
                hallTickets.size());
    }

    /** When the university published and when the service first showed it. */
    record Publication(
            LocalDate from,
            LocalDate day,
            List<Exam> releases,
            Set<String> changed,
            long publishedNanos,
            long advanceMs,
            long listedMs,
            long answeredMs) {}

    /**
     * Moves the university to {@code day} and polls every {@link #POLL} until the service's list ({@code /new/all}
     * of each base, without {@code ?refresh=1}) shows every release published, and the {@code /all-r18} answer of a
     * probe (the first of {@code hallTickets} whose transcript the publication changes) is exact with the new truth:
     * the visibility times.
     */
    private Publication publish(
            UniversitySimulator simulator, LocalDate day, List<String> bases, List<String> hallTickets)
            throws Exception {
        LocalDate from = simulator.today();
        Map<String, JsonNode> old = expectedAnswers(simulator.cohort(), hallTickets);
        long advanceStart = System.nanoTime();
        List<Exam> published = simulator.advanceTo(day);
        long t0 = System.nanoTime();
        long advanceMs = (t0 - advanceStart) / 1_000_000;
        Map<String, JsonNode> now = expectedAnswers(simulator.cohort(), hallTickets);
        Set<String> changed = hallTickets.stream()
                .filter(ht -> !old.get(ht).equals(now.get(ht)))
                .collect(Collectors.toSet());
        String probe =
                hallTickets.stream().filter(changed::contains).findFirst().orElseThrow();
        JsonNode probeTruth = now.get(probe);
        long listedMs = -1;
        long answeredMs = -1;
        while ((listedMs < 0 || answeredMs < 0) && ClientCrowd.millisSince(t0) < LONGEST_VISIBILITY_WAIT.toMillis()) {
            if (listedMs < 0
                    && bases.stream().allMatch(base -> lists(crowd, probes.getAndIncrement(), base, published))) {
                listedMs = ClientCrowd.millisSince(t0);
            }
            if (answeredMs < 0) {
                HttpResponse<String> reply =
                        crowd.send(bases.getFirst() + "/all-r18/" + probe, probes.getAndIncrement());
                if (reply.statusCode() == 200 && JSON.readTree(reply.body()).equals(probeTruth)) {
                    answeredMs = ClientCrowd.millisSince(t0);
                }
            }
            Thread.sleep(POLL);
        }
        System.out.printf(
                "%s: the university published %s (advanceTo took %d ms); the service's list showed it after %s,"
                        + " the first answer with it (%s, polled every %d ms) after %s (target <= %d s)%n",
                day,
                describe(published),
                advanceMs,
                seconds(listedMs),
                probe,
                POLL.toMillis(),
                seconds(answeredMs),
                VISIBLE_WITHIN.toSeconds());
        return new Publication(from, day, published, changed, t0, advanceMs, listedMs, answeredMs);
    }

    /**
     * Whether {@code /new/all} at {@code base}, asked by {@code crowd}'s client number {@code client}, lists every
     * release (exam code and RC/RV or not) of {@code releases}.
     */
    static boolean lists(ClientCrowd crowd, int client, String base, List<Exam> releases) {
        try {
            JsonNode list = JSON.readTree(crowd.send(base + "/new/all", client).body());
            Set<String> shown = new HashSet<>();
            for (String part : List.of("regular", "supply")) {
                for (JsonNode row : list.path(part)) {
                    shown.add(row.path("examCode").asText()
                            + (row.path("exam_name").asText().contains("RC/RV") ? "R" : ""));
                }
            }
            return releases.stream().allMatch(exam -> shown.contains(exam.code() + (exam.rcrv() ? "R" : "")));
        } catch (Exception e) {
            throw new IllegalStateException("/new/all failed", e);
        }
    }

    /** The answers of one wave of returning students and the university's requests it caused. */
    private record Wave(
            String label,
            List<Sent> sent,
            Map<String, Boolean> firstExact,
            Map<String, String> firstCache,
            Set<String> wrong,
            long exactCount,
            Map<String, Long> perStudent,
            Map<String, Map<String, Long>> perStudentAndExam,
            Map<String, Long> byExam,
            long quietMs,
            int peakAtUniversity,
            Map<String, Long> paths,
            long startedAfterMs,
            Duration deadline,
            Set<String> changed) {

        void report(List<String> hallTickets, List<String> bases) throws Exception {
            long ok = sent.stream()
                    .filter(s -> s.status() == 200 && s.tookMs() <= deadline.toMillis())
                    .count();
            Map<Integer, Integer> byStatus = new TreeMap<>();
            sent.forEach(s -> byStatus.merge(s.status(), 1, Integer::sum));
            long answers200 = sent.stream().filter(s -> s.status() == 200).count();
            Map<String, Sent> firstPerStudent = new LinkedHashMap<>();
            sent.stream()
                    .sorted(Comparator.comparingLong(Sent::sentMs))
                    .forEach(s -> firstPerStudent.putIfAbsent(s.hallTicket(), s));
            double l = Benchmarks.L.toMillis();
            System.out.printf("-- %s, sent %.1f s after the publication%n", label, startedAfterMs / 1000.0);
            System.out.printf(
                    "answered 200 within the deadline: %d of %d (%.1f %%); statuses %s; clients done after %.1f s,"
                            + " university quiet after %.1f s%n",
                    ok,
                    sent.size(),
                    100.0 * ok / sent.size(),
                    byStatus,
                    sent.stream().mapToLong(Sent::answeredMs).max().orElse(0) / 1000.0,
                    quietMs / 1000.0);
            System.out.printf(
                    "exact (equal to the simulator's truth of the day): %d of %d 200 answers; students whose"
                            + " transcript the publication changed: %d of %d; students with a wrong answer: %d %s%n",
                    exactCount,
                    answers200,
                    changed.size(),
                    hallTickets.size(),
                    wrong.size(),
                    wrong.stream().limit(10).toList());
            System.out.printf(
                    "a returning student's first answer, in L: %s (median / p90 / max); every answer: %s;"
                            + " first answers exact: %d of %d%n",
                    Spread.of(firstPerStudent.values().stream()
                                    .map(s -> s.tookMs() / l)
                                    .toList())
                            .format(2),
                    Spread.of(sent.stream().map(s -> s.tookMs() / l).toList()).format(2),
                    firstExact.values().stream().filter(b -> b).count(),
                    firstPerStudent.size());
            List<Long> counts = hallTickets.stream()
                    .map(ht -> perStudent.getOrDefault(ht, 0L))
                    .toList();
            System.out.printf(
                    "upstream /resultAction requests per returning student: %s (median / p90 / max), %d in all;"
                            + " students per number of requests %s%n",
                    Spread.of(counts).format(0),
                    counts.stream().mapToLong(Long::longValue).sum(),
                    new TreeMap<>(counts.stream().collect(Collectors.groupingBy(c -> c, Collectors.counting()))));
            for (long needed : List.of(0L, 1L, 2L)) {
                List<Double> firsts = firstPerStudent.values().stream()
                        .filter(s -> Math.min(2, perStudent.getOrDefault(s.hallTicket(), 0L)) == needed)
                        .map(s -> s.tookMs() / l)
                        .toList();
                if (!firsts.isEmpty()) {
                    System.out.printf(
                            "  first answer of the %d students who cost %s upstream: %s L%n",
                            firsts.size(),
                            needed == 2 ? "2 or more requests" : needed + (needed == 1 ? " request" : " requests"),
                            Spread.of(firsts).format(2));
                }
            }
            System.out.printf(
                    "  X-Cache of the first answers %s%n",
                    new TreeMap<>(firstCache.values().stream()
                            .collect(Collectors.groupingBy(c -> c, Collectors.counting()))));
            System.out.printf(
                    "university requests by exam code (RC/RV included): %s; at most %d at once there;"
                            + " by path while the wave ran %s%n",
                    byExam, peakAtUniversity, paths);
            List<Sent> slowFree = firstPerStudent.values().stream()
                    .filter(s -> perStudent.getOrDefault(s.hallTicket(), 0L) == 0 && s.tookMs() > 1.5 * l)
                    .sorted(Comparator.comparingLong(Sent::tookMs))
                    .toList();
            if (!slowFree.isEmpty()) {
                System.out.printf(
                        "  students who cost nothing upstream but waited over 1.5 L: %d, sent at %s ms, answered"
                                + " after %s ms, X-Cache %s%n",
                        slowFree.size(),
                        slowFree.stream().map(Sent::sentMs).limit(12).toList(),
                        slowFree.stream().map(Sent::tookMs).limit(12).toList(),
                        slowFree.stream()
                                .map(s -> firstCache.get(s.hallTicket()))
                                .limit(12)
                                .toList());
            }
            for (String base : bases) {
                System.out.printf("  archive reads of %s since it started: %s%n", base, archiveReads(base));
            }
            perStudentAndExam.entrySet().stream()
                    .filter(e -> perStudent.get(e.getKey()) > 3)
                    .limit(5)
                    .forEach(e -> System.out.printf(
                            "  %s asked %d times: %s%n", e.getKey(), perStudent.get(e.getKey()), e.getValue()));
        }
    }

    /**
     * Sends {@code urls} from {@code clients} clients, comparing every 200 answer with the truth of the day; waits
     * for the university to go quiet and counts its requests per student since the last counter reset.
     */
    private Wave wave(String label, UniversitySimulator simulator, List<String> urls, int clients, Publication day)
            throws Exception {
        Cohort truth = simulator.cohort();
        List<String> hallTickets = urls.stream()
                .map(url -> url.substring(url.lastIndexOf('/') + 1))
                .distinct()
                .toList();
        Map<String, JsonNode> expected = expectedAnswers(truth, hallTickets);
        Set<String> changed = day.changed();
        // The answers are kept and compared after the wave: parsing them while it runs would take the CPU the service
        // needs (the benchmark, the simulator and the service share the machine's cores).
        Map<Sent, HttpResponse<String>> replies = Collections.synchronizedMap(new IdentityHashMap<>());
        // The clients' connections are opened first (a /health each, all at once): opening hundreds of connections at
        // once costs the benchmark's own process (on the cores the service uses) what real clients pay on their own
        // machines, and the wave measures the service.
        List<String> warmUps = new ArrayList<>();
        List<String> bases = urls.stream()
                .map(url -> url.substring(0, url.indexOf("/all-r18/")))
                .distinct()
                .toList();
        for (int c = 0; c < clients; c++) {
            warmUps.add(bases.get(c % bases.size()) + "/health");
        }
        List<Sent> warm = crowd.ask(warmUps, clients, System.nanoTime(), (one, reply) -> {});
        System.out.printf(
                "(%d connections opened, a /health each at once: answered in %s L)%n",
                warm.size(),
                Spread.of(warm.stream()
                                .map(w -> w.tookMs() / (double) Benchmarks.L.toMillis())
                                .toList())
                        .format(2));
        Map<String, Long> pathsBefore = pathCounts(simulator);
        long start = System.nanoTime();
        List<Sent> sent = crowd.ask(urls, clients, start, replies::put);
        long quietMs = ResultsDayBurst.awaitQuiet(simulator, start);
        Map<String, Long> paths = pathCounts(simulator);
        paths.replaceAll((path, count) -> count - pathsBefore.get(path));
        Map<String, Sent> firstPerStudent = new LinkedHashMap<>();
        sent.stream()
                .sorted(Comparator.comparingLong(Sent::sentMs))
                .forEach(s -> firstPerStudent.putIfAbsent(s.hallTicket(), s));
        Set<String> wrong = new TreeSet<>();
        Map<String, Boolean> firstExact = new HashMap<>();
        Map<String, String> firstCache = new HashMap<>();
        long exact = 0;
        for (Sent one : sent) {
            HttpResponse<String> reply = replies.get(one);
            boolean first = firstPerStudent.get(one.hallTicket()) == one;
            if (one.status() == 200) {
                boolean same = JSON.readTree(reply.body()).equals(expected.get(one.hallTicket()));
                if (same) {
                    exact++;
                } else {
                    wrong.add(one.hallTicket());
                }
                if (first) {
                    firstExact.put(one.hallTicket(), same);
                }
            }
            if (first) {
                firstCache.put(
                        one.hallTicket(), reply.headers().firstValue("X-Cache").orElse("-"));
            }
        }
        Map<String, Map<String, Long>> perStudentAndExam = new TreeMap<>();
        Map<String, Long> byExam = simulator.resultRequestsByExam();
        Map<String, Long> perStudent = new HashMap<>();
        for (String ht : hallTickets) {
            Map<String, Long> mine = new TreeMap<>();
            for (String code : byExam.keySet()) {
                long n = simulator.resultRequestsFor(ht, code);
                if (n > 0) {
                    mine.put(code, n);
                }
            }
            perStudentAndExam.put(ht, mine);
            perStudent.put(ht, mine.values().stream().mapToLong(Long::longValue).sum());
        }
        return new Wave(
                label,
                sent,
                firstExact,
                firstCache,
                wrong,
                exact,
                perStudent,
                perStudentAndExam,
                byExam,
                quietMs,
                simulator.maxConcurrentSeen(),
                paths,
                (start - day.publishedNanos()) / 1_000_000,
                deadline,
                changed);
    }

    /**
     * The students of the story: those with an RC/RV result in the following days first (so that publication
     * concerns someone), then {@code batch} of the batch sitting the regular release and {@code others} R18 students
     * with a result the day before who do not sit it; shuffled with a fixed seed.
     */
    private List<String> returning(int batch, int others) {
        Cohort before = world.asOf(dayBefore);
        Set<String> sitting = sitting(regular);
        Set<String> rcrvSoon = rcrvDay.map(day -> world.releasesBetween(regular.releaseDate(), day).stream()
                        .filter(Exam::rcrv)
                        .flatMap(exam -> world.students().stream()
                                .filter(s -> s.rcrvResults().containsKey(exam.code()))
                                .map(Student::hallTicket))
                        .collect(Collectors.toSet()))
                .orElse(Set.of());
        List<Student> candidates = new ArrayList<>(before.students().stream()
                .filter(s -> s.regulation().equals("R18") && !s.hasNoResult())
                .toList());
        Collections.shuffle(candidates, new Random(18));
        candidates.sort(Comparator.comparing(s -> !rcrvSoon.contains(s.hallTicket())));
        List<String> chosen = new ArrayList<>();
        int fromBatch = 0;
        int fromOthers = 0;
        for (Student student : candidates) {
            boolean inBatch = sitting.contains(student.hallTicket());
            if (inBatch && fromBatch < batch) {
                fromBatch++;
                chosen.add(student.hallTicket());
            } else if (!inBatch && fromOthers < others) {
                fromOthers++;
                chosen.add(student.hallTicket());
            }
        }
        Collections.shuffle(chosen, new Random(19));
        return List.copyOf(chosen);
    }

    private Set<String> sitting(Exam exam) {
        return world.students().stream()
                .filter(s -> s.results().containsKey(exam.code()))
                .map(Student::hallTicket)
                .collect(Collectors.toSet());
    }

    private static Map<String, JsonNode> expectedAnswers(Cohort truth, List<String> hallTickets) {
        Map<String, JsonNode> expected = new HashMap<>();
        for (String ht : hallTickets) {
            expected.put(ht, ExpectedTranscript.of(truth, truth.student(ht).orElseThrow()));
        }
        return Map.copyOf(expected);
    }

    private static Map<String, Long> pathCounts(UniversitySimulator simulator) {
        Map<String, Long> counts = new LinkedHashMap<>();
        PATHS.forEach(path -> counts.put(path, simulator.requestCount(path)));
        return counts;
    }

    /**
     * The university's result-page requests for each of {@code hallTickets} since its counters were last reset:
     * {@link UniversitySimulator#resultRequestsFor} summed over every exam code it was asked for.
     */
    static Map<String, Long> requestsPerStudent(UniversitySimulator simulator, List<String> hallTickets) {
        Set<String> codes = simulator.resultRequestsByExam().keySet();
        Map<String, Long> perStudent = new HashMap<>();
        for (String ht : hallTickets) {
            perStudent.put(
                    ht,
                    codes.stream()
                            .mapToLong(code -> simulator.resultRequestsFor(ht, code))
                            .sum());
        }
        return perStudent;
    }

    /** The embedded archive's files (database, write-ahead log) per student looked up, the service stopped. */
    private static void archiveSize(Path dataDir, int students) throws IOException {
        long bytes = 0;
        List<String> files = new ArrayList<>();
        try (var listing = Files.list(dataDir)) {
            for (Path file : listing.toList()) {
                bytes += Files.size(file);
                files.add(file.getFileName() + " " + Files.size(file));
            }
        }
        System.out.printf(
                "archive size, SQLite (service stopped): %d bytes for %d students, %.1f KiB per student; files %s%n",
                bytes, students, bytes / 1024.0 / students, files);
    }

    /** {@code pg_total_relation_size} of the archive's two tables per student looked up. */
    private static void postgresSize(String database, int students) throws SQLException {
        try (Connection connection = DriverManager.getConnection(PostgresServer.jdbcUrlOf(database));
                Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT pg_total_relation_size('result_pages'),"
                        + " pg_total_relation_size('student_lookups'),"
                        + " (SELECT count(*) FROM result_pages), (SELECT count(*) FROM student_lookups)")) {
            row.next();
            long pages = row.getLong(1);
            long lookups = row.getLong(2);
            System.out.printf(
                    "archive size, PostgreSQL: result_pages %d bytes (%d rows), student_lookups %d bytes (%d rows);"
                            + " %.1f KiB per student (%d students)%n",
                    pages, row.getLong(3), lookups, row.getLong(4), (pages + lookups) / 1024.0 / students, students);
        }
    }

    /**
     * The archive's write cost: {@link #COST_LOOKUPS} cold lookups in a row on a university without latency and a
     * service without limits, with an archive and with none (a data folder that cannot be made), alternating twice;
     * the wall time per lookup, the rows written, and how long the stop (which flushes the archive) took.
     */
    private void writeCost() throws Exception {
        List<String> hallTickets = world.asOf(dayBefore).students().stream()
                .filter(s -> s.regulation().equals("R18") && !s.hasNoResult())
                .limit(COST_LOOKUPS)
                .map(Student::hallTicket)
                .toList();
        try (UniversitySimulator simulator =
                UniversitySimulator.builder(world).asOf(dayBefore).start(0)) {
            for (int round = 1; round <= 2; round++) {
                for (boolean archive : List.of(true, false)) {
                    Map<String, String> settings =
                            new HashMap<>(Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "0", "RESULTS_UPSTREAM_RPS", "0"));
                    if (!archive) {
                        settings.put("RESULTS_DATA_DIR", DataFolders.unusable().toString());
                    }
                    Javalin service = Benchmarks.startService(simulator, settings);
                    String base = base(service);
                    Benchmarks.get(base + "/new/all");
                    List<Double> millis = new ArrayList<>();
                    long start = System.nanoTime();
                    for (String ht : hallTickets) {
                        long one = System.nanoTime();
                        int status = Benchmarks.get(base + "/all-r18/" + ht).statusCode();
                        millis.add((System.nanoTime() - one) / 1e6);
                        if (status != 200) {
                            throw new IllegalStateException("/all-r18/" + ht + " answered " + status);
                        }
                    }
                    double total = (System.nanoTime() - start) / 1e6;
                    Thread.sleep(1500); // the writer drains its queue within a second
                    double writes = metric(base, "results_archive_writes_total");
                    long stopStart = System.nanoTime();
                    service.stop();
                    System.out.printf(
                            "write cost, round %d, %s: %d cold lookups (L = 0) in %.0f ms, per lookup %s ms"
                                    + " (median / p90 / max); %.0f rows written (%.1f per lookup); stop took %d ms%n",
                            round,
                            archive ? "with the archive   " : "without an archive",
                            hallTickets.size(),
                            total,
                            Spread.of(millis).format(1),
                            writes,
                            writes / hallTickets.size(),
                            ClientCrowd.millisSince(stopStart));
                }
            }
        }
    }

    /** The {@code results_archive_reads_total} lines of {@code /metrics}, by outcome. */
    private static String archiveReads(String base) throws Exception {
        return Benchmarks.get(base + "/metrics")
                .body()
                .lines()
                .filter(line -> line.startsWith("results_archive_reads_total"))
                .map(line -> line.replace("results_archive_reads_total", ""))
                .collect(Collectors.joining(", "));
    }

    /** A counter's value from {@code /metrics} (0 when absent). */
    static double metric(String base, String name) throws Exception {
        for (String line : Benchmarks.get(base + "/metrics").body().split("\n")) {
            if (line.startsWith(name + " ") || line.startsWith(name + "{")) {
                return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return 0;
    }

    static String base(Javalin service) {
        return "http://127.0.0.1:" + service.port();
    }

    private static String seconds(long millis) {
        return millis < 0
                ? "NEVER (gave up after " + LONGEST_VISIBILITY_WAIT.toSeconds() + " s)"
                : millis / 1000.0 + " s";
    }

    /** {@code [1715 (regular R18 2-2), 1704 RC/RV (regular R22 1-2)]}. */
    static String describe(List<Exam> releases) {
        return releases.stream()
                .map(exam -> exam.code() + (exam.rcrv() ? " RC/RV" : "") + " ("
                        + exam.kind().name().toLowerCase(Locale.ROOT) + " " + exam.regulation() + " "
                        + exam.semester() + ")")
                .collect(Collectors.joining(", ", "[", "]"));
    }
}
