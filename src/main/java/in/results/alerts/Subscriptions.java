package in.results.alerts;

import in.results.config.AlertSettings;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;

/**
 * What apps and browsers may do with subscriptions: make one (its target checked, the limits applied), read or end
 * it with its management token, and the same for browsers' push subscriptions (on listed push services only, ended
 * with the browser's auth key). Throws {@link TargetRejected} for a target the service will not send to,
 * {@link LimitReached} past a limit, and {@link in.results.archive.DatabaseUnavailable} when the database does not
 * answer.
 */
public final class Subscriptions {
    private final SubscriptionStore store;
    private final AlertSettings settings;
    private final SubscriptionLimits limits;
    private final PushServices pushServices;
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
        this.limits = new SubscriptionLimits(settings);
        this.pushServices = new PushServices(settings.pushServices(), settings.allowPrivate());
        this.resolver = resolver;
        this.deliveries = deliveries;
        this.dispatcher = dispatcher;
        this.clock = clock;
    }

    /** A new subscription as its maker is told of it once: the secret and the token are not shown again. */
    public record Created(String id, String secret, String token, Subscription.Status status) {}

    /**
     * Subscribes {@code webhookUrl} to {@code hallTicket}'s new results for {@code client}: pending until the
     * webhook answers its verification request, sent within a second.
     */
    public Created subscribe(HallTicket hallTicket, String webhookUrl, String client, Deadline deadline) {
        TargetAddress.check("webhook_url", webhookUrl, settings.allowPrivate(), resolver);
        Instant now = clock.instant();
        WebhookSecret secret = WebhookSecret.generate(random);
        String token = ManagementToken.generate(random);
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
        store.add(subscription, ManagementToken.hashOf(token), now, counts -> limits.check(counts, now), deadline);
        deliveries.wake();
        return new Created(subscription.id(), secret.text(), token, subscription.status());
    }

    /**
     * The webhook subscription {@code id} when {@code token} is its management token (or, for a subscription made
     * before tokens, its secret); empty otherwise (unknown or not theirs).
     */
    public Optional<Subscription> find(String id, String token, Deadline deadline) {
        return store.find(id, deadline)
                .filter(found -> found.subscription().kind() == Subscription.Kind.WEBHOOK)
                .filter(found -> found.tokenHash().isEmpty()
                        ? WebhookSecret.parse(found.subscription().secret()).matches(token)
                        : ManagementToken.matches(token, found.tokenHash()))
                .map(SubscriptionStore.Stored::subscription);
    }

    /** Ends the webhook subscription {@code id} when {@code token} is its token (as {@link #find}); whether it did. */
    public boolean unsubscribe(String id, String token, Deadline deadline) {
        return find(id, token, deadline)
                .map(found -> store.delete(id, deadline))
                .orElse(false);
    }

    /**
     * Subscribes a browser's push endpoint to {@code hallTicket}'s new results: active at once. The endpoint must be
     * on a listed push service, over https.
     */
    public void subscribePush(HallTicket hallTicket, PushSubscription browser, String client, Deadline deadline) {
        pushServices.check(browser.endpoint());
        TargetAddress.check("subscription.endpoint", browser.endpoint().toString(), settings.allowPrivate(), resolver);
        Instant now = clock.instant();
        store.add(
                new Subscription(
                        newId(),
                        hallTicket,
                        Subscription.Kind.PUSH,
                        browser.endpoint().toString(),
                        browser.keysText(),
                        Subscription.Status.ACTIVE,
                        client,
                        now,
                        0,
                        Subscription.LastDelivery.NONE),
                null,
                null,
                counts -> limits.check(counts, now),
                deadline);
        dispatcher.remember(hallTicket);
    }

    /**
     * Ends the push subscriptions of {@code endpoint} made with the browser's authentication secret {@code auth}
     * (base64url, as {@code keys.auth} of the browser's subscription): only the browser can end its own. Whether there
     * were any; false too for a wrong {@code auth}, so that nobody learns which endpoints are subscribed.
     *
     * @throws IllegalArgumentException when {@code auth} is not base64url (the caller checks its shape first)
     */
    public boolean unsubscribePush(String endpoint, String auth, Deadline deadline) {
        String canonical = P256Keys.toBase64Url(P256Keys.fromBase64Url(auth, "auth"));
        return store.deletePush(endpoint, keys -> PushSubscription.authMatches(keys, canonical), deadline) > 0;
    }

    private String newId() {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        return "sub_" + HexFormat.of().formatHex(bytes);
    }
}
