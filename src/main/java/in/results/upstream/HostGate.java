package in.results.upstream;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import in.results.core.Reply;
import java.net.URI;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What stands between a caller and one upstream host, in this order: its {@link CircuitBreaker} (may a request go
 * at all?), then its {@link HostLimits}: a token of the request budget, with priority, and a request slot (at most
 * so many in flight), this instance's own or the fleet's. The breaker learns every
 * reply: a usable answer or an unreadable page is a success (the host answered), {@link Reply.Unavailable} a
 * failure, a request that was never sent neither.
 *
 * <p>Thread-safe. {@link #send} blocks (for a token, a slot and the exchange) until the deadline at the latest, or,
 * for an interactive request that is part of work due later, until that work is due and then one request timeout.
 */
final class HostGate {
    private static final Logger LOG = LoggerFactory.getLogger(HostGate.class);

    private final URI base;
    private final Duration timeout;
    private final Duration coolDown;
    private final CircuitBreaker breaker;
    private final HostLimits limits;

    /**
     * @param base    the host's application base URL
     * @param slots   most requests in flight to this host
     * @param timeout longest wait for a slot, and longest exchange
     * @param policy  the breaker's threshold and cool-down, the request budget
     * @param ticker  time of the breaker, the budget and the deadlines
     */
    HostGate(URI base, int slots, Duration timeout, UpstreamPolicy policy, Ticker ticker) {
        this(base, HostLimits.local(slots, policy.requestsPerSecond(), timeout, ticker), timeout, policy, ticker);
    }

    /** As above, with the given limits (the policy's request budget is then theirs). */
    HostGate(URI base, HostLimits limits, Duration timeout, UpstreamPolicy policy, Ticker ticker) {
        this.base = base;
        this.timeout = timeout;
        this.coolDown = policy.breakerCoolDown();
        this.breaker = new CircuitBreaker(policy.breakerThreshold(), policy.breakerCoolDown(), ticker);
        this.limits = limits;
    }

    /** One exchange with the host, given how long it may take. */
    @FunctionalInterface
    interface Exchange<T> {
        /** @throws InterruptedException when interrupted while waiting for the answer */
        Reply<T> reply(Duration timeout) throws InterruptedException;
    }

    /**
     * What asking a host, or a whole pass over the hosts, came to: a {@link Reply}, or a refusal by circuit breakers
     * before anything was sent.
     */
    sealed interface Outcome<T> {
        /** The reply; {@link Reply.Unavailable} also when the request could not be sent before the deadline. */
        record Replied<T>(Reply<T> reply) implements Outcome<T> {}

        /** Refused by the breaker: {@code open} while it cools down, else because its probe is in flight. */
        record Refused<T>(String reason, boolean open) implements Outcome<T> {}
    }

    URI base() {
        return base;
    }

    /**
     * Sends one request through the gate when the breaker lets it, with the exchange's timeout cut to what is left
     * of {@code deadline}. While tokens are scarce it waits in line by {@code due}, the deadline of the work it is part
     * of, and, when interactive, until then if that is later than {@code deadline}. Throws what {@code exchange}
     * throws, other than {@link InterruptedException}.
     */
    <T> Outcome<T> send(Priority priority, Deadline due, Deadline deadline, Exchange<T> exchange) {
        CircuitBreaker.Pass pass = breaker.tryPass();
        switch (pass.kind()) {
            case REFUSED_OPEN -> {
                return new Outcome.Refused<>(base + " is skipped: its circuit breaker is open", true);
            }
            case REFUSED_PROBING -> {
                return new Outcome.Refused<>(base + " is skipped while a probe request runs", false);
            }
            case CALL, PROBE -> {}
        }
        try {
            return new Outcome.Replied<>(sendAdmitted(pass, priority, due, deadline, exchange));
        } catch (RuntimeException e) {
            breaker.abandoned(pass); // a probe that never reports would keep the host refused for good
            throw e;
        }
    }

    private <T> Reply<T> sendAdmitted(
            CircuitBreaker.Pass pass, Priority priority, Deadline due, Deadline callDeadline, Exchange<T> exchange) {
        // Interactive work due later than the call (a lookup of many exams on a busy day) keeps its place in line
        // until it is due; a request that waited that long still gets one whole request timeout once its turn comes.
        // Not a probe (the breaker lets nobody else through until it is sent), nor bulk work (whose end is the job's,
        // minutes away: a person's lookup joining a bulk load must not wait for that).
        boolean waitsLonger = priority == Priority.INTERACTIVE
                && pass.kind() == CircuitBreaker.Pass.Kind.CALL
                && due.compareTo(callDeadline) > 0;
        Deadline admitBy = waitsLonger ? due : callDeadline;
        if (admitBy.remaining().isZero()) {
            return notSent(pass, base + ": deadline passed before sending"); // without taking a token for nothing
        }
        Runnable release;
        try {
            switch (limits.admit(priority, due, admitBy)) {
                case HostLimits.Admission.Admitted admitted -> release = admitted.release();
                case HostLimits.Admission.Refused refused -> {
                    return notSent(
                            pass,
                            switch (refused.shortage()) {
                                case BUDGET -> base + ": request budget spent until the deadline";
                                case SLOTS -> base + " is saturated (no request slot before the deadline)";
                            });
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return notSent(pass, "interrupted while waiting for " + base);
        }
        Deadline deadline = waitsLonger ? callDeadline.atLeast(timeout) : callDeadline;
        try {
            if (waitsLonger && !breaker.isCurrent(pass)) { // the host failed others while this request waited
                return notSent(pass, base + " is skipped: its circuit breaker opened while the request waited");
            }
            Duration requestTimeout = deadline.atMost(timeout).remaining();
            if (requestTimeout.isZero()) {
                return notSent(pass, base + ": deadline passed before sending");
            }
            Reply<T> reply = exchange.reply(requestTimeout);
            if (reply instanceof Reply.Unavailable<T> && requestTimeout.compareTo(timeout) < 0) {
                // Cut short by the caller's deadline (a request that waited long in line): its failure says nothing
                // of the host, and counting it would open the breaker for everyone on a busy day.
                breaker.abandoned(pass);
            } else {
                learn(pass, reply);
            }
            return reply;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return notSent(pass, "interrupted while asking " + base);
        } finally {
            release.run();
        }
    }

    private <T> Reply<T> notSent(CircuitBreaker.Pass pass, String why) {
        breaker.abandoned(pass);
        return new Reply.Unavailable<>(why);
    }

    private <T> void learn(CircuitBreaker.Pass pass, Reply<T> reply) {
        switch (reply) {
            case Reply.Answered<T> answered -> closed(breaker.succeeded(pass));
            case Reply.NoResult<T> none -> closed(breaker.succeeded(pass));
            // The host answered: one page it cannot serve (a new layout, odd client parameters) is not an outage, and
            // must not let one query open the breaker for everyone.
            case Reply.Unreadable<T> unreadable -> breaker.succeeded(pass);
            case Reply.Unavailable<T> down -> {
                if (breaker.failed(pass)) {
                    LOG.warn(
                            "upstream {} circuit breaker opened for {} s after: {}",
                            base,
                            coolDown.toSeconds(),
                            down.reason());
                }
            }
        }
    }

    private void closed(boolean closedNow) {
        if (closedNow) {
            LOG.info("upstream {} answers again: circuit breaker closed", base);
        }
    }

    /** Whether the breaker is open and cooling down: a request now would be refused. */
    boolean coolingDown() {
        return breaker.coolingDown();
    }

    /** Waits while the breaker's probe is in flight, at most {@code max} (real time). */
    void awaitProbe(Duration max) throws InterruptedException {
        breaker.awaitProbe(max);
    }

    /** The breaker's state, with an open breaker whose cool-down has passed (a probe is due) shown as half-open. */
    HostHealth health() {
        BreakerState state = breaker.state();
        BreakerState shown = state == BreakerState.OPEN && !breaker.coolingDown() ? BreakerState.HALF_OPEN : state;
        return new HostHealth(base, shown, breaker.lastSuccess());
    }

    /** How often the breaker opened. */
    long breakerOpens() {
        return breaker.opens();
    }

    /** Callers waiting for a request token with this priority. */
    int waitingForToken(Priority priority) {
        return limits.waiting(priority);
    }

    /** Whether the fleet's limits apply now (false for this instance's own). */
    boolean limitsShared() {
        return limits.isShared();
    }
}
