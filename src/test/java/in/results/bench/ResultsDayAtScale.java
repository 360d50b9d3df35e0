package in.results.bench;

import in.results.bench.AnnouncedAnswers.Reply;
import in.results.bench.ClientCrowd.Sent;
import in.results.config.ConfigReader;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.testing.DataFolders;
import in.results.testing.PostgresServer;
import in.results.testing.RedisServer;
import io.javalin.Javalin;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@code -Dbench.suites=results-day-scale}: the results day of {@link ResultsDayReturn} at a size that is a parameter,
 * with every answer sent after the service announced the publication checked (issue 26, "Results day at ten times the
 * scale"). The university of {@link Cohort#DEFAULT_SEED}, its sections drawn {@link #SECTION_PERCENT} % as large
 * (2,043 students by default), stands on the day before its next regular release after
 * {@link ResultsDayReturn#LATE_2023}. {@code -Dbench.resultsDay.students=N} students of every regulation (default
 * 2,000, the whole world when it holds fewer: those whose {@code /all} answer the publication changes first, then
 * others, picked with fixed seeds) are looked up until answered ({@link #dayBefore}); the service restarts on the same data and reads the list of the day before; the university publishes the regular release and
 * the RC/RV releases of the {@link ResultsDayReturn#RCRV_WINDOW_DAYS} days after it at once
 * ({@link UniversitySimulator#advanceTo} the last of them). From then on {@link AnnouncementWatch} polls every
 * instance's list, and a crowd of {@link #DURING_CLIENTS} clients, each pausing {@link #DURING_PAUSE} after every
 * answer, asks random students of the N; once every list
 * shows the publication, the N come back {@link ResultsDayBurst#REQUESTS_EACH} times each from
 * {@link ResultsDayBurst#CLIENTS} clients. Every answer is judged by when it was sent ({@link AnnouncedAnswers});
 * the university's result-page requests per returning student since the publication, the time to show the release and
 * reading ahead's counts ({@code /metrics}) are printed beside the targets, and a summary row per story.
 *
 * <p>Two stories: one instance on an SQLite archive in a fresh data folder (stopped, and started again on it), and,
 * unless {@code -Dbench.resultsDay.fleet=false}, three instances on one Redis and one PostgreSQL (all three stopped,
 * Redis emptied, three new ones started). Default settings but for a trusted proxy (each client has an address of its
 * own); L = {@link Benchmarks#L}, the university serves {@link Benchmarks#SERVER_CAPACITY} at once. The day before
 * takes a sixth of a second per student at the default budget (100 requests/s): four minutes for the 1,522 students of
 * the default world, in four rounds, about six for 2,043.
 * Bounded: the day before, {@link #LOOKUP_ROUNDS} rounds of at most N lookups within {@link #FINAL_QUIET} plus
 * {@link #LOOKUP_TIME_PER_STUDENT} per student; the crowd during the publication stops {@link #DURING_AFTER_ANNOUNCEMENT} after the announcement,
 * {@link #LONGEST_DURING} after the publication or after {@link #DURING_REQUESTS_EACH} N requests, whichever comes
 * first; the return waits for the announcement {@link #LONGEST_DURING} at most and sends 5 N requests; a last quiet
 * wait of {@link #FINAL_QUIET} at most.
 */
final class ResultsDayAtScale {
    private static final int STUDENTS = Integer.getInteger("bench.resultsDay.students", 2000);
    /**
     * {@code -Dbench.resultsDay.sectionPercent}: how large the world's sections are drawn
     * ({@link Cohort#generate(long, int)}), in percent of the default world's: 140 holds 2,043 students.
     */
    private static final int SECTION_PERCENT = Integer.getInteger("bench.resultsDay.sectionPercent", 140);

    private static final boolean FLEET = Boolean.parseBoolean(System.getProperty("bench.resultsDay.fleet", "true"));

    private static final int LOOKUP_CLIENTS = 300;
    private static final int DURING_CLIENTS = 100;
    /**
     * Each client of the crowd during the publication waits this long after an answer: the crowd then spans the
     * warm-up and the announcement (about a hundred requests a second) rather than being answered from the cache
     * within a second or two.
     */
    private static final Duration DURING_PAUSE = Duration.ofSeconds(1);
    /** The crowd during the publication has addresses of its own: the return wave overlaps it. */
    private static final int DURING_FIRST_CLIENT = 10_000;

    private static final int DURING_REQUESTS_EACH = 3;
    private static final Duration DURING_AFTER_ANNOUNCEMENT = Duration.ofSeconds(15);
    private static final Duration LONGEST_DURING = Duration.ofSeconds(150);
    private static final int LOOKUP_ROUNDS = 10;
    private static final Duration LOOKUP_TIME_PER_STUDENT = Duration.ofSeconds(1);
    private static final Duration FINAL_QUIET = Duration.ofMinutes(2);
    private static final String DURING = "during";
    private static final String RETURN = "return";

    /** The targets. */
    private static final double MOST_REQUESTS_PER_STUDENT = 1.5;

    private static final double LEAST_IN_DEADLINE = 0.95;
    private static final Pattern READ_AHEAD =
            Pattern.compile("^results_read_ahead_students_total\\{.*outcome=\"([^\"]+)\".*} (\\S+)$");

    private final Cohort world;
    private final Exam regular;
    private final LocalDate dayBefore;
    private final Optional<LocalDate> rcrvDay;
    /** The day the university moves to: the RC/RV day, or the regular release's when no RC/RV follows. */
    private final LocalDate publicationDay;

    private final Set<String> changed;
    private final List<String> students;
    private final Duration deadline = ConfigReader.read(List.of(), Map.of()).requestDeadline();
    private final ClientCrowd crowd = new ClientCrowd();

    ResultsDayAtScale() {
        this.world = Cohort.generate(Cohort.DEFAULT_SEED, SECTION_PERCENT);
        this.regular = world.nextRegularRelease(ResultsDayReturn.LATE_2023).orElseThrow();
        this.dayBefore = regular.releaseDate().minusDays(1);
        this.rcrvDay = ResultsDayReturn.rcrvDay(world, regular);
        this.publicationDay = rcrvDay.orElse(regular.releaseDate());
        List<String> everyone =
                world.students().stream().map(Student::hallTicket).toList();
        DayTruth before = DayTruth.of(world.asOf(dayBefore), everyone);
        DayTruth after = DayTruth.of(world.asOf(publicationDay), everyone);
        this.changed =
                everyone.stream().filter(ht -> !before.sameAs(after, ht)).collect(Collectors.toUnmodifiableSet());
        this.students = pick(everyone, changed);
    }

    /** {@link #STUDENTS} of {@code everyone}: the {@code changed} first, then others; the chosen shuffled. */
    private static List<String> pick(List<String> everyone, Set<String> changed) {
        List<String> first =
                new ArrayList<>(everyone.stream().filter(changed::contains).toList());
        List<String> others = new ArrayList<>(
                everyone.stream().filter(ht -> !changed.contains(ht)).toList());
        Collections.shuffle(first, new Random(26));
        Collections.shuffle(others, new Random(27));
        List<String> chosen = new ArrayList<>(first);
        chosen.addAll(others);
        chosen = new ArrayList<>(chosen.subList(0, Math.min(STUDENTS, chosen.size())));
        Collections.shuffle(chosen, new Random(28)); // the changed are not looked up first
        return List.copyOf(chosen);
    }

    void run() throws Exception {
        Map<String, Student> byHallTicket =
                world.students().stream().collect(Collectors.toMap(Student::hallTicket, Function.identity()));
        DayTruth before = DayTruth.of(world.asOf(dayBefore), students);
        System.out.printf(
                "%n== results day at scale: the university on %s, the day before exam %s (%s) is released; it"
                        + " publishes %s at once (advanceTo %s, %s); L = %d ms, deadline %d s%n",
                dayBefore,
                regular.code(),
                regular.title().strip(),
                ResultsDayReturn.describe(world.releasesBetween(dayBefore, publicationDay)),
                publicationDay,
                rcrvDay.isPresent()
                        ? "the day of the last RC/RV release within " + ResultsDayReturn.RCRV_WINDOW_DAYS + " days"
                        : "the regular release's day: no RC/RV release within " + ResultsDayReturn.RCRV_WINDOW_DAYS
                                + " days",
                Benchmarks.L.toMillis(),
                deadline.toSeconds());
        System.out.printf(
                "students: %d asked for, %d taken%s; by regulation %s; %d whose answer the publication changes, %d"
                        + " without any result the day before (answered 404)%n",
                STUDENTS,
                students.size(),
                students.size() < STUDENTS
                        ? " (the whole world: it holds " + world.students().size() + ")"
                        : "",
                new TreeMap<>(students.stream()
                        .collect(
                                Collectors.groupingBy(ht -> byHallTicket.get(ht).regulation(), Collectors.counting()))),
                students.stream().filter(changed::contains).count(),
                students.stream().filter(ht -> before.transcript(ht) == null).count());
        System.out.printf(
                "caveat: this JVM's heap is %d MB, shared by the simulator, the clients and the services, which size"
                        + " their stores from it (one service alone runs with 256 MB, jvm.options)%n",
                Runtime.getRuntime().maxMemory() >> 20);
        List<Row> rows = new ArrayList<>();
        rows.add(single());
        if (FLEET) {
            rows.add(fleet());
        }
        System.out.printf(
                "%n== results day at scale, summary (targets: 0 wrong after the announcement, >= %.0f %% in the"
                        + " deadline, <= %.1f result-page requests per returning student, release shown within %d s)%n",
                100 * LEAST_IN_DEADLINE, MOST_REQUESTS_PER_STUDENT, ResultsDayReturn.VISIBLE_WITHIN.toSeconds());
        System.out.println("| story | students | wrong after the announcement: answers / students / last answer wrong"
                + " | answered in the deadline | result-page requests per returning student | release shown: list /"
                + " probe's answer | read ahead |");
        System.out.println("|---|---|---|---|---|---|---|");
        rows.forEach(row -> System.out.println(row.format()));
    }

    /** One instance on an SQLite archive in a fresh data folder, started again on the same folder. */
    private Row single() throws Exception {
        Map<String, String> settings =
                Map.of("RESULTS_DATA_DIR", DataFolders.fresh().toString(), "RESULTS_TRUSTED_PROXIES", "127.0.0.1");
        try (UniversitySimulator simulator = Benchmarks.university(world, dayBefore)) {
            return story("single instance, SQLite", simulator, 1, settings, () -> {});
        }
    }

    /** Three instances on one Redis and one PostgreSQL; Redis is emptied while they are stopped. */
    private Row fleet() throws Exception {
        try (UniversitySimulator simulator = Benchmarks.university(world, dayBefore);
                RedisServer redis = RedisServer.start();
                PostgresServer postgres = PostgresServer.start()) {
            Map<String, String> settings = Map.of(
                    "RESULTS_REDIS_URL",
                    redis.url(),
                    "RESULTS_DATABASE_URL",
                    postgres.newDatabase(),
                    "RESULTS_TRUSTED_PROXIES",
                    "127.0.0.1");
            return story(
                    "fleet of 3, PostgreSQL and Redis",
                    simulator,
                    3,
                    settings,
                    () -> System.out.printf(
                            "Redis FLUSHALL: %s, %s keys left%n", redis.command("FLUSHALL"), redis.command("DBSIZE")));
        }
    }

    /**
     * One story on {@code instances} services with {@code settings}: the day before, the restart (all stopped,
     * {@code whileStopped} run, as many started again), the publication; its summary row.
     */
    private Row story(
            String name,
            UniversitySimulator simulator,
            int instances,
            Map<String, String> settings,
            Runnable whileStopped)
            throws Exception {
        System.out.printf("%n-- %s%n", name);
        List<Javalin> services = startReadingTheList(simulator, instances, settings);
        simulator.resetCounters();
        dayBefore(simulator, bases(services));
        long restart = System.nanoTime();
        services.forEach(Javalin::stop);
        whileStopped.run();
        services = startReadingTheList(simulator, instances, settings);
        System.out.printf(
                "restart: %d instance(s) stopped and started again on the same data, the list of the day before read,"
                        + " in %.1f s%n",
                instances, ClientCrowd.millisSince(restart) / 1000.0);
        simulator.resetCounters();
        Row row = publication(name, simulator, bases(services));
        services.forEach(Javalin::stop);
        return row;
    }

    /** Services that have read the list of the day ({@code /new/all}), as instances running since then have it. */
    private List<Javalin> startReadingTheList(
            UniversitySimulator simulator, int instances, Map<String, String> settings) throws Exception {
        List<Javalin> services = new ArrayList<>();
        for (int i = 0; i < instances; i++) {
            Javalin service = Benchmarks.startService(simulator, settings);
            crowd.send(ResultsDayReturn.base(service) + "/new/all", 0);
            services.add(service);
        }
        return services;
    }

    /**
     * Every student looked up until answered, round-robin over {@code bases}, from at most {@link #LOOKUP_CLIENTS}
     * clients: a student answered neither 200 nor 404 (a 503 past the deadline, whose lookup went on behind the
     * budget and may have failed there) asks again once the university is quiet, as a student would, for at most
     * {@link #LOOKUP_ROUNDS} rounds and {@link #LOOKUP_TIME_PER_STUDENT} per student plus {@link #FINAL_QUIET}.
     */
    private void dayBefore(UniversitySimulator simulator, List<String> bases) throws Exception {
        long start = System.nanoTime();
        Duration longest = LOOKUP_TIME_PER_STUDENT.multipliedBy(students.size()).plus(FINAL_QUIET);
        List<String> left = students;
        List<String> rounds = new ArrayList<>();
        for (int round = 1;
                !left.isEmpty() && round <= LOOKUP_ROUNDS && ClientCrowd.millisSince(start) < longest.toMillis();
                round++) {
            List<String> urls = new ArrayList<>();
            for (int i = 0; i < left.size(); i++) {
                urls.add(bases.get(i % bases.size()) + "/all/" + left.get(i));
            }
            List<Sent> sent = crowd.ask(urls, Math.min(LOOKUP_CLIENTS, urls.size()), start, (one, reply) -> {});
            long clientsMs = ClientCrowd.millisSince(start);
            long quietMs = ResultsDayBurst.awaitQuiet(simulator, start, longest);
            left = sent.stream()
                    .filter(one -> one.status() != 200 && one.status() != 404)
                    .map(Sent::hallTicket)
                    .toList();
            rounds.add(String.format(
                    "%d asked, answered by %.1f s, statuses %s, quiet at %.1f s",
                    urls.size(),
                    clientsMs / 1000.0,
                    new TreeMap<>(sent.stream().collect(Collectors.groupingBy(Sent::status, Collectors.counting()))),
                    quietMs / 1000.0));
        }
        Map<String, Long> perStudent = ResultsDayReturn.requestsPerStudent(simulator, students);
        long requests = simulator.requestCount("/resultAction");
        System.out.printf(
                "the day before: %d students looked up (/all) through %d instance(s) until answered, in %.1f s: %s;"
                        + " %d left unanswered; %d result-page requests, %.1f per student, %s (median / p90 / max)%n",
                students.size(),
                bases.size(),
                ClientCrowd.millisSince(start) / 1000.0,
                rounds,
                left.size(),
                requests,
                requests / (double) students.size(),
                Spread.of(List.copyOf(perStudent.values())).format(0));
    }

    /**
     * The university publishes; the watch, the crowd during the publication and, once announced, the return; every
     * answer judged, the rest measured and printed.
     */
    private Row publication(String name, UniversitySimulator simulator, List<String> bases) throws Exception {
        DayTruth before = DayTruth.of(simulator.cohort(), students);
        long advanceStart = System.nanoTime();
        List<Exam> published = simulator.advanceTo(publicationDay);
        long publishedNanos = System.nanoTime();
        DayTruth after = DayTruth.of(simulator.cohort(), students);
        String probe = students.stream()
                .filter(ht -> !before.sameAs(after, ht))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("the publication changes no answer of the students"));
        System.out.printf(
                "%s: the university published %s (advanceTo took %d ms)%n",
                publicationDay, ResultsDayReturn.describe(published), (publishedNanos - advanceStart) / 1_000_000);
        Queue<Reply> replies = new ConcurrentLinkedQueue<>();
        AnnouncementWatch watch = AnnouncementWatch.start(crowd, bases, published, probe, after, publishedNanos);
        Timeline timeline = waves(bases, watch, publishedNanos, replies);
        watch.stop();
        long quietMs = ResultsDayBurst.awaitQuiet(
                simulator,
                publishedNanos,
                Duration.ofMillis(ClientCrowd.millisSince(publishedNanos)).plus(FINAL_QUIET));

        printVisibility(watch);
        System.out.printf(
                "timeline after the publication: the return wave %.1f → %.1f s (%d requests); the crowd during the"
                        + " publication got its last answer at %.1f s (%d requests from %d clients); the university"
                        + " quiet after %.1f s%n",
                timeline.returnStartMs() / 1000.0,
                timeline.returnEndMs() / 1000.0,
                timeline.returned(),
                timeline.duringEndMs() / 1000.0,
                timeline.during(),
                DURING_CLIENTS,
                quietMs / 1000.0);
        AnnouncedAnswers answers =
                AnnouncedAnswers.judge(replies, before, after, watch.lastNegativeMs(), watch.announcedMs());
        answers.printAfter(deadline);
        answers.printCrowd(DURING);
        answers.printCrowd(RETURN);
        long requests = simulator.requestCount("/resultAction");
        double perStudent = requests / (double) students.size();
        System.out.printf(
                "result-page requests since the publication (reading ahead included): %d, %.2f per returning student"
                        + " (target <= %.1f); per student %s (median / p90 / max)%n",
                requests,
                perStudent,
                MOST_REQUESTS_PER_STUDENT,
                Spread.of(List.copyOf(ResultsDayReturn.requestsPerStudent(simulator, students)
                                .values()))
                        .format(0));
        Map<String, Long> readAhead = readAhead(bases);
        System.out.printf("reading ahead, students by outcome over the instances: %s%n", readAhead);
        return new Row(
                name,
                students.size(),
                answers.wrongAnswers(),
                answers.wrongStudents().size(),
                answers.lastWrong(),
                answers.inDeadline(deadline),
                answers.sentAfter(),
                perStudent,
                watch.announcedMs(),
                watch.probeExactMs(),
                readAhead);
    }

    /** When each wave ran, in milliseconds after the publication, and how many requests it sent. */
    private record Timeline(long returnStartMs, long returnEndMs, int returned, long duringEndMs, int during) {}

    /**
     * The crowd during the publication (from now on, in the background) and, once the announcement came (or
     * {@link #LONGEST_DURING} passed), the return; their replies into {@code replies}.
     */
    private Timeline waves(List<String> bases, AnnouncementWatch watch, long publishedNanos, Queue<Reply> replies)
            throws Exception {
        try (var background = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<List<Sent>> during = background.submit(() -> crowd.askUntil(
                    duringRequests(bases),
                    DURING_FIRST_CLIENT,
                    DURING_CLIENTS,
                    DURING_PAUSE,
                    publishedNanos,
                    AnnouncedAnswers.keeping(DURING, replies),
                    () -> duringOver(watch, publishedNanos)));
            if (!watch.awaitAnnouncement(LONGEST_DURING)) {
                System.out.printf(
                        "no announcement within %d s: the students return all the same%n", LONGEST_DURING.toSeconds());
            }
            long returnStartMs = ClientCrowd.millisSince(publishedNanos);
            List<Sent> returned = crowd.ask(
                    returnRequests(bases),
                    ResultsDayBurst.CLIENTS,
                    publishedNanos,
                    AnnouncedAnswers.keeping(RETURN, replies));
            long returnEndMs = ClientCrowd.millisSince(publishedNanos);
            List<Sent> duringSent = during.get();
            return new Timeline(
                    returnStartMs,
                    returnEndMs,
                    returned.size(),
                    duringSent.stream().mapToLong(Sent::answeredMs).max().orElse(0),
                    duringSent.size());
        }
    }

    /** {@link #DURING_REQUESTS_EACH} N requests for random students of the N (fixed seed), round-robin. */
    private List<String> duringRequests(List<String> bases) {
        Random random = new Random(29);
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < DURING_REQUESTS_EACH * students.size(); i++) {
            urls.add(bases.get(i % bases.size()) + "/all/" + students.get(random.nextInt(students.size())));
        }
        return urls;
    }

    private static boolean duringOver(AnnouncementWatch watch, long publishedNanos) {
        long now = ClientCrowd.millisSince(publishedNanos);
        long announced = watch.announcedMs();
        return now >= LONGEST_DURING.toMillis()
                || announced >= 0 && now >= announced + DURING_AFTER_ANNOUNCEMENT.toMillis();
    }

    /** Each student {@link ResultsDayBurst#REQUESTS_EACH} times, shuffled (fixed seed), round-robin over the bases. */
    private List<String> returnRequests(List<String> bases) {
        List<String> order = ClientCrowd.shuffled(students, ResultsDayBurst.REQUESTS_EACH, 30);
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            urls.add(bases.get(i % bases.size()) + "/all/" + order.get(i));
        }
        return urls;
    }

    private static void printVisibility(AnnouncementWatch watch) {
        System.out.printf(
                "release shown: every list after %s (each instance %s), the last poll without it sent at %s, polls"
                        + " without it after the announcement: %d; the probe %s's first exact answer after %s"
                        + " (target <= %d s)%n",
                seconds(watch.announcedMs()),
                new TreeMap<>(watch.listedMs()),
                seconds(watch.lastNegativeMs()),
                watch.negativesAfter(),
                watch.probe(),
                seconds(watch.probeExactMs()),
                ResultsDayReturn.VISIBLE_WITHIN.toSeconds());
    }

    /**
     * Reading ahead's students by outcome, summed over the instances' {@code /metrics}
     * ({@code results_read_ahead_students_total}): every outcome the service counts.
     */
    private static Map<String, Long> readAhead(List<String> bases) throws Exception {
        Map<String, Long> students = new TreeMap<>();
        for (String base : bases) {
            for (String line : Benchmarks.get(base + "/metrics").body().lines().toList()) {
                Matcher matcher = READ_AHEAD.matcher(line);
                if (matcher.matches()) {
                    students.merge(matcher.group(1), (long) Double.parseDouble(matcher.group(2)), Long::sum);
                }
            }
        }
        return students;
    }

    private static List<String> bases(List<Javalin> services) {
        return services.stream().map(ResultsDayReturn::base).toList();
    }

    private static String seconds(long millis) {
        return millis < 0 ? "never" : String.format("%.1f s", millis / 1000.0);
    }

    /** One story's line of the summary table. */
    private record Row(
            String story,
            int students,
            long wrongAnswers,
            int wrongStudents,
            long lastWrong,
            long inDeadline,
            long sentAfter,
            double requestsPerStudent,
            long announcedMs,
            long probeExactMs,
            Map<String, Long> readAhead) {

        String format() {
            return String.format(
                    "| %s | %d | %d / %d / %d | %d of %d (%.1f %%) | %.2f | %s / %s | %s |",
                    story,
                    students,
                    wrongAnswers,
                    wrongStudents,
                    lastWrong,
                    inDeadline,
                    sentAfter,
                    sentAfter == 0 ? 0.0 : 100.0 * inDeadline / sentAfter,
                    requestsPerStudent,
                    seconds(announcedMs),
                    seconds(probeExactMs),
                    readAhead);
        }
    }
}
