package in.results.bench;

import in.results.bench.ClientCrowd.Sent;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Student;
import io.javalin.Javalin;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Executors;

/**
 * A results day: {@link #STUDENTS} different students looked up at once, {@link #REQUESTS_EACH} requests each, sent
 * in a shuffled order by {@link #CLIENTS} clients (each with an address of its own behind a trusted proxy, so the
 * per-client limit is each one's), on a fresh service with default settings otherwise. Counts the answers within the request
 * deadline; then every client that got a 503 waits what its {@code Retry-After} says and asks once more. Bounded:
 * the clients' requests, one retry per 503, and the wait for the university to go quiet (at most two minutes).
 */
final class ResultsDayBurst {
    static final int STUDENTS = 200;
    static final int REQUESTS_EACH = 5;
    static final int CLIENTS = 300;
    private static final Duration QUIET = Duration.ofSeconds(2);
    private static final Duration LONGEST_WAIT = Duration.ofMinutes(2);

    /** The retry of a 503: how long the client waited as told, what it got then, how fast and from where. */
    record Retried(long waitedSeconds, int status, long answeredInMs, String cache) {}

    private final ClientCrowd crowd = new ClientCrowd();

    /** What one burst came to: its answers, the retries of its 503s, and the university's requests meanwhile. */
    record Outcome(
            List<Sent> sent,
            List<Retried> retried,
            long clientsDoneMs,
            long clientsRequests,
            long quietMs,
            long allRequests) {}

    void run(String worldName, UniversitySimulator.Builder world) throws Exception {
        List<Student> candidates = new ArrayList<>(world.cohort().students().stream()
                .filter(s -> s.regulation().equals("R18") && !s.hasNoResult())
                .toList());
        Collections.shuffle(candidates, new Random(2023));
        try (UniversitySimulator simulator = world.start(0)) {
            simulator.setLatency(Benchmarks.L, Duration.ZERO);
            simulator.setMaxConcurrent(Benchmarks.SERVER_CAPACITY);
            Javalin service = Benchmarks.startService(simulator, Map.of("RESULTS_TRUSTED_PROXIES", "127.0.0.1"));
            String base = "http://127.0.0.1:" + service.port();
            crowd.send(base + "/new/all", 0); // the release list is cached before the day starts
            simulator.resetCounters();
            Outcome outcome = hit(
                    simulator,
                    base,
                    candidates.subList(0, STUDENTS).stream()
                            .map(Student::hallTicket)
                            .toList());
            report(worldName, outcome);
            service.stop();
        }
    }

    /**
     * The burst on the service at {@code base}: {@link #REQUESTS_EACH} {@code /all-r18} requests for each of
     * {@code hallTickets} ({@link #STUDENTS} of them, R18) from {@link #CLIENTS} clients, each 503 retried once as its
     * {@code Retry-After} says; returns once every retry is answered and the university has been quiet for
     * {@link #QUIET} (or {@link #LONGEST_WAIT} has passed). The university's requests are counted from the start,
     * whoever caused them.
     */
    Outcome hit(UniversitySimulator simulator, String base, List<String> hallTickets) throws Exception {
        List<String> requests = ClientCrowd.shuffled(
                hallTickets.stream().map(ht -> base + "/all-r18/" + ht).toList(), REQUESTS_EACH, 5);
        long requestsBefore = simulator.requestCount("/resultAction");
        List<Retried> retried = Collections.synchronizedList(new ArrayList<>());
        long start = System.nanoTime();
        List<Sent> sent;
        long clientsDoneMs;
        long clientsRequests;
        long quietMs;
        try (var retries = Executors.newVirtualThreadPerTaskExecutor()) {
            sent = crowd.ask(requests, CLIENTS, start, (one, reply) -> {
                if (one.status() == 503) {
                    retries.submit(() -> retried.add(retry(one.url(), one.client(), one.retryAfterSeconds())));
                }
            });
            clientsDoneMs = millisSince(start);
            clientsRequests = simulator.requestCount("/resultAction") - requestsBefore;
            quietMs = awaitQuiet(simulator, start);
        } // every retry answered
        return new Outcome(
                sent,
                List.copyOf(retried),
                clientsDoneMs,
                clientsRequests,
                quietMs,
                simulator.requestCount("/resultAction") - requestsBefore);
    }

