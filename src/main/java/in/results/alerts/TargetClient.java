package in.results.alerts;

import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * Sends requests to targets strangers gave (webhooks, push services), each attempt on its own checked address:
 *
 * <ol>
 *   <li>the URL is checked now ({@link TargetAddress#check}): its host resolved once, every address it has allowed;
 *   <li>the request waits, in order, for one of the {@link AddressGates#PER_ADDRESS} places of the first of those
 *       addresses, at most {@link #START_WITHIN}; when none comes, it is not sent ({@link Answer#notStarted});
 *   <li>it connects to that address and no other ({@link CheckedAddressResolver}), sending the URL's host in the
 *       {@code Host} header and, for https, as the TLS server name, whose certificate is verified for it.
 * </ol>
 *
 * <p>Connecting, the answer's headers and its body end within {@link #SEND_TIMEOUT}, or the exchange is cancelled; at
 * most {@link #MOST_ANSWER_BYTES} of the answer are kept. A receiver that accepts the connection and never answers
 * costs one place with its address and one waiting thread for {@link #SEND_TIMEOUT} at most. No redirect is followed:
 * its target was never checked. Thread-safe; {@link #close} ends the exchanges under way.
 */
public final class TargetClient implements AutoCloseable {
    static final Duration SEND_TIMEOUT = Duration.ofSeconds(10);
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /** The longest a request waits for a place with its address before it is put back. */
    static final Duration START_WITHIN = Duration.ofSeconds(20);

    static final int MOST_ANSWER_BYTES = 4096;
    /** The longest status kept: the database's column. */
    private static final int MOST_WHAT_CHARACTERS = 80;
    /** Pooled connections and destinations (one per host, port and address) are dropped after this long unused. */
    private static final Duration IDLE = Duration.ofMinutes(1);

    private final HttpClient client;
    private final HostResolver resolver;
    private final boolean allowPrivate;
    private final AddressGates gates = new AddressGates();

    private TargetClient(HttpClient client, HostResolver resolver, boolean allowPrivate) {
        this.client = client;
        this.resolver = resolver;
        this.allowPrivate = allowPrivate;
    }

    /**
     * A started client that verifies servers' certificates against the JVM's trusted authorities.
     *
     * @param resolver how host names are looked up, once per attempt
     * @param allowPrivate whether loopback, private and link-local targets are allowed (tests, intranets)
     */
    public static TargetClient start(HostResolver resolver, boolean allowPrivate) {
        return start(resolver, allowPrivate, new SslContextFactory.Client());
    }

    /** As {@link #start(HostResolver, boolean)}, trusting what {@code tls} trusts. */
    static TargetClient start(HostResolver resolver, boolean allowPrivate, SslContextFactory.Client tls) {
        // The certificate must be for the URL's host name, the one sent as the server name.
        tls.setEndpointIdentificationAlgorithm("HTTPS");
        HttpClient client = new HttpClient();
        // Daemon threads: a service that is never stopped (a test, a failed start) does not keep the JVM alive.
        QueuedThreadPool threads = new QueuedThreadPool();
        threads.setName("alert-targets");
        threads.setDaemon(true);
        client.setExecutor(threads);
        client.setScheduler(new ScheduledExecutorScheduler("alert-targets-timer", true));
        client.setSslContextFactory(tls);
        client.setSocketAddressResolver(new CheckedAddressResolver());
        client.setFollowRedirects(false);
        client.setConnectTimeout(CONNECT_TIMEOUT.toMillis());
        client.setIdleTimeout(IDLE.toMillis());
        client.setDestinationIdleTimeout(IDLE.toMillis());
        // No "Jetty/<version>" header to strangers: each sender names itself.
        client.setUserAgentField(null);
        try {
            client.start();
        } catch (Exception e) {
            throw new IllegalStateException("the alerts' HTTP client did not start", e);
        }
        return new TargetClient(client, resolver, allowPrivate);
    }

    /**
     * What came of one request: the HTTP status (0 when none came), the answer's first bytes, what is recorded of it
     * ({@code "200"}, {@code "timeout"}, {@code "connection failed"}, …, at most 80 characters), and whether it was
     * sent at all (false: no place with its address came in time; not an attempt).
     */
    record Answer(int status, String body, String what, boolean started) {
        Answer {
            what = what.length() > MOST_WHAT_CHARACTERS ? what.substring(0, MOST_WHAT_CHARACTERS) : what;
        }

        static Answer none(String why) {
            return new Answer(0, "", why, true);
        }

        static Answer notStarted() {
            return new Answer(0, "", "not started: its address is busy", false);
        }

        boolean succeeded() {
            return status / 100 == 2;
        }
    }

    /**
     * Sends {@code post} as the class describes; blocks until the answer, at most {@link #START_WITHIN} and
     * {@link #SEND_TIMEOUT}. A refused URL is answered {@code "refused: <rule>"}, naming {@code field}'s rule.
     */
    Answer send(String field, OutgoingPost post) {
        TargetAddress target;
        try {
            target = TargetAddress.check(field, post.url(), allowPrivate, resolver);
        } catch (TargetRejected e) {
            return Answer.none("refused: " + e.getMessage());
        }
        InetAddress address = target.addresses().getFirst();
        Optional<AddressGates.Place> place;
        try {
            place = gates.enter(address, START_WITHIN);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.none("interrupted");
        }
        if (place.isEmpty()) {
            return Answer.notStarted();
        }
        try {
            return exchange(target, address, post);
        } finally {
            place.get().close();
        }
    }

    private Answer exchange(TargetAddress target, InetAddress address, OutgoingPost post) {
        Map<String, String> headers = post.headers();
        Request request = client.newRequest(target.uri())
                .method(HttpMethod.POST)
                .tag(new CheckedAddressResolver.Pinned(address))
                .followRedirects(false)
                .timeout(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                .headers(fields -> headers.forEach((name, value) -> {
                    if (!name.equalsIgnoreCase("Content-Type")) {
                        fields.put(name, value);
                    }
                }))
                .body(new BytesRequestContent(contentType(headers), post.body()));
        KeptAnswer kept = new KeptAnswer();
        request.send(kept);
        try {
            // The request's own timeout ends it; the margin only guards against a listener never called.
            return kept.done.get(SEND_TIMEOUT.plusSeconds(1).toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            request.abort(e);
            return Answer.none("timeout");
        } catch (ExecutionException e) {
            return Answer.none("connection failed");
        } catch (InterruptedException e) {
            request.abort(e);
            Thread.currentThread().interrupt();
            return Answer.none("interrupted");
        }
    }

    private static String contentType(Map<String, String> headers) {
        return headers.entrySet().stream()
                .filter(header -> header.getKey().equalsIgnoreCase("Content-Type"))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElse("application/octet-stream");
    }

    /** Keeps the first {@link #MOST_ANSWER_BYTES} of an answer and completes with it when the exchange ends. */
    private static final class KeptAnswer implements Response.Listener {
        final CompletableFuture<Answer> done = new CompletableFuture<>();
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();

        @Override
        public void onContent(Response response, ByteBuffer content) {
            int room = MOST_ANSWER_BYTES - kept.size();
            if (room > 0) {
                byte[] bytes = new byte[Math.min(room, content.remaining())];
                content.get(bytes);
                kept.write(bytes, 0, bytes.length);
            }
        }

        @Override
        public void onComplete(Result result) {
            if (result.isSucceeded()) {
                int status = result.getResponse().getStatus();
                done.complete(
                        new Answer(status, kept.toString(StandardCharsets.UTF_8), Integer.toString(status), true));
            } else {
                done.complete(Answer.none(timedOut(result.getFailure()) ? "timeout" : "connection failed"));
            }
        }

        private static boolean timedOut(Throwable failure) {
            for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
                if (cause instanceof TimeoutException || cause instanceof java.net.SocketTimeoutException) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Stops the client: exchanges under way end as failed. */
    @Override
    public void close() {
        try {
            client.stop();
        } catch (Exception e) {
            throw new IllegalStateException("the alerts' HTTP client did not stop", e);
        }
    }
}
