package in.results.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;

/**
 * Many clients asking one service at once, as on a results day: each client has an address of its own behind a
 * trusted proxy ({@code X-Forwarded-For}, so the service's per-client limit is each one's) and takes the next request
 * of a shared queue until none is left. Bounded: every request is sent once, and waits 60 s at most.
 */
final class ClientCrowd {
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    /** One request: when it was sent and answered (ms after the crowd's start), and what it got. */
    record Sent(String url, int client, long sentMs, long answeredMs, int status, long retryAfterSeconds) {
        /** The URL's last segment: the hall ticket of {@code /all-r18/<hallticket>}. */
        String hallTicket() {
            return url.substring(url.lastIndexOf('/') + 1);
        }

        long tookMs() {
            return answeredMs - sentMs;
        }
    }

    /** Told of every answer as it arrives, on the client's thread (so it must be thread-safe). */
    @FunctionalInterface
    interface Listener {
        void answered(Sent sent, HttpResponse<String> reply) throws Exception;
    }

    private final HttpClient http = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .executor(Executors.newVirtualThreadPerTaskExecutor())
            .build();

    /** {@code each} requests for every URL, in an order shuffled by {@code seed}. */
    static List<String> shuffled(List<String> urls, int each, long seed) {
        List<String> requests = new ArrayList<>();
        for (String url : urls) {
            for (int i = 0; i < each; i++) {
                requests.add(url);
            }
        }
        Collections.shuffle(requests, new Random(seed));
        return requests;
    }

    /**
     * GETs every URL of {@code urls} (in that order, one request each) from {@code clients} clients at once and
     * returns when every request is answered, each answer also given to {@code listener}. Times are measured from
     * {@code startNanos} ({@link System#nanoTime()}).
     */
    List<Sent> ask(List<String> urls, int clients, long startNanos, Listener listener) throws InterruptedException {
        List<Sent> sent = askUntil(urls, 0, clients, Duration.ZERO, startNanos, listener, () -> false);
        if (sent.size() != urls.size()) {
            throw new IllegalStateException(
                    "a client failed: " + sent.size() + " of " + urls.size() + " requests answered");
        }
        return sent;
    }

    /**
     * As {@link #ask}, from clients numbered {@code firstClient} on (addresses no other crowd of the benchmark uses
     * at the same time), each waiting {@code pause} after every answer (a student reading it before asking again) and
     * taking no further request once {@code stop} says so: returns the requests answered, every one of {@code urls}
     * unless stopped (or a client failed, which takes no further request).
     */
    List<Sent> askUntil(
            List<String> urls,
            int firstClient,
            int clients,
            Duration pause,
            long startNanos,
            Listener listener,
            BooleanSupplier stop)
            throws InterruptedException {
        ConcurrentLinkedQueue<String> queue = new ConcurrentLinkedQueue<>(urls);
        List<Sent> sent = Collections.synchronizedList(new ArrayList<>());
        try (var crowd = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = firstClient; c < firstClient + clients; c++) {
                int client = c;
                crowd.submit(() -> {
                    for (String next = queue.poll(); next != null && !stop.getAsBoolean(); next = queue.poll()) {
                        String url = next;
                        long sentMs = millisSince(startNanos);
                        HttpResponse<String> reply = send(url, client);
                        long retryAfter = reply.headers()
                                .firstValue("Retry-After")
                                .map(Long::parseLong)
                                .orElse(-1L);
                        Sent one =
                                new Sent(url, client, sentMs, millisSince(startNanos), reply.statusCode(), retryAfter);
                        sent.add(one);
                        listener.answered(one, reply);
                        Thread.sleep(pause);
                    }
                    return null;
                });
            }
        }
        return List.copyOf(sent);
    }

    /** A GET as client number {@code client} (its own address behind the trusted proxy 127.0.0.1). */
    HttpResponse<String> send(String url, int client) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .timeout(REQUEST_TIMEOUT)
                .header(
                        "X-Forwarded-For",
                        "10." + (1 + client / 62_500) + "." + client / 250 % 250 + "." + (client % 250 + 1))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
