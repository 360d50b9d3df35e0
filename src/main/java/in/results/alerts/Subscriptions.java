package in.results.alerts;

import in.results.config.AlertSettings;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;

/**
 * What apps and browsers may do with subscriptions: make one (its target checked, the limits applied), read or end
 * it with its secret, and the same for browsers' push subscriptions. Throws {@link TargetRejected} for a target the
 * service will not send to, {@link LimitReached} past a limit, and
 * {@link in.results.archive.DatabaseUnavailable} when the database does not answer.
 */
public final class Subscriptions {
    private static final Duration HOUR = Duration.ofHours(1);

    private final SubscriptionStore store;
    private final AlertSettings settings;
    private final HostResolver resolver;
    private final DeliveryWorker deliveries;
    private final AlertDispatcher dispatcher;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    public Subscriptions(
            SubscriptionStore store,
            AlertSettings settings,
            HostResolver resolver,
            DeliveryWorker deliveries,
            AlertDispatcher dispatcher,
            Clock clock) {
        this.store = store;
        this.settings = settings;
        this.resolver = resolver;
        this.deliveries = deliveries;
        this.dispatcher = dispatcher;
        this.clock = clock;
    }

    /** A new subscription as its maker is told of it once: the secret is not shown again. */
    public record Created(String id, String secret, Subscription.Status status) {}

    /**
     * Subscribes {@code webhookUrl} to {@code hallTicket}'s new results for {@code client}: pending until the
     * webhook answers its verification request, sent within a second.
     */
    public Created subscribe(HallTicket hallTicket, String webhookUrl, String client, Deadline deadline) {
        TargetAddress.check("webhook_url", webhookUrl, settings.allowPrivate(), resolver);
        Instant now = clock.instant();
        WebhookSecret secret = WebhookSecret.generate(random);
        Subscription subscription = new Subscription(
                newId(),
                hallTicket,
                Subscription.Kind.WEBHOOK,
                webhookUrl,
                secret.text(),
                Subscription.Status.PENDING,
                client,
                now,
                0,
                Subscription.LastDelivery.NONE);
        store.add(subscription, now, counts -> checkLimits(counts, now), deadline);
        deliveries.wake();
        return new Created(subscription.id(), secret.text(), subscription.status());
    }

    /** The webhook subscription {@code id} when {@code secret} is its secret; empty otherwise (unknown or not theirs). */
    public Optional<Subscription> find(String id, String secret, Deadline deadline) {
        return store.find(id, deadline)
                .filter(found -> found.kind() == Subscription.Kind.WEBHOOK)
                .filter(found -> WebhookSecret.parse(found.secret()).matches(secret));
    }

    /** Ends the webhook subscription {@code id} when {@code secret} is its secret; whether it did. */
    public boolean unsubscribe(String id, String secret, Deadline deadline) {
        return find(id, secret, deadline)
                .map(found -> store.delete(id, deadline))
                .orElse(false);
    }

    /** Subscribes a browser's push endpoint to {@code hallTicket}'s new results: active at once. */
    public void subscribePush(HallTicket hallTicket, PushSubscription browser, String client, Deadline deadline) {
        TargetAddress.check("subscription.endpoint", browser.endpoint().toString(), settings.allowPrivate(), resolver);
        Instant now = clock.instant();
        store.add(
                new Subscription(
                        newId(),
                        hallTicket,
                        Subscription.Kind.PUSH,
                        browser.endpoint().toString(),
                        browser.p256dh() + " " + browser.auth(),
                        Subscription.Status.ACTIVE,
                        client,
                        now,
                        0,
                        Subscription.LastDelivery.NONE),
                null,
                counts -> checkLimits(counts, now),
                deadline);
        dispatcher.remember(hallTicket);
    }

    /** Ends the push subscriptions of {@code endpoint}; whether there were any. */
    public boolean unsubscribePush(String endpoint, Deadline deadline) {
        return store.deletePush(endpoint, deadline) > 0;
    }

    /** Throws {@link LimitReached} when one more subscription would pass a limit. */
    private void checkLimits(SubscriptionStore.Counts counts, Instant now) {
        if (settings.perClientHour() > 0 && counts.byClientLastHour() >= settings.perClientHour()) {
            long wait = Duration.between(now, counts.oldestByClientLastHour().plus(HOUR))
                            .toSeconds()
                    + 1;
            throw new LimitReached(
                    "This client made " + settings.perClientHour() + " subscriptions in the last hour, the most"
                            + " allowed; retry after " + Math.max(1, wait) + " seconds.",
                    Math.max(1, wait));
        }
        if (settings.perHallTicket() > 0 && counts.byHallTicket() >= settings.perHallTicket()) {
            throw new LimitReached(
                    "This hall ticket has " + settings.perHallTicket() + " subscriptions, the most allowed.",
                    HOUR.toSeconds());
        }
        if (settings.maxSubscriptions() > 0 && counts.total() >= settings.maxSubscriptions()) {
            throw new LimitReached("The service holds as many subscriptions as it can; retry later.", HOUR.toSeconds());
        }
    }

    private String newId() {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        return "sub_" + HexFormat.of().formatHex(bytes);
    }
}
