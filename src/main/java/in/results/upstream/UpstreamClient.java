package in.results.upstream;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Backoff;
import in.results.core.Deadline;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.core.Reply;
import in.results.scrape.PageLayoutException;
import in.results.scrape.ResultPage;
import in.results.scrape.ResultPageParser;
import in.results.upstream.HostGate.Outcome;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
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
 *       only hosts left are waiting for their probe's answer, the call waits for it and retries (below).</li>
 *   <li><b>Request budget per host</b>: a token bucket of {@link UpstreamPolicy#requestsPerSecond()} (holding
 *       one second of requests), where {@link Priority#INTERACTIVE} callers go before waiting
 *       {@link Priority#ALERT} ones, and those before {@link Priority#BULK} ones; alert requests also take a token
 *       of their own share, a quarter of the budget; then at most {@code concurrencyPerHost} requests in flight per host. Both are
 *       this instance's, or totals for a fleet of instances ({@link HostLimits}).</li>
 *   <li><b>Retries</b>: when every host failed, the whole host sequence is tried again at most
 *       {@link UpstreamPolicy#retries()} times, after a {@link Backoff} pause. So one call sends at most
 *       {@code hosts × (1 + retries)} requests.</li>
 *   <li><b>Deadline</b>: a call ends within two request timeouts. Waiting for a token or a request slot counts
 *       against it; each request's timeout is cut to what is left; a retry starts only if a whole request timeout
 *       is still left after its pause. The one exception: an interactive call that is part of work due later (an
 *       all-semesters lookup, which goes on for at least a minute) may wait in line for its token until that work
 *       is due, and then gets one request timeout.</li>
 * </ol>
 * Breakers, budgets, deadlines and health ages read the injected {@link Ticker}; waiting (for a token, a slot, an
 * answer, a pause) is real time, at most what the deadline has left. Upstream trouble is returned as data, never
 * thrown. Thread-safe; blocking calls are meant for virtual threads.
 */
public final class UpstreamClient {
    private static final Logger LOG = LoggerFactory.getLogger(UpstreamClient.class);
    private static final String RESULT_PATH = "/resultAction";
    /** A call may take one full round over primary and mirror, each using its whole request timeout. */
    private static final int CALL_DEADLINE_IN_TIMEOUTS = 2;

    private final List<HostGate> hosts;
    private final PageExchange exchange;
    private final Duration timeout;
    private final UpstreamPolicy policy;
    private final Ticker ticker;
    /**
     * The share of the request budget alert requests may use: a quarter. Only the instance dispatching alerts sends
     * them (one at a time in a fleet), so this instance's share is the fleet's.
     */
    private final RequestBudget alertShare;

    private final LongAdder retries = new LongAdder();
    private final LongAdder shortCircuits = new LongAdder();

    /**
     * @param baseUrls           application base URLs, primary first
     * @param concurrencyPerHost most requests in flight to one host
     * @param timeout            per request; a whole call ends within twice this (but see the deadline rule above)
     * @param policy             breaker, retries and request budget
     * @param ticker             time of the breakers, the budgets, the call deadlines and {@link #health()}
     */
    public UpstreamClient(
            List<URI> baseUrls, int concurrencyPerHost, Duration timeout, UpstreamPolicy policy, Ticker ticker) {
        this(
                baseUrls,
                url -> HostLimits.local(concurrencyPerHost, policy.requestsPerSecond(), timeout, ticker),
                timeout,
                policy,
                ticker);
    }

    /**
     * As above, with each host's request budget and slots from {@code limits} (for example the fleet's, see
     * {@link HostLimits#fleet}); the policy's {@link UpstreamPolicy#requestsPerSecond()} is then not used.
     */
    public UpstreamClient(
            List<URI> baseUrls,
            Function<URI, HostLimits> limits,
            Duration timeout,
            UpstreamPolicy policy,
            Ticker ticker) {
        if (baseUrls.isEmpty()) {
            throw new IllegalArgumentException("at least one upstream base URL is needed");
        }
        this.hosts = baseUrls.stream()
                .map(url -> new HostGate(url, limits.apply(url), timeout, policy, ticker))
                .toList();
        this.exchange = new PageExchange(timeout);
        this.timeout = timeout;
        this.policy = policy;
        this.ticker = ticker;
        this.alertShare = new RequestBudget(alertShareOf(policy.requestsPerSecond()), ticker);
    }

    /** A quarter of {@code perSecond}, at least one request per second; 0 (no budget) stays 0. */
    static int alertShareOf(int perSecond) {
        return perSecond == 0 ? 0 : Math.max(1, perSecond / 4);
    }

    /** One hall ticket's result in one exam. Never throws for upstream trouble: it is returned as data. */
    public Reply<ResultPage> fetchResult(HallTicket hallTicket, ExamQuery exam, Priority priority) {
        return fetchResult(hallTicket, exam, priority, callDeadline());
    }

    /**
     * As {@link #fetchResult(HallTicket, ExamQuery, Priority)} for a request that is part of work due at {@code due}
     * (a lookup asking several exams): while the request budget is scarce, requests of the same priority take tokens
     * in the order their work is due, so work started first finishes first. The call keeps its own deadline.
     */
    public Reply<ResultPage> fetchResult(HallTicket hallTicket, ExamQuery exam, Priority priority, Deadline due) {
        String target = PageExchange.target(RESULT_PATH, exam.formFor(hallTicket));
        return call(target, hallTicket + " exam " + exam.examCode(), priority, due, ResultPageParser::read);
    }

    /**
     * A plain page of the application, e.g. {@code /jsp/home.jsp}, read by {@code parser} — which throws
     * {@link PageLayoutException} for a page it cannot read; then the next host is asked. Asked with
     * {@link Priority#INTERACTIVE}: the release list gates interactive lookups. Never {@link Reply.NoResult}.
     */
    public <T> Reply<T> fetchPage(String path, Function<String, T> parser) {
        return call(path, path, Priority.INTERACTIVE, callDeadline(), body -> {
            try {
                return new Reply.Answered<>(parser.apply(body));
            } catch (PageLayoutException e) {
                return new Reply.Unreadable<>(e.getMessage());
            }
        });
    }

    /** Every host in order, with its breaker state and last usable answer. */
    public List<HostHealth> health() {
        return hosts.stream().map(HostGate::health).toList();
    }

    /** Counters since this client was built. */
    public UpstreamStats stats() {
        long opens = hosts.stream().mapToLong(HostGate::breakerOpens).sum();
        return new UpstreamStats(exchange.requestsSent(), retries.sum(), opens, shortCircuits.sum());
    }

    /**
     * Whether the request budgets and slots are the fleet's now ({@link HostLimits#fleet}): false with this
     * instance's own limits, and while Redis does not answer.
     */
    public boolean limitsShared() {
        return hosts.stream().allMatch(HostGate::limitsShared);
    }

    /** Callers waiting for a request token of any host with this priority. */
    int waitingForToken(Priority priority) {
        return hosts.stream().mapToInt(host -> host.waitingForToken(priority)).sum();
    }

    /** The deadline of one call, from now: a call may take one full round over the hosts. */
    private Deadline callDeadline() {
        return Deadline.after(timeout.multipliedBy(CALL_DEADLINE_IN_TIMEOUTS), ticker);
    }

    /**
     * Rounds over the hosts until one answers, the retries are used up or the deadline leaves no room. {@code due} is
     * the deadline of the caller's work (the call's own when the call is the whole work), its place in line.
     */
    private <T> Reply<T> call(
            String target, String what, Priority priority, Deadline due, Function<String, Reply<T>> reader) {
        Deadline deadline = callDeadline();
        Reply<T> last = null;
        for (int retry = 0; retry <= policy.retries(); retry++) {
            if (retry > 0 && !pauseBeforeRetry(retry, deadline)) {
                break;
            }
            switch (round(target, what, priority, reader, due, deadline)) {
                case Outcome.Refused<T> allOpen
                when allOpen.open() -> {
                    if (last == null) {
                        shortCircuits.increment();
                        return new Reply.Unavailable<>(allOpen.reason());
                    }
                    return last; // other calls' failures opened every breaker during the pause
                }
                case Outcome.Refused<T> probing -> {
                    if (!awaitProbes(deadline)) {
                        return new Reply.Unavailable<>("interrupted while upstream probes ran");
                    }
                    last = new Reply.Unavailable<>(probing.reason());
                }
                case Outcome.Replied<T>(Reply.Unavailable<T> down) -> last = down;
                // An answer ends the call; so does an unreadable page, which would read the same again.
                case Outcome.Replied<T> replied -> {
                    return replied.reply();
                }
            }
            if (Thread.currentThread().isInterrupted()) {
                break;
            }
        }
        return last;
    }

    /** Pauses before retry number {@code retry}, or returns false when the retry should not be made. */
    private boolean pauseBeforeRetry(int retry, Deadline deadline) {
        if (hosts.stream().allMatch(HostGate::coolingDown)) {
            return false; // every breaker is open now: a retry would send nothing
        }
        Duration pause = Backoff.pause(retry, policy.backoffBase(), ThreadLocalRandom.current());
        // A retry gets a whole request timeout, like the first try, or is not made.
        if (!deadline.allows(pause.plus(timeout)) || !sleep(pause)) {
            return false;
        }
        retries.increment();
        return true;
    }

    /**
     * One pass over the hosts in order: the first answer; else the last problem ({@link Reply.Unreadable} when some
     * host sent an unreadable page); or a refusal when every host's breaker refused.
     */
    private <T> Outcome<T> round(
            String target,
            String what,
            Priority priority,
            Function<String, Reply<T>> reader,
            Deadline due,
            Deadline deadline) {
        String problem = null;
        boolean unreadable = false;
        boolean everyHostOpen = true;
        boolean everyHostRefused = true;
        for (HostGate host : hosts) {
            if (priority == Priority.ALERT && !takeAlertShare(due, deadline)) {
                return new Outcome.Replied<>(new Reply.Unavailable<>(
                        "the alerts' share of the request budget is spent" + " until the deadline"));
            }
            Outcome<T> outcome = host.send(
                    priority,
                    due,
                    deadline,
                    requestTimeout -> exchange.fetch(host.base(), target, requestTimeout, reader));
            switch (outcome) {
                case Outcome.Replied<T>(Reply.Answered<T> answered) -> {
                    return outcome;
                }
                case Outcome.Replied<T>(Reply.NoResult<T> none) -> {
                    return outcome; // an answer: the next host is not asked
                }
                case Outcome.Replied<T>(Reply.Unreadable<T> bad) -> {
                    everyHostOpen = false;
                    everyHostRefused = false;
                    unreadable = true;
                    problem = bad.reason();
                    LOG.warn("upstream {} for {}: {}", host.base(), what, bad.reason()); // a layout change?
                }
                case Outcome.Replied<T>(Reply.Unavailable<T> down) -> {
                    everyHostOpen = false;
                    everyHostRefused = false;
                    problem = down.reason();
                }
                case Outcome.Refused<T> refused -> {
                    // A probe in flight decides soon: that is worth a retry, unlike a breaker that is cooling down.
                    everyHostOpen &= refused.open();
                    problem = problem == null ? refused.reason() : problem;
                }
            }
            if (Thread.currentThread().isInterrupted()) {
                break;
            }
        }
        if (everyHostOpen) {
            return new Outcome.Refused<>(
                    "every upstream host failed repeatedly and is being left alone for a while (" + problem + ")",
                    true);
        }
        if (everyHostRefused) {
            return new Outcome.Refused<>("every upstream host is being probed after failing (" + problem + ")", false);
        }
        return new Outcome.Replied<>(unreadable ? new Reply.Unreadable<>(problem) : new Reply.Unavailable<>(problem));
    }

    private boolean takeAlertShare(Deadline due, Deadline deadline) {
        try {
            return alertShare.acquire(Priority.ALERT, due, deadline);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Waits for the probes in flight to end, leaving one request timeout before the deadline for the retry.
     * Returns false when interrupted.
     */
    private boolean awaitProbes(Deadline deadline) {
        try {
            for (HostGate host : hosts) {
                Duration left = deadline.remaining().minus(timeout);
                if (!left.isPositive()) {
                    return true;
                }
                host.awaitProbe(left);
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static boolean sleep(Duration pause) {
        try {
            TimeUnit.NANOSECONDS.sleep(pause.toNanos());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