    private Retried retry(String url, int client, long retryAfterSeconds) throws Exception {
        long wait = Math.max(0, retryAfterSeconds);
        Thread.sleep(Duration.ofSeconds(wait));
        long start = System.nanoTime();
        HttpResponse<String> reply = crowd.send(url, client);
        return new Retried(
                wait,
                reply.statusCode(),
                millisSince(start),
                reply.headers().firstValue("X-Cache").orElse("-"));
    }

    /** Waits until the university has had no result request for {@link #QUIET}; returns when that began (ms). */
    static long awaitQuiet(UniversitySimulator simulator, long start) throws InterruptedException {
        return awaitQuiet(simulator, start, LONGEST_WAIT);
    }

    /** The same, giving up {@code longest} after {@code start}. */
    static long awaitQuiet(UniversitySimulator simulator, long start, Duration longest) throws InterruptedException {
        long last = simulator.requestCount("/resultAction");
        long changedAt = millisSince(start);
        while (millisSince(start) - changedAt < QUIET.toMillis() && millisSince(start) < longest.toMillis()) {
            Thread.sleep(100);
            long now = simulator.requestCount("/resultAction");
            if (now != last) {
                last = now;
                changedAt = millisSince(start);
            }
        }
        return changedAt;
    }

    /** Prints {@code outcome} under the title {@code worldName}. */
    static void report(String worldName, Outcome outcome) {
        List<Sent> sent = outcome.sent();
        List<Retried> retried = outcome.retried();
        long clientsDoneMs = outcome.clientsDoneMs();
        Map<Integer, Integer> byStatus = new TreeMap<>();
        sent.forEach(s -> byStatus.merge(s.status(), 1, Integer::sum));
        long ok = sent.stream().filter(s -> s.status() == 200).count();
        List<Sent> unavailable = sent.stream().filter(s -> s.status() == 503).toList();
        long withRetryAfter =
                unavailable.stream().filter(s -> s.retryAfterSeconds() >= 0).count();
        long retriedOk = retried.stream().filter(r -> r.status() == 200).count();
        System.out.printf(
                "%n== results-day burst, %s: %d students x %d requests, %d clients, L = %d ms%n",
                worldName, STUDENTS, REQUESTS_EACH, CLIENTS, Benchmarks.L.toMillis());
        System.out.printf(
                "answered 200 within the deadline: %d of %d; statuses %s; clients done after %.1f s%n",
                ok, sent.size(), byStatus, clientsDoneMs / 1000.0);
        System.out.printf(
                "latency of the 200s (s): %s; of all (s): %s%n",
                Spread.of(sent.stream()
                                .filter(s -> s.status() == 200)
                                .map(s -> (s.answeredMs() - s.sentMs()) / 1000.0)
                                .toList())
                        .format(1),
                Spread.of(sent.stream()
                                .map(s -> (s.answeredMs() - s.sentMs()) / 1000.0)
                                .toList())
                        .format(1));
        System.out.printf(
                "503s with Retry-After: %d of %d; Retry-After (s) %s%n",
                withRetryAfter,
                unavailable.size(),
                Spread.of(unavailable.stream().map(Sent::retryAfterSeconds).toList())
                        .format(0));
        System.out.printf(
                "a client waiting as told and asking again got 200: %d of %d (%.1f %%); waited (s) %s%n",
                retriedOk,
                retried.size(),
                retried.isEmpty() ? 100.0 : 100.0 * retriedOk / retried.size(),
                Spread.of(retried.stream().map(Retried::waitedSeconds).toList()).format(0));
        Map<String, Long> cache = new TreeMap<>(retried.stream()
                .collect(java.util.stream.Collectors.groupingBy(
                        Retried::cache, java.util.stream.Collectors.counting())));
        System.out.printf(
                "the retries were answered in (s) %s, X-Cache %s (HIT: the answer was ready)%n",
                Spread.of(retried.stream().map(r -> r.answeredInMs() / 1000.0).toList())
                        .format(2),
                cache);
        System.out.printf(
                "university: %d result requests while the clients ran, %d in all (%.1f per student),"
                        + " quiet after %.1f s%n",
                outcome.clientsRequests(),
                outcome.allRequests(),
                outcome.allRequests() / (double) STUDENTS,
                outcome.quietMs() / 1000.0);
    }

    private static long millisSince(long startNanos) {
        return ClientCrowd.millisSince(startNanos);
    }
}
