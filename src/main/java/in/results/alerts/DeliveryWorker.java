package in.results.alerts;

import in.results.archive.DatabaseUnavailable;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends what the alerts owe: verification requests of new webhooks, and every due delivery of an event, to webhooks
 * (signed as Standard Webhooks specifies) and to browsers' push services (encrypted). Looks every {@link #LOOK_EVERY}
 * on every instance; a verification or delivery is claimed in the database before it is sent, so two instances never
 * send one at once. Sending runs on virtual threads in two lanes of their own, so that neither waits for the other:
 * at most {@link #VERIFYING_AT_ONCE} verification requests and {@link #DELIVERING_AT_ONCE} deliveries, each bounded
 * by {@link TargetClient}: at most {@link AddressGates#PER_ADDRESS} exchanges with one IP address, a wait for a place
 * there of {@link TargetClient#START_WITHIN} at most, the exchange itself {@link TargetClient#SEND_TIMEOUT} at most.
 * A host that never answers delays the requests to itself only; a lane holds more than a hundred of them at once.
 *
 * <p>Every attempt checks the target's address again (a host name may resolve elsewhere since it was accepted) and
 * connects to the address it checked; redirects are not followed. A request whose address stayed busy is put back,
 * due again at the next look, and counts as no attempt. A failed delivery (connection error, timeout, an answer other
 * than 2xx) is tried again after an exponential pause with jitter ({@link #retryPause}), for {@link #GIVE_UP_AFTER};
 * then, as after 410 Gone (and, from a push service, 404), the subscription is deleted.
 */
public final class DeliveryWorker {
    private static final Logger LOG = LoggerFactory.getLogger(DeliveryWorker.class);
    static final Duration LOOK_EVERY = Duration.ofSeconds(1);
    /** Verification requests sent at once: more than a hundred targets that never answer leave room for others. */
    static final int VERIFYING_AT_ONCE = 128;
    /**
     * Deliveries sent at once: a hundred targets that never answer, and a healthy receiver's share of its address'
     * places and waiting line ({@link AddressGates}), leave room for every other receiver.
     */
    static final int DELIVERING_AT_ONCE = 256;
    /** Verification requests of a webhook: 3, five minutes apart; then the subscription is deleted. */
    static final int VERIFY_TRIES = 3;

    static final Duration VERIFY_AGAIN_AFTER = Duration.ofMinutes(5);
    static final Duration FIRST_RETRY = Duration.ofSeconds(10);
    static final Duration LONGEST_PAUSE = Duration.ofHours(2);
    /** A delivery is tried for this long after its event: at least the 24 hours promised. */
    static final Duration GIVE_UP_AFTER = Duration.ofHours(26);
    /** How long a claimed delivery is held: longer than a send can wait and take. */
    private static final Duration HOLD = Duration.ofMinutes(1);

    private final AlertStore store;
    private final SubscriptionStore subscriptions;
    private final TargetClient targets;
    private final WebhookSender webhooks;
    private final PushSender push;
    private final Consumer<HallTicket> activated;
    private final Duration databaseBound;
    private final Clock clock;
    private final com.github.benmanes.caffeine.cache.Ticker ticker;
    private final Semaphore verifying = new Semaphore(VERIFYING_AT_ONCE);
    private final Semaphore delivering = new Semaphore(DELIVERING_AT_ONCE);
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofVirtual().name("alert-delivery").factory());

    /**
     * @param targets the client {@code webhooks} and {@code push} send through; closed when the worker stops
     * @param activated told of every webhook that answered its verification (the student is then watched)
     */
    public DeliveryWorker(
            AlertStore store,
            SubscriptionStore subscriptions,
            TargetClient targets,
            WebhookSender webhooks,
            PushSender push,
            Consumer<HallTicket> activated,
            Duration databaseBound,
            Clock clock,
            com.github.benmanes.caffeine.cache.Ticker ticker) {
        this.store = store;
        this.subscriptions = subscriptions;
        this.targets = targets;
        this.webhooks = webhooks;
        this.push = push;
        this.activated = activated;
        this.databaseBound = databaseBound;
        this.clock = clock;
        this.ticker = ticker;
    }

    public void start() {
        timer.scheduleWithFixedDelay(this::look, LOOK_EVERY.toMillis(), LOOK_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Looks now, not at the next tick (a new subscription's verification). */
    public void wake() {
        timer.execute(this::look);
    }

    /**
     * Stops looking, and ends the exchanges under way: each is recorded as a failed attempt while the database still
     * answers (and sent again after the retry pause), or its claim lapses.
     */
    public void stop() {
        timer.shutdownNow();
        targets.close();
    }

    void look() {
        try {
            Instant now = clock.instant();
            // Claim no more than each lane can send now: the rest stay for other instances.
            int verifyPlaces = verifying.availablePermits();
            if (verifyPlaces > 0) {
                for (Subscription pending : subscriptions.dueVerifications(now, verifyPlaces, bound())) {
                    if (subscriptions.claimVerification(
                            pending.id(), pending.verifyAttempts(), now.plus(VERIFY_AGAIN_AFTER), bound())) {
                        send(verifying, () -> verify(pending));
                    }
                }
            }
            int deliverPlaces = delivering.availablePermits();
            if (deliverPlaces > 0) {
                for (AlertStore.DueDelivery delivery : store.claimDue(now, now.plus(HOLD), deliverPlaces, bound())) {
                    send(delivering, () -> deliver(delivery));
                }
            }
        } catch (DatabaseUnavailable e) {
            LOG.debug("alerts: the database does not answer; deliveries wait ({})", e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("alerts: delivery look failed", e);
        }
    }

    /** Runs {@code work} on a virtual thread of its own, once one of {@code lane}'s places is free. */
    private void send(Semaphore lane, Runnable work) {
        try {
            lane.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        Thread.ofVirtual().name("alert-send").start(() -> {
            try {
                work.run();
            } catch (RuntimeException e) {
                LOG.warn("alerts: a send failed", e);
            } finally {
                lane.release();
            }
        });
    }

    private void verify(Subscription subscription) {
        switch (webhooks.verify(subscription)) {
            case ANSWERED -> {
                subscriptions.activate(subscription.id(), bound());
                activated.accept(subscription.hallTicket());
            }
            case NOT_STARTED ->
                subscriptions.putBackVerification(
                        subscription.id(),
                        subscription.verifyAttempts(),
                        clock.instant().plus(LOOK_EVERY),
                        bound());
            case NOT_ANSWERED -> {
                if (subscription.verifyAttempts() + 1 >= VERIFY_TRIES) {
                    subscriptions.delete(subscription.id(), bound());
                    LOG.info(
                            "alerts: subscription {} deleted: its webhook did not answer {} verification requests",
                            subscription.id(),
                            VERIFY_TRIES);
                }
            }
        }
    }

    private void deliver(AlertStore.DueDelivery delivery) {
        Subscription subscription = delivery.subscription();
        Outcome outcome;
        try {
            outcome = switch (subscription.kind()) {
                case WEBHOOK -> webhooks.deliver(delivery.id(), subscription, delivery.event());
                case PUSH -> push.deliver(subscription, delivery.event());
            };
        } catch (RuntimeException e) {
            // A row this build cannot send (or the VAPID keys out of reach): a failed attempt, retried and given up
            // by the same rule as any other.
            LOG.warn("alerts: delivery {} could not be sent", delivery.id(), e);
            outcome = new Outcome(Outcome.Result.FAILED, "error");
        }
        // The id and the outcome only: the target and the event hold what a log must not.
        LOG.info(
                "alerts: delivery {} ({}) attempt {}: {}",
                delivery.id(),
                subscription.kind().column(),
                delivery.attempts() + 1,
                outcome.status());
        Instant now = clock.instant();
        switch (outcome.result()) {
            case DELIVERED -> store.delivered(delivery.id(), subscription.id(), outcome.status(), now, bound());
            case GONE -> subscriptions.delete(subscription.id(), bound());
            // Due again at the next look, behind what is due now: a busy address does not hold the front of the line.
            case NOT_STARTED -> store.putBack(delivery.id(), now.plus(LOOK_EVERY), bound());
            case FAILED -> {
                Instant next = now.plus(retryPause(delivery.attempts() + 1));
                if (next.isAfter(delivery.event().createdAt().plus(GIVE_UP_AFTER))) {
                    // A receiver that has not taken a delivery for a day is gone: its subscription with it.
                    subscriptions.delete(subscription.id(), bound());
                    LOG.info(
                            "alerts: subscription {} deleted: delivery {} failed for {}",
                            subscription.id(),
                            delivery.id(),
                            GIVE_UP_AFTER);
                } else {
                    store.failed(delivery.id(), subscription.id(), outcome.status(), now, next, bound());
                }
            }
        }
    }

    /**
     * The pause after the {@code failures}-th failed attempt: 10 s doubled after each failure, at most 2 hours, with
     * ±20 % jitter so that a receiver that was down is not hit by every retry in the same second.
     */
    static Duration retryPause(int failures) {
        long base = FIRST_RETRY.toMillis() << Math.min(failures - 1, 20);
        long capped = Math.min(base, LONGEST_PAUSE.toMillis());
        double jitter = 0.8 + 0.4 * ThreadLocalRandom.current().nextDouble();
        return Duration.ofMillis((long) (capped * jitter));
    }

    private Deadline bound() {
        return Deadline.after(databaseBound, ticker);
    }

    /** What came of one delivery attempt, and the status recorded ({@code "200"}, {@code "timeout"}, …). */
    record Outcome(Result result, String status) {
        enum Result {
            DELIVERED,
            FAILED,
            GONE,
            /** Not sent (its address stayed busy): not an attempt. */
            NOT_STARTED
        }

        /**
         * The outcome of {@code answer}: not started when it was not sent, {@code gone} when it ends the subscription,
         * else by its status.
         */
        static Outcome of(TargetClient.Answer answer, boolean gone) {
            Result result;
            if (!answer.started()) {
                result = Result.NOT_STARTED;
            } else if (gone) {
                result = Result.GONE;
            } else {
                result = answer.succeeded() ? Result.DELIVERED : Result.FAILED;
            }
            return new Outcome(result, answer.what());
        }
    }
}
