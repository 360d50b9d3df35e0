package in.results.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.alerts.StuckReceiver;
import in.results.alerts.WebhookReceiver;
import in.results.alerts.WebhookReceiver.Delivery;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.testing.DataFolders;
import io.javalin.Javalin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
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
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code -Dbench.suites=alerts}: result alerts (issue 19), the dispatch of a new release to webhook subscribers. The
 * university of {@link ResultsDayReturn#LATE_2023} moves to the day before the first regular release after it that
 * {@link #TOLD} of our students have a page in; {@link #TOLD} of them and {@link #OTHERS} students with no page in
 * anything that day publishes (both from the simulator's truth) subscribe webhooks of a {@link WebhookReceiver} on
 * loopback, one each, from one client.
 *
 * <p>First the 500 subscribe at once, on a service of their own: the background lookups the service makes of every new
 * subscriber (so that its archive knows them before their next release), their requests and the circuit breakers'
 * opening. Then, on another service, they subscribe in waves of {@link #WAVE}, each wave waiting until its
 * subscriptions are active and the university is quiet, so that the archive knows every subscriber; the service stops,
 * and its data folder is copied. The measured runs each restart a service on one of the two folders (the subscriptions
 * are in its database), wait until the stopped instance's dispatch lease has lapsed and the service's list watch reads
 * the release list (so that the new release shows a whole refresh interval later, the worst case), and then the
 * university publishes ({@link UniversitySimulator#advanceTo}); the receiver records every {@code result.published}
 * message: the time from publication until each of the {@link #TOLD} is told (target: {@link #TARGET_SHARE} within
 * {@link #TARGET}), the university's {@code /resultAction} requests for the subscribers' hall tickets from publication
 * on (target: at most {@link #TARGET_REQUESTS} per subscriber), events for the others (target 0), {@code webhook-id}s
 * under two events or events under two ids (target none), and the signatures (the Standard Webhooks reference library).
 * The first run is alone; in the second, on a fresh university, the results-day burst of {@link ResultsDayBurst}
 * ({@value ResultsDayBurst#STUDENTS} other R18 students x {@value ResultsDayBurst#REQUESTS_EACH} requests from
 * {@value ResultsDayBurst#CLIENTS} clients, each 503 retried once as told) is sent the moment the service's release
 * list shows the release, when the dispatch starts. In the third, on a fresh university, {@link #STUCK} hosts on
 * 127.0.1.1 to 127.0.1.100 ({@link StuckReceiver}) are subscribed for as many of the told, a second webhook each: they
 * answer their verification and hold every delivery open until the service gives up on it (issue 27: a stuck host
 * delays only itself); the {@link #TOLD} deliveries to the one healthy receiver are measured as before.
 *
 * <p>L = {@link Benchmarks#L}, the university serves {@link Benchmarks#SERVER_CAPACITY} at once; the services run with
 * their default settings but for loopback webhooks allowed, no limit of subscriptions per client (one app's backend
 * subscribes all) and no limit of requests per client (it subscribes and checks 500 in a minute; the burst's clients,
 * each with an address of its own behind a trusted proxy, send five requests or fewer each, far below the default
 * limit). Bounded: 500 + 500 subscriptions, their statuses polled every second for at most {@link #LONGEST_ACTIVATION}
 * per wave, quiet waits of at most {@link #LONGEST_QUIET}, per run the lease's lapse ({@link #LEASE_LAPSE}) and a list
 * read (at most {@link #LONGEST_LIST_WAIT}), at most {@link #LONGEST_TELLING} for the {@link #TOLD} and
 * {@link #LONGEST_SETTLING} for the dispatch to settle; the burst as {@link ResultsDayBurst} bounds it.
 */
final class AlertsBenchmark {
    /** Subscribers with a page in what the university publishes. */
    static final int TOLD = 400;
    /** Subscribers without one: they must get no event. */
    static final int OTHERS = 100;
    /** Hosts that hold every delivery open, in the third run. */
    static final int STUCK = 100;
    /** The target: {@link #TARGET_SHARE} of the {@link #TOLD} told within this time of the publication. */
    static final Duration TARGET = Duration.ofMinutes(2);

    static final double TARGET_SHARE = 0.95;
    /** The target: at most this many upstream requests per subscriber for the dispatch. */
    static final double TARGET_REQUESTS = 1.2;
    /**
     * Subscriptions per wave: a wave's background lookups (about 30 requests each for these students) take about 12 s
     * of the default budget of 100 requests/s, within the 20 s a request may wait for its turn.
     */
    static final int WAVE = 40;

    private static final Duration LONGEST_ACTIVATION = Duration.ofMinutes(1);
    /** The background lookups are over when the university has been quiet for 2 s; waited for at most this long. */
    private static final Duration LONGEST_QUIET = Duration.ofMinutes(1);
    /** How long a stopped instance's dispatch lease lasts (30 s), and a look more. */
    private static final Duration LEASE_LAPSE = Duration.ofSeconds(33);

    /** The list watch reads the list once a refresh interval (30 s by default) and a sixth. */
    private static final Duration LONGEST_LIST_WAIT = Duration.ofSeconds(40);

    private static final Duration LONGEST_TELLING = Duration.ofMinutes(3);
    /** The dispatch is over when no message came and no subscriber was asked upstream for this long. */
    private static final Duration SETTLED = Duration.ofSeconds(5);

    private static final Duration LONGEST_SETTLING = Duration.ofSeconds(60);
    private static final Duration POLL = Duration.ofMillis(250);
    private static final int SUBSCRIBING_AT_ONCE = 16;
    /** A subscription answered 503 is asked again at most this many times. */
    private static final int SUBSCRIBE_RETRIES = 5;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> SETTINGS = Map.of(
            "RESULTS_WEBHOOK_ALLOW_PRIVATE", "true",
            "RESULTS_SUBSCRIPTIONS_PER_CLIENT_HOUR", "0",
            "RESULTS_SUBSCRIPTIONS_PER_HALLTICKET_CLIENT", "0",
            "RESULTS_RATE_LIMIT_PER_MINUTE", "0",
            "RESULTS_TRUSTED_PROXIES", "127.0.0.1");

    private final Cohort world;
    private final Exam regular;
    private final LocalDate dayBefore;
    /** What the move from {@link #dayBefore} to the release's day publishes. */
    private final List<Exam> published;

    private final List<String> told;
    private final List<String> others;
    /** Every subscriber, in the order they subscribe. */
    private final List<String> subscribers;
    /** The burst's students: R18, with results the day before, none of them a subscriber. */
    private final List<String> crowdStudents;

    private final HttpClient http = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .executor(Executors.newVirtualThreadPerTaskExecutor())
            .build();
    private final ClientCrowd crowd = new ClientCrowd();
    /** Probes of the service's list each come from an address of their own. */
    private final AtomicInteger probes = new AtomicInteger(2_000_000);
    /** Subscription requests answered 503, since the last report of them. */
    private final AtomicInteger unavailable = new AtomicInteger();

    AlertsBenchmark(Cohort world) {
        this.world = world;
        Exam release = world.nextRegularRelease(ResultsDayReturn.LATE_2023).orElseThrow();
        while (withPage(world.releasesBetween(release.releaseDate().minusDays(1), release.releaseDate()))
                        .size()
                < TOLD) {
            release = world.nextRegularRelease(release.releaseDate()).orElseThrow();
        }
        this.regular = release;
        this.dayBefore = release.releaseDate().minusDays(1);
        this.published = world.releasesBetween(dayBefore, release.releaseDate());
        Set<String> withPage = withPage(published);
        Cohort before = world.asOf(dayBefore);
        this.told = pick(before.students().stream().map(Student::hallTicket).filter(withPage::contains), TOLD, 19);
        this.others = pick(
                before.students().stream().map(Student::hallTicket).filter(ht -> !withPage.contains(ht)), OTHERS, 20);
        List<String> all = new ArrayList<>(told);
        all.addAll(others);
        Collections.shuffle(all, new Random(21));
        this.subscribers = List.copyOf(all);
        this.crowdStudents = pick(
                before.students().stream()
                        .filter(s -> s.regulation().equals("R18") && !s.hasNoResult())
                        .map(Student::hallTicket)
                        .filter(ht -> !subscribers.contains(ht)),
                ResultsDayBurst.STUDENTS,
                2023);
    }

    /** {@code count} of {@code hallTickets}, drawn with {@code seed}. */
    private static List<String> pick(Stream<String> hallTickets, int count, long seed) {
        List<String> all = new ArrayList<>(hallTickets.sorted().toList());
        Collections.shuffle(all, new Random(seed));
        return List.copyOf(all.subList(0, count));
    }

    void run() throws Exception {
        System.out.printf(
                "%n== alerts: the day before %s (exam %s, %s); the move publishes %s, with a page for %d students of"
                        + " ours; %d subscribers: %d of them (%s) and %d without a page in it (%s); L = %d ms%n",
                regular.releaseDate(),
                regular.code(),
                regular.title().strip(),
                ResultsDayReturn.describe(published),
                withPage(published).size(),
                subscribers.size(),
                TOLD,
                regulations(told),
                OTHERS,
                regulations(others),
                Benchmarks.L.toMillis());
        double atOnce = subscribeAtOnce();
        try (UniversitySimulator first = Benchmarks.university(world, dayBefore);
                WebhookReceiver receiver = new WebhookReceiver()) {
            Path folder = DataFolders.fresh();
            long stoppedAt = prepare(first, receiver, folder, atOnce);
            Path copy = DataFolders.fresh();
            copyFolder(folder, copy);
            Path stuckCopy = DataFolders.fresh();
            copyFolder(folder, stuckCopy);
            story(first, receiver, folder, stoppedAt, false, List.of());
            try (UniversitySimulator second = Benchmarks.university(world, dayBefore)) {
                story(second, receiver, copy, stoppedAt, true, List.of());
            }
            List<StuckReceiver> stuck = new ArrayList<>();
            try (UniversitySimulator third = Benchmarks.university(world, dayBefore)) {
                for (int i = 1; i <= STUCK; i++) {
                    stuck.add(new StuckReceiver(InetAddress.getByAddress(new byte[] {127, 0, 1, (byte) i}), true));
                }
                story(third, receiver, stuckCopy, stoppedAt, false, stuck);
            } finally {
                stuck.forEach(StuckReceiver::close);
            }
        }
    }

    /**
     * The 500 subscribe at once, on a service and university of their own: what the service's background lookups of
     * the new subscribers cost and whether they went through. Returns their requests per subscriber.
     */
    private double subscribeAtOnce() throws Exception {
        System.out.printf("%n-- the %d subscribe at once (%d at a time)%n", subscribers.size(), SUBSCRIBING_AT_ONCE);
        try (UniversitySimulator simulator = Benchmarks.university(world, dayBefore);
                WebhookReceiver receiver = new WebhookReceiver()) {
            Javalin service = Benchmarks.startService(simulator, SETTINGS);
            String base = base(service);
            crowd.send(base + "/new/all", probes.getAndIncrement());
            awaitArchive(base);
            long start = System.nanoTime();
            Map<String, Created> created = subscribe(base, receiver, subscribers);
            long subscribedMs = ClientCrowd.millisSince(start);
            long activeMs = awaitActive(base, created, start);
            long quietMs = ResultsDayBurst.awaitQuiet(simulator, start, LONGEST_QUIET);
            long requests = simulator.requestCount("/resultAction");
            System.out.printf(
                    "%d subscriptions made (201 each; %d answers 503, asked again) in %.1f s, %s active after %s; the"
                            + " new subscribers' background"
                            + " lookups: %d /resultAction requests (%.1f per subscriber), the university quiet after"
                            + " %.1f s; circuit breakers opened %.0f times, calls refused at once (every breaker open)"
                            + " %.0f%n",
                    created.size(),
                    unavailable.getAndSet(0),
                    subscribedMs / 1000.0,
                    activeMs < 0 ? "NOT all" : "all",
                    seconds(activeMs, LONGEST_ACTIVATION),
                    requests,
                    requests / (double) subscribers.size(),
                    quietMs / 1000.0,
                    ResultsDayReturn.metric(base, "results_upstream_breaker_opens_total"),
                    ResultsDayReturn.metric(base, "results_upstream_short_circuits_total"));
            service.stop();
            return requests / (double) subscribers.size();
        }
    }

    /**
     * The 500 subscribe in waves of {@link #WAVE} to a service on {@code folder}, each wave waiting until its
     * subscriptions are active and the university is quiet; then the service stops. Returns when it stopped
     * ({@link System#nanoTime()}).
     */
    private long prepare(UniversitySimulator simulator, WebhookReceiver receiver, Path folder, double atOnce)
            throws Exception {
        System.out.printf(
                "%n-- the %d subscribe again, on a fresh service, in waves of %d (each wave active and the university"
                        + " quiet before the next)%n",
                subscribers.size(), WAVE);
        Map<String, String> settings = new HashMap<>(SETTINGS);
        settings.put("RESULTS_DATA_DIR", folder.toString());
        Javalin service = Benchmarks.startService(simulator, settings);
        String base = base(service);
        crowd.send(base + "/new/all", probes.getAndIncrement());
        awaitArchive(base);
        long start = System.nanoTime();
        long slowestActiveMs = 0;
        for (int from = 0; from < subscribers.size(); from += WAVE) {
            long waveStart = System.nanoTime();
            Map<String, Created> created =
                    subscribe(base, receiver, subscribers.subList(from, Math.min(subscribers.size(), from + WAVE)));
            long activeMs = awaitActive(base, created, waveStart);
            slowestActiveMs = activeMs < 0 ? Long.MAX_VALUE : Math.max(slowestActiveMs, activeMs);
            ResultsDayBurst.awaitQuiet(simulator, System.nanoTime(), LONGEST_QUIET);
        }
        long requests = simulator.requestCount("/resultAction");
        List<Delivery> verifications = receiver.events("subscription.verify");
        System.out.printf(
                "%d waves in %.0f s (subscriptions answered 503 and asked again: %d); a wave active within %s;"
                        + " verification requests %d, signed validly %d; background"
                        + " lookups: %d /resultAction requests (%.1f per subscriber; at once, above: %.1f); circuit"
                        + " breakers opened %.0f times%n",
                (subscribers.size() + WAVE - 1) / WAVE,
                ClientCrowd.millisSince(start) / 1000.0,
                unavailable.getAndSet(0),
                slowestActiveMs == Long.MAX_VALUE ? "NOT every wave" : slowestActiveMs / 1000.0 + " s",
                verifications.size(),
                verifications.stream().filter(Delivery::signatureValid).count(),
                requests,
                requests / (double) subscribers.size(),
                atOnce,
                ResultsDayReturn.metric(base, "results_upstream_breaker_opens_total"));
        service.stop();
        return System.nanoTime();
    }

    /**
     * One measured run: a service restarts on {@code folder}, the university publishes, the receiver counts; with the
     * results-day burst or without; with {@code stuck} hosts subscribed for as many of the told (each answers its
     * verification and holds every delivery open until the service gives up on it) or with none.
     */
    private void story(
            UniversitySimulator simulator,
            WebhookReceiver receiver,
            Path folder,
            long stoppedAt,
            boolean withBurst,
            List<StuckReceiver> stuck)
            throws Exception {
        long storyStart = System.nanoTime();
        System.out.printf(
                "%n-- %s%n",
                withBurst
                        ? "while the results-day burst runs (" + ResultsDayBurst.STUDENTS + " other R18 students x "
                                + ResultsDayBurst.REQUESTS_EACH + ", " + ResultsDayBurst.CLIENTS
                                + " clients, sent when the service's list shows the release; a fresh university, the"
                                + " copy of the data folder)"
                        : stuck.isEmpty()
                                ? "alone (nobody else asks the service)"
                                : "with " + stuck.size() + " stuck hosts (127.0.1.1 to 127.0.1." + stuck.size()
                                        + ", each a second webhook of one of the told: it answers its verification"
                                        + " and holds every delivery open; a fresh university, a copy of the data"
                                        + " folder)");
        Map<String, String> settings = new HashMap<>(SETTINGS);
        settings.put("RESULTS_DATA_DIR", folder.toString());
        Javalin service = Benchmarks.startService(simulator, settings);
        String base = base(service);
        // The list of the day before, as an instance running since then has it.
        crowd.send(base + "/new/all", probes.getAndIncrement());
        awaitArchive(base);
        if (!stuck.isEmpty()) {
            subscribeStuck(base, stuck);
        }
        long lapse = LEASE_LAPSE.toMillis() - ClientCrowd.millisSince(stoppedAt);
        if (lapse > 0) {
            Thread.sleep(lapse);
        }
        // The move comes just after the service's list watch read the release list (once a refresh interval): the
        // release shows a whole interval later, the alerts' worst case, the same in every run.
        long listReads = simulator.requestCount("/jsp/home.jsp");
        long listWait = System.nanoTime();
        while (simulator.requestCount("/jsp/home.jsp") == listReads
                && ClientCrowd.millisSince(listWait) < LONGEST_LIST_WAIT.toMillis()) {
            Thread.sleep(20);
        }
        // The read counted has only begun: the page is made when the university answers, L later.
        Thread.sleep(Benchmarks.L.multipliedBy(2).plusMillis(500));
        System.out.printf(
                "a service restarted on the data folder (%d subscriptions in it); publication %.1f s after the"
                        + " restart, once the stopped instance's dispatch lease had lapsed, as the service's list watch"
                        + " read the list%n",
                subscribers.size(), ClientCrowd.millisSince(storyStart) / 1000.0);

        simulator.resetCounters();
        List<Exam> releases = simulator.advanceTo(regular.releaseDate());
        long t0 = System.nanoTime();
        long listedMs = -1;
        long firstAskedMs = -1;
        Future<ResultsDayBurst.Outcome> burst = null;
        ResultsDayBurst burstRunner = new ResultsDayBurst();
        try (ExecutorService background = Executors.newVirtualThreadPerTaskExecutor()) {
            while (ClientCrowd.millisSince(t0) < LONGEST_TELLING.toMillis()
                    && (listedMs < 0 || toldOf(receiver, t0).size() < TOLD)) {
                if (listedMs < 0 && ResultsDayReturn.lists(crowd, probes.getAndIncrement(), base, List.of(regular))) {
                    listedMs = ClientCrowd.millisSince(t0);
                    if (withBurst) {
                        burst = background.submit(() -> burstRunner.hit(simulator, base, crowdStudents));
                    }
                }
                if (firstAskedMs < 0 && requestsFor(simulator, subscribers) > 0) {
                    firstAskedMs = ClientCrowd.millisSince(t0);
                }
                Thread.sleep(POLL);
            }
            long settledMs = settle(simulator, receiver, t0);
            report(simulator, base, receiver, releases, t0, listedMs, firstAskedMs, settledMs);
            if (!stuck.isEmpty()) {
                System.out.printf(
                        "the %d stuck hosts: connections accepted after their verification %d, open now %d%n",
                        stuck.size(),
                        stuck.stream()
                                .mapToInt(host -> host.accepted() - host.verified())
                                .sum(),
                        stuck.stream().mapToInt(StuckReceiver::open).sum());
            }
            if (burst != null) {
                ResultsDayBurst.report(
                        "at the same time (its university counts include the dispatch's requests)", burst.get());
            }
        }
        service.stop();
        System.out.printf("(this run took %.0f s)%n", ClientCrowd.millisSince(storyStart) / 1000.0);
    }

    /**
     * Waits until the service's archive answers ({@code /health}: {@code archive.reachable}), at most
     * {@link #LONGEST_QUIET}: until then its database answers 503 (its schema is put in place in the background).
     */
    private void awaitArchive(String base) throws Exception {
        long start = System.nanoTime();
        while (!JSON.readTree(Benchmarks.get(base + "/health").body())
                        .path("archive")
                        .path("reachable")
                        .asBoolean()
                && ClientCrowd.millisSince(start) < LONGEST_QUIET.toMillis()) {
            Thread.sleep(POLL);
        }
    }

    /** A subscription as its maker is told of it: its signing secret and its management token. */
    private record Created(String id, String secret, String token) {}

    /** Subscribes a webhook of {@code receiver} for each hall ticket, {@link #SUBSCRIBING_AT_ONCE} at once. */
    private Map<String, Created> subscribe(String base, WebhookReceiver receiver, List<String> hallTickets)
            throws InterruptedException {
        Map<String, Created> created = new ConcurrentHashMap<>();
        List<String> failed = Collections.synchronizedList(new ArrayList<>());
        Queue queue = new Queue(hallTickets);
        try (var subscribing = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < SUBSCRIBING_AT_ONCE; i++) {
                subscribing.submit(() -> {
                    for (String ht = queue.next(); ht != null; ht = queue.next()) {
                        String body = JSON.createObjectNode()
                                .put("hallticket", ht)
                                .put("webhook_url", receiver.url("/" + ht))
                                .toString();
                        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/api/subscriptions"))
                                .timeout(Duration.ofSeconds(30))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                .build();
                        HttpResponse<String> reply = http.send(request, HttpResponse.BodyHandlers.ofString());
                        // A client told to retry later (503, the database not answering in time) does, a few times.
                        for (int retry = 1; reply.statusCode() == 503 && retry <= SUBSCRIBE_RETRIES; retry++) {
                            unavailable.incrementAndGet();
                            Thread.sleep(Duration.ofSeconds(reply.headers()
                                    .firstValueAsLong("Retry-After")
                                    .orElse(1)));
                            reply = http.send(request, HttpResponse.BodyHandlers.ofString());
                        }
                        if (reply.statusCode() == 503) {
                            unavailable.incrementAndGet();
                        }
                        if (reply.statusCode() != 201) {
                            failed.add(ht + " " + reply.statusCode() + " " + reply.body());
                            continue;
                        }
                        JsonNode answer = JSON.readTree(reply.body());
                        Created one = new Created(
                                answer.path("id").asText(),
                                answer.path("secret").asText(),
                                answer.path("token").asText());
                        receiver.expectSecret("/" + ht, one.secret());
                        created.put(ht, one);
                    }
                    return null;
                });
            }
        }
        if (!failed.isEmpty()) {
            throw new IllegalStateException(failed.size() + " subscriptions were refused, e.g. "
                    + failed.subList(0, Math.min(3, failed.size())));
        }
        return Map.copyOf(created);
    }

    /**
     * Subscribes a webhook on each of {@code stuck} for one of the told each (the first {@code stuck.size()}), and
     * waits until each has answered its verification, at most {@link #LONGEST_ACTIVATION}.
     */
    private void subscribeStuck(String base, List<StuckReceiver> stuck) throws Exception {
        for (int i = 0; i < stuck.size(); i++) {
            String body = JSON.createObjectNode()
                    .put("hallticket", told.get(i))
                    .put("webhook_url", stuck.get(i).url("/" + told.get(i)))
                    .toString();
            HttpResponse<String> reply = http.send(
                    HttpRequest.newBuilder(URI.create(base + "/api/subscriptions"))
                            .timeout(Duration.ofSeconds(30))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(body))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (reply.statusCode() != 201) {
                throw new IllegalStateException("a stuck host's subscription was refused: " + reply.body());
            }
        }
        long start = System.nanoTime();
        while (stuck.stream().anyMatch(host -> host.verified() == 0)
                && ClientCrowd.millisSince(start) < LONGEST_ACTIVATION.toMillis()) {
            Thread.sleep(POLL);
        }
        System.out.printf(
                "%d stuck hosts subscribed, %d of them verified after %.1f s%n",
                stuck.size(),
                stuck.stream().filter(host -> host.verified() > 0).count(),
                ClientCrowd.millisSince(start) / 1000.0);
    }

    /** The hall tickets left to do, taken one at a time by several threads. */
    private static final class Queue {
        private final List<String> left;

        Queue(List<String> hallTickets) {
            this.left = new ArrayList<>(hallTickets);
        }

        synchronized String next() {
            return left.isEmpty() ? null : left.removeLast();
        }
    }

    /**
     * Polls every subscription not yet active ({@code GET /api/subscriptions/<id>} with its token) every second until
     * all are; returns when that was (ms after {@code start}), or -1 after {@link #LONGEST_ACTIVATION}.
     */
    private long awaitActive(String base, Map<String, Created> created, long start) throws Exception {
        Set<String> pending = ConcurrentHashMap.newKeySet();
        pending.addAll(created.keySet());
        while (!pending.isEmpty()) {
            if (ClientCrowd.millisSince(start) > LONGEST_ACTIVATION.toMillis()) {
                System.out.printf(
                        "%d subscriptions still not active, e.g. %s%n",
                        pending.size(), pending.stream().limit(3).toList());
                return -1;
            }
            Queue queue = new Queue(List.copyOf(pending));
            try (var checking = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < SUBSCRIBING_AT_ONCE; i++) {
                    checking.submit(() -> {
                        for (String ht = queue.next(); ht != null; ht = queue.next()) {
                            Created one = created.get(ht);
                            HttpResponse<String> reply = http.send(
                                    HttpRequest.newBuilder(URI.create(base + "/api/subscriptions/" + one.id()))
                                            .timeout(Duration.ofSeconds(30))
                                            .header("Authorization", "Bearer " + one.token())
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString());
                            if (reply.statusCode() == 200
                                    && JSON.readTree(reply.body())
                                            .path("status")
                                            .asText()
                                            .equals("active")) {
                                pending.remove(ht);
                            }
                        }
                        return null;
                    });
                }
            }
            if (!pending.isEmpty()) {
                Thread.sleep(1000);
            }
        }
        return ClientCrowd.millisSince(start);
    }

    /**
     * Waits until no message has come and no subscriber's hall ticket has been asked upstream for {@link #SETTLED},
     * at most {@link #LONGEST_SETTLING}; returns when the last of either happened (ms after {@code t0}).
     */
    private long settle(UniversitySimulator simulator, WebhookReceiver receiver, long t0) throws InterruptedException {
        long settleStart = System.nanoTime();
        int messages = receiver.all().size();
        long requests = requestsFor(simulator, subscribers);
        long changedAt = ClientCrowd.millisSince(t0);
        while (ClientCrowd.millisSince(t0) - changedAt < SETTLED.toMillis()
                && ClientCrowd.millisSince(settleStart) < LONGEST_SETTLING.toMillis()) {
            Thread.sleep(POLL);
            int nowMessages = receiver.all().size();
            long nowRequests = requestsFor(simulator, subscribers);
            if (nowMessages != messages || nowRequests != requests) {
                messages = nowMessages;
                requests = nowRequests;
                changedAt = ClientCrowd.millisSince(t0);
            }
        }
        return changedAt;
    }

    /** The {@code result.published} messages that arrived after {@code t0}. */
    private static List<Delivery> eventsSince(WebhookReceiver receiver, long t0) {
        return receiver.events("result.published").stream()
                .filter(m -> m.arrivedNanos() - t0 >= 0)
                .toList();
    }

    /** Per told student: when their first event of the published releases after {@code t0} arrived (nanoTime). */
    private Map<String, Long> toldOf(WebhookReceiver receiver, long t0) {
        Set<String> codes = codesOf(published);
        Set<String> mine = Set.copyOf(told);
        Map<String, Long> first = new HashMap<>();
        for (Delivery message : eventsSince(receiver, t0)) {
            if (mine.contains(nameOf(message)) && codes.contains(eventRelease(message))) {
                first.merge(nameOf(message), message.arrivedNanos(), Math::min);
            }
        }
        return first;
    }

    private void report(
            UniversitySimulator simulator,
            String base,
            WebhookReceiver receiver,
            List<Exam> releases,
            long t0,
            long listedMs,
            long firstAskedMs,
            long settledMs)
            throws Exception {
        Map<String, Long> toldNanos = toldOf(receiver, t0);
        List<Double> toldSeconds = new ArrayList<>();
        for (String ht : told) {
            Long at = toldNanos.get(ht);
            toldSeconds.add(at == null ? Double.POSITIVE_INFINITY : (at - t0) / 1e9);
        }
        long within = toldSeconds.stream().filter(s -> s <= TARGET.toSeconds()).count();
        System.out.printf(
                "%s: the university published %s; the service's list showed it after %s; the dispatch's first"
                        + " upstream request (polled every %d ms) after %s; the dispatch settled (no message, no"
                        + " subscriber asked upstream for %d s) %.1f s after the publication%n",
                regular.releaseDate(),
                ResultsDayReturn.describe(releases),
                listedMs < 0 ? "NEVER (gave up after " + LONGEST_TELLING.toSeconds() + " s)" : listedMs / 1000.0 + " s",
                POLL.toMillis(),
                firstAskedMs < 0 ? "none seen" : firstAskedMs / 1000.0 + " s",
                SETTLED.toSeconds(),
                settledMs / 1000.0);
        System.out.printf(
                "told (of the %d with a page): %d; from publication to their first event (s) p50 / p95 / max:"
                        + " %s / %s / %s, the first after %s s; within %d min: %d of %d (%.1f %%, target >= %.0f %%)%n",
                TOLD,
                toldNanos.size(),
                seconds(Spread.percentileOf(toldSeconds, 0.5)),
                seconds(Spread.percentileOf(toldSeconds, 0.95)),
                seconds(Collections.max(toldSeconds)),
                seconds(Collections.min(toldSeconds)),
                TARGET.toMinutes(),
                within,
                TOLD,
                100.0 * within / TOLD,
                100 * TARGET_SHARE);

        long forSubscribers = requestsFor(simulator, subscribers);
        long forTold = requestsFor(simulator, told);
        Map<Long, Long> perSubscriber = new TreeMap<>(subscribers.stream()
                .collect(Collectors.groupingBy(ht -> requestsFor(simulator, List.of(ht)), Collectors.counting())));
        System.out.printf(
                "upstream /resultAction requests for the subscribers' hall tickets since the publication: %d, %.2f per"
                        + " subscriber (target <= %.1f); the %d told %d, the %d others %d; subscribers per number of"
                        + " requests %s; by exam %s; /resultAction in all %d, /jsp/home.jsp %d; circuit breakers"
                        + " opened %.0f times since the restart%n",
                forSubscribers,
                forSubscribers / (double) subscribers.size(),
                TARGET_REQUESTS,
                TOLD,
                forTold,
                OTHERS,
                forSubscribers - forTold,
                perSubscriber,
                requestsByExam(simulator, subscribers),
                simulator.requestCount("/resultAction"),
                simulator.requestCount("/jsp/home.jsp"),
                ResultsDayReturn.metric(base, "results_upstream_breaker_opens_total"));

        List<Delivery> events = eventsSince(receiver, t0);
        Set<String> otherNames = Set.copyOf(others);
        Set<String> codes = codesOf(published);
        long forOthers =
                events.stream().filter(m -> otherNames.contains(nameOf(m))).count();
        long strange = events.stream()
                .filter(m -> !otherNames.contains(nameOf(m)))
                .filter(m -> !codes.contains(eventRelease(m))
                        || !m.body().path("data").path("hallticket").asText().equals(nameOf(m)))
                .count();
        Map<String, Set<String>> eventsById = new HashMap<>();
        Map<String, Set<String>> idsByEvent = new HashMap<>();
        for (Delivery event : events) {
            String key = nameOf(event) + " " + eventRelease(event);
            eventsById.computeIfAbsent(event.webhookId(), id -> new HashSet<>()).add(key);
            idsByEvent.computeIfAbsent(key, id -> new HashSet<>()).add(event.webhookId());
        }
        System.out.printf(
                "events for the %d others: %d (target 0); events of the told not for the published releases or not"
                        + " their hall ticket: %d; %d deliveries, %d events, %d webhook-ids; ids under two events: %d,"
                        + " events under two ids: %d (target none); signatures valid: %d of %d (unchecked: %d)%n",
                OTHERS,
                forOthers,
                strange,
                events.size(),
                idsByEvent.size(),
                eventsById.size(),
                eventsById.values().stream().filter(s -> s.size() > 1).count(),
                idsByEvent.values().stream().filter(s -> s.size() > 1).count(),
                events.stream().filter(Delivery::signatureValid).count(),
                events.size(),
                receiver.unchecked());
    }

    /** The release an event names: {@code <exam code>} or {@code <exam code> RC/RV}. */
    private static String eventRelease(Delivery event) {
        JsonNode release = event.body().path("data").path("release");
        return release.path("exam_code").asText() + (release.path("rcrv").asBoolean() ? " RC/RV" : "");
    }

    private static Set<String> codesOf(List<Exam> releases) {
        return releases.stream()
                .map(exam -> exam.code() + (exam.rcrv() ? " RC/RV" : ""))
                .collect(Collectors.toSet());
    }

    /** The students with a page (an exam's, or an RC/RV page) in one of {@code releases}. */
    private Set<String> withPage(List<Exam> releases) {
        return world.students().stream()
                .filter(s -> releases.stream()
                        .anyMatch(exam -> exam.rcrv()
                                ? s.rcrvResults().containsKey(exam.code())
                                : s.results().containsKey(exam.code())))
                .map(Student::hallTicket)
                .collect(Collectors.toSet());
    }

    private String regulations(List<String> hallTickets) {
        return hallTickets.stream()
                .map(ht -> world.student(ht).orElseThrow().regulation())
                .collect(Collectors.groupingBy(r -> r, TreeMap::new, Collectors.counting()))
                .toString();
    }

    private static long requestsFor(UniversitySimulator simulator, List<String> hallTickets) {
        Set<String> codes = simulator.resultRequestsByExam().keySet();
        long sum = 0;
        for (String ht : hallTickets) {
            for (String code : codes) {
                sum += simulator.resultRequestsFor(ht, code);
            }
        }
        return sum;
    }

    private static Map<String, Long> requestsByExam(UniversitySimulator simulator, List<String> hallTickets) {
        Map<String, Long> byExam = new TreeMap<>();
        for (String code : simulator.resultRequestsByExam().keySet()) {
            long n = hallTickets.stream()
                    .mapToLong(ht -> simulator.resultRequestsFor(ht, code))
                    .sum();
            if (n > 0) {
                byExam.put(code, n);
            }
        }
        return byExam;
    }

    /** Copies the files of a stopped service's data folder. */
    private static void copyFolder(Path from, Path to) {
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : files.toList()) {
                Files.copy(file, to.resolve(file.getFileName()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String base(Javalin service) {
        return "http://127.0.0.1:" + service.port();
    }

    private static String seconds(double value) {
        return Double.isInfinite(value) ? "never" : String.format(Locale.ROOT, "%.1f", value);
    }

    private static String seconds(long millis, Duration gaveUpAfter) {
        return millis < 0 ? "NEVER (gave up after " + gaveUpAfter.toSeconds() + " s)" : millis / 1000.0 + " s";
    }

    /** The hall ticket a delivery was for: its receiver path is {@code /<hallticket>}. */
    private static String nameOf(Delivery delivery) {
        return delivery.path().substring(1);
    }
}
