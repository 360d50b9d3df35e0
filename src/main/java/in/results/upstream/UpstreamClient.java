package in.results.upstream;

import in.results.core.HallTicket;
import in.results.core.ExamQuery;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.scrape.PageLayoutException;
import in.results.core.Reply;
import in.results.scrape.ResultPage;
import in.results.scrape.PageText;
import in.results.scrape.ResultPageParser;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one class that talks to the university. Every call is an idempotent GET and follows the same path:
 * <ol>
 *   <li><b>Hosts in order</b> (primary, then mirror). A host is left for the next one on a connection error, a
 *       timeout, an answer other than 200, or a page that is neither a result nor the search form. "No result"
 *       (the search form) is an answer: the next host is not asked.</li>
 *   <li><b>Circuit breaker per host</b>: after {@link UpstreamPolicy#breakerThreshold()} consecutive failures the
 *       host is skipped for {@link UpstreamPolicy#breakerCoolDown()}; then one probe request is let through
 *       (concurrent callers skip the host meanwhile); its success closes the breaker, its failure opens it for
 *       another cool-down. When every host is open, the call fails at once without sending anything; when the
 *       only hosts left are waiting for their probe's answer, the call retries (below) rather than failing.</li>
 *   <li><b>Request budget per host</b>: a token bucket of {@link UpstreamPolicy#requestsPerSecond()} (holding
 *       one second of requests), where {@link Priority#INTERACTIVE} callers go before waiting
 *       {@link Priority#BULK} ones; then at most {@code concurrencyPerHost} requests in flight per host.</li>
 *   <li><b>Retries</b>: when every host failed, the whole host sequence is tried again at most
 *       {@link UpstreamPolicy#retries()} times, after a pause drawn from {@code [0, base × 2^(n-1)]} (full
 *       jitter). So one call sends at most {@code hosts × (1 + retries)} requests.</li>
 *   <li><b>Deadline</b>: a call ends within two request timeouts. Waiting for a token or a request slot counts
 *       against it; each request's timeout is cut to what is left; a retry starts only if a whole request timeout
 *       is still left after its pause.</li>
 * </ol>
 * Breaker time and health ages come from the injected {@link Ticker}; waits (backoff, budget, deadline) are real
 * time. Upstream trouble is returned as data, never thrown. Thread-safe; blocking calls are meant for virtual
 * threads.
 */
public final class UpstreamClient {
    /** Real pages are 10-100 KB (the full release list a few hundred); far bigger is not the result application. */
    static final int MAX_PAGE_BYTES = 2 * 1024 * 1024;
    private static final Logger LOG = LoggerFactory.getLogger(UpstreamClient.class);
    private static final String RESULT_PATH = "/resultAction";
    /** A call may take one full round over primary and mirror, each using its whole request timeout. */
    private static final int CALL_DEADLINE_IN_TIMEOUTS = 2;

    private final List<Host> hosts;
    private final Duration timeout;
    private final UpstreamPolicy policy;
    private final Ticker clock = Ticker.systemTicker();
    private final HttpClient http;
    private final LongAdder requests = new LongAdder();
    private final LongAdder retries = new LongAdder();
    private final LongAdder shortCircuits = new LongAdder();

    /**
     * @param baseUrls           application base URLs, primary first
     * @param concurrencyPerHost most requests in flight to one host
     * @param timeout            per request; a whole call ends within twice this
     * @param policy             breaker, retries and request budget
     * @param ticker             time source of the circuit breakers and of {@link #health()}
     */
    public UpstreamClient(List<URI> baseUrls, int concurrencyPerHost, Duration timeout, UpstreamPolicy policy,
            Ticker ticker) {
        if (baseUrls.isEmpty()) {
            throw new IllegalArgumentException("at least one upstream base URL is needed");
        }
        this.hosts = baseUrls.stream().map(url -> new Host(url, new Semaphore(concurrencyPerHost, true),
                new CircuitBreaker(policy.breakerThreshold(), policy.breakerCoolDown(), ticker),
                new RequestBudget(policy.requestsPerSecond(), clock))).toList();
        this.timeout = timeout;
        this.policy = policy;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .executor(Executors.newVirtualThreadPerTaskExecutor())
                .build();
    }

    /** One hall ticket's result in one exam. Never throws for upstream trouble: it is returned as data. */
    public Reply<ResultPage> fetchResult(HallTicket hallTicket, ExamQuery exam, Priority priority) {
        String target = RESULT_PATH + "?" + encode(exam.formFor(hallTicket));
        return call(target, hallTicket + " exam " + exam.examCode(), priority, ResultPageParser::read);
    }

    /**
     * A plain page of the application, e.g. {@code /jsp/home.jsp}, read by {@code parser} — which throws
     * {@link PageLayoutException} for a page it cannot read; then the next host is asked. Asked with
     * {@link Priority#INTERACTIVE}: the release list gates interactive lookups. Never {@link Reply.NoResult}.
     */
    public <T> Reply<T> fetchPage(String path, Function<String, T> parser) {
        return call(path, path, Priority.INTERACTIVE, body -> {
            try {
                return new Reply.Answered<>(parser.apply(body));
            } catch (PageLayoutException e) {
                return new Reply.Unreadable<>(e.getMessage());
            }
        });
    }

    /** The reply of a whole call: the answer, or why none came. */
    private <T> Reply<T> call(String target, String what, Priority priority, Function<String, Reply<T>> reader) {
        return switch (callHosts(target, what, priority, reader)) {
            case Outcome.Answered<T> answered -> answered.reply();
            case Outcome.BadPage<T> bad -> new Reply.Unreadable<>(bad.reason());
            case Outcome.Unavailable<T> down -> new Reply.Unavailable<>(down.reason());
            case Outcome.AllOpen<T> open -> new Reply.Unavailable<>(open.reason());
            case Outcome.Probing<T> probing -> new Reply.Unavailable<>(probing.reason());
        };
    }

    /** Every host in order, with its breaker state and last usable answer. */
    public List<HostHealth> health() {
        return hosts.stream()
                .map(host -> new HostHealth(host.base(), reportedState(host.breaker()), host.breaker().lastSuccess()))
                .toList();
    }

    /** An open breaker whose cool-down has passed lets the next request probe: reported as half-open. */
    private static BreakerState reportedState(CircuitBreaker breaker) {
        BreakerState state = breaker.state();
        return state == BreakerState.OPEN && !breaker.coolingDown() ? BreakerState.HALF_OPEN : state;
    }

    /** Counters since this client was built. */
    public UpstreamStats stats() {
        long opens = hosts.stream().mapToLong(host -> host.breaker().opens()).sum();
        return new UpstreamStats(requests.sum(), retries.sum(), opens, shortCircuits.sum());
    }

    /**
     * Pause before retry number {@code retry} (1, 2, …): uniform in {@code [0, base × 2^(retry-1)]}. Full jitter
     * spreads the retries of many callers that failed together, so they do not return together.
     */
    static long backoffNanos(int retry, Duration base, RandomGenerator random) {
        long cap = base.toNanos() << Math.min(Math.max(retry - 1, 0), UpstreamPolicy.MAX_RETRIES);
        return cap <= 0 ? 0 : random.nextLong(cap + 1);
    }

    private <T> Outcome<T> callHosts(String target, String what, Priority priority,
            Function<String, Reply<T>> reader) {
        long deadline = clock.read() + timeout.toNanos() * CALL_DEADLINE_IN_TIMEOUTS;
        Outcome<T> last = null;
        for (int retry = 0; retry <= policy.retries(); retry++) {
            if (retry > 0) {
                if (hosts.stream().allMatch(host -> host.breaker().coolingDown())) {
                    break; // every breaker is open now: a retry would send nothing
                }
                long pause = backoffNanos(retry, policy.backoffBase(), ThreadLocalRandom.current());
                // A retry gets a whole request timeout, like the first try, or is not made.
                if (clock.read() + pause + timeout.toNanos() > deadline || !sleep(pause)) {
                    break;
                }
                retries.increment();
            }
            Outcome<T> outcome = round(target, what, priority, reader, deadline);
            if (outcome instanceof Outcome.Probing<T> && !awaitProbes(deadline)) {
                return new Outcome.Unavailable<>("interrupted while upstream probes ran");
            }
            if (outcome instanceof Outcome.AllOpen<T>) {
                if (last == null) {
                    shortCircuits.increment();
                    return outcome;
                }
                return last; // other calls' failures opened every breaker during the pause
            }
            if (outcome instanceof Outcome.Answered<T> || outcome instanceof Outcome.BadPage<T>
                    || Thread.currentThread().isInterrupted()) {
                return outcome; // an unreadable page would read the same again: no retry
            }
            last = outcome;
        }
        return last;
    }

    /** One pass over the hosts in order: the first usable answer, or why none came. */
    private <T> Outcome<T> round(String target, String what, Priority priority, Function<String, Reply<T>> reader,
            long deadline) {
        String problem = null;
        boolean badPage = false;
        boolean everyHostOpen = true;
        boolean everyHostRefused = true;
        for (Host host : hosts) {
            switch (ask(host, target, priority, reader, deadline)) {
                case Attempt.Usable<T> usable -> {
                    return new Outcome.Answered<>(usable.reply());
                }
                case Attempt.Refused<T> refused -> {
                    // A probe in flight decides soon: that is worth a retry, unlike a breaker that is cooling down.
                    everyHostOpen &= refused.open();
                    problem = problem == null ? refused.why() : problem;
                }
                case Attempt.NotSent<T> notSent -> {
                    everyHostOpen = false;
                    everyHostRefused = false;
                    problem = notSent.why();
                }
                case Attempt.Failed<T> failed -> {
                    everyHostOpen = false;
                    everyHostRefused = false;
                    problem = failed.why();
                    if (failed.badPage()) {
                        badPage = true;
                        LOG.warn("upstream {} for {}: {}", host.base(), what, failed.why()); // a layout change?
                    }
                }
            }
            if (Thread.currentThread().isInterrupted()) {
                break;
            }
        }
        if (everyHostRefused && !everyHostOpen) {
            return new Outcome.Probing<>("every upstream host is being probed after failing (" + problem + ")");
        }
        if (everyHostOpen) {
            return new Outcome.AllOpen<>("every upstream host failed repeatedly and is being left alone for a while ("
                    + problem + ")");
        }
        return badPage ? new Outcome.BadPage<>(problem) : new Outcome.Unavailable<>(problem);
    }

    /** One request to one host, through its breaker, budget and request slots; the breaker learns the outcome. */
    private <T> Attempt<T> ask(Host host, String target, Priority priority, Function<String, Reply<T>> reader,
            long deadline) {
        CircuitBreaker.Pass pass = host.breaker().tryPass();
        switch (pass.kind()) {
            case REFUSED_OPEN -> {
                return new Attempt.Refused<>(host.base() + " is skipped: its circuit breaker is open", true);
            }
            case REFUSED_PROBING -> {
                return new Attempt.Refused<>(host.base() + " is skipped while a probe request runs", false);
            }
            case CALL, PROBE -> { }
        }
        Attempt<T> attempt;
        try {
            attempt = send(host, target, priority, reader, deadline);
        } catch (RuntimeException e) {
            host.breaker().abandoned(pass); // a probe that never reports would keep the host refused for good
            throw e;
        }
        switch (attempt) {
            case Attempt.Usable<T> usable -> {
                if (host.breaker().succeeded(pass)) {
                    LOG.info("upstream {} answers again: circuit breaker closed", host.base());
                }
            }
            case Attempt.Failed<T> failed when failed.badPage() -> {
                // The host answered: one page it cannot serve (a new layout, odd client parameters) is not an outage,
                // and must not let one query open the breaker for everyone.
                host.breaker().succeeded(pass);
            }
            case Attempt.Failed<T> failed -> {
                if (host.breaker().failed(pass)) {
                    LOG.warn("upstream {} circuit breaker opened for {} s after: {}", host.base(),
                            policy.breakerCoolDown().toSeconds(), failed.why());
                }
            }
            case Attempt.NotSent<T> notSent -> host.breaker().abandoned(pass);
            case Attempt.Refused<T> refused -> throw new IllegalStateException("refused after being let through");
        }
        return attempt;
    }

    private <T> Attempt<T> send(Host host, String target, Priority priority, Function<String, Reply<T>> reader,
            long deadline) {
        try {
            if (!host.budget().acquire(priority, deadline)) {
                return new Attempt.NotSent<>(host.base() + ": request budget spent until the deadline");
            }
            long slotWait = Math.min(timeout.toNanos(), deadline - clock.read());
            if (slotWait <= 0 || !host.permits().tryAcquire(slotWait, TimeUnit.NANOSECONDS)) {
                return new Attempt.NotSent<>(host.base() + " is saturated (no request slot before the deadline)");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Attempt.NotSent<>("interrupted while waiting for " + host.base());
        }
        try {
            long left = deadline - clock.read();
            if (left <= 0) {
                return new Attempt.NotSent<>(host.base() + ": deadline passed before sending");
            }
            Duration requestTimeout = Duration.ofNanos(Math.min(timeout.toNanos(), left));
            HttpRequest request = HttpRequest.newBuilder(URI.create(host.base() + target))
                    .timeout(requestTimeout).GET().build();
            requests.increment();
            // The whole exchange — headers and body — must end by the deadline: a host that sends its headers and
            // then trickles the body would otherwise hold a request slot forever.
            CompletableFuture<HttpResponse<byte[]>> exchange =
                    http.sendAsync(request, CappedBody.handler(MAX_PAGE_BYTES));
            HttpResponse<byte[]> response;
            try {
                response = exchange.get(requestTimeout.toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                exchange.cancel(true);
                return new Attempt.Failed<>(host.base() + " timed out", false);
            } catch (ExecutionException e) {
                return switch (e.getCause()) {
                    case CappedBody.TooLarge tooLarge ->
                            new Attempt.Failed<>(host.base() + " sent " + tooLarge.getMessage(), true);
                    // the client's own request timeout can fire just before ours: the same event
                    case HttpTimeoutException timedOut -> new Attempt.Failed<>(host.base() + " timed out", false);
                    case Throwable other ->
                            new Attempt.Failed<>(host.base() + " failed: " + other.getClass().getSimpleName(), false);
                };
            }
            if (response.statusCode() != 200) {
                return new Attempt.Failed<>(host.base() + " answered HTTP " + response.statusCode(), false);
            }
            if (response.body() == null) { // a declared Content-Length over the cap: not downloaded
                return new Attempt.Failed<>(host.base() + " sent a page larger than " + MAX_PAGE_BYTES + " bytes", true);
            }
            String body = PageText.decode(response.body(), response.headers().firstValue("Content-Type").orElse(null));
            Reply<T> reply = reader.apply(body);
            return switch (reply) {
                case Reply.Answered<T> answered -> new Attempt.Usable<>(answered);
                case Reply.NoResult<T> none -> new Attempt.Usable<>(none); // an answer: the next host is not asked
                case Reply.Unreadable<T> unreadable -> new Attempt.Failed<>(
                        host.base() + " sent a page that could not be read: " + unreadable.reason(), true);
                case Reply.Unavailable<T> down -> new Attempt.Failed<>(host.base() + " " + down.reason(), false);
            };
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Attempt.NotSent<>("interrupted while asking " + host.base());
        } finally {
            host.permits().release();
        }
    }

    /**
     * Waits for the probes in flight to end, leaving one request timeout before the deadline for the retry.
     * Returns false when interrupted.
     */
    private boolean awaitProbes(long deadline) {
        try {
            for (Host host : hosts) {
                long left = deadline - clock.read() - timeout.toNanos();
                if (left <= 0) {
                    return true;
                }
                host.breaker().awaitProbe(left);
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static boolean sleep(long nanos) {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String encode(Map<String, String> form) {
        return form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    private record Host(URI base, Semaphore permits, CircuitBreaker breaker, RequestBudget budget) {}

    /** One host asked once. Only {@link Usable} and {@link Failed} are news for the host's breaker. */
    private sealed interface Attempt<T> {
        /** A page read, or the search form: either is an answer. */
        record Usable<T>(Reply<T> reply) implements Attempt<T> {}

        record Failed<T>(String why, boolean badPage) implements Attempt<T> {}

        /** Let through by the breaker but not sent: no token or slot before the deadline, or interrupted. */
        record NotSent<T>(String why) implements Attempt<T> {}

        /** The host's breaker refused: {@code open} while cooling down, else because its probe is in flight. */
        record Refused<T>(String why, boolean open) implements Attempt<T> {}
    }

    /** What a round over the hosts, or a whole call, came to. */
    private sealed interface Outcome<T> {
        record Answered<T>(Reply<T> reply) implements Outcome<T> {}

        /** Some host answered 200 with a page that could not be read. */
        record BadPage<T>(String reason) implements Outcome<T> {}

        record Unavailable<T>(String reason) implements Outcome<T> {}

        /** Every host's breaker refused while cooling down: nothing was sent. */
        record AllOpen<T>(String reason) implements Outcome<T> {}

        /** Every host refused, some because their probe is in flight: worth waiting for before the retry. */
        record Probing<T>(String reason) implements Outcome<T> {}
    }
}
