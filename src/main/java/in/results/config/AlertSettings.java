package in.results.config;

import java.util.List;
import java.util.Objects;

/**
 * The settings of result alerts.
 *
 * @param publicUrl          the service's address as clients reach it ({@code RESULTS_PUBLIC_URL}), no trailing
 *                           slash; "" when unset: events and push notifications then name
 *                           {@code http://localhost:<port>} (start-up warns)
 * @param allowPrivate       whether webhooks and push endpoints may be loopback, private or link-local addresses
 * @param perClientHour      subscriptions one client may make per hour, 0 = no limit
 * @param perHallTicket      subscriptions of one hall ticket at most, 0 = no limit
 * @param perHallTicketClient subscriptions of one hall ticket one client may hold, 0 = no limit: no client can take
 *                           all of a hall ticket's places
 * @param maxSubscriptions   subscriptions in all at most, 0 = no limit
 * @param vapidSubject       the contact push services are given in VAPID tokens ({@code mailto:} or {@code https:})
 * @param vapidPublicKey     the VAPID public key (base64url), "" to use the pair kept in the database (made at
 *                           first start)
 * @param vapidPrivateKey    the VAPID private key (base64url), "" likewise
 * @param pushServices       the hosts browsers' push endpoints may be on: exact hosts, and {@code *.suffix} for any
 *                           host under {@code suffix}, lower case
 * @param livePerClient      open live pages one client may hold on an instance, 0 = no limit
 * @param liveMax            open live pages on an instance at most, 0 = no limit
 * @param retentionDays      how long events and finished deliveries are kept, in days
 */
public record AlertSettings(
        String publicUrl,
        boolean allowPrivate,
        int perClientHour,
        int perHallTicket,
        int perHallTicketClient,
        int maxSubscriptions,
        String vapidSubject,
        String vapidPublicKey,
        String vapidPrivateKey,
        List<String> pushServices,
        int livePerClient,
        int liveMax,
        int retentionDays) {
    /**
     * The push services of current browsers: Chrome, Edge's Chromium and Opera use Firebase Cloud Messaging
     * (fcm.googleapis.com; android.googleapis.com for older subscriptions), Firefox Mozilla's autopush, Safari Apple's
     * web push service, and Edge's Windows Push Notification Services (hosts under notify.windows.com).
     */
    public static final List<String> BROWSER_PUSH_SERVICES = List.of(
            "fcm.googleapis.com",
            "android.googleapis.com",
            "updates.push.services.mozilla.com",
            "*.push.apple.com",
            "*.notify.windows.com");

    public AlertSettings {
        Objects.requireNonNull(publicUrl, "publicUrl");
        Objects.requireNonNull(vapidSubject, "vapidSubject");
        Objects.requireNonNull(vapidPublicKey, "vapidPublicKey");
        Objects.requireNonNull(vapidPrivateKey, "vapidPrivateKey");
        pushServices = List.copyOf(pushServices);
        if (vapidPublicKey.isEmpty() != vapidPrivateKey.isEmpty()) {
            throw new ConfigException(
                    "RESULTS_VAPID_PUBLIC_KEY and RESULTS_VAPID_PRIVATE_KEY are set together or not at all");
        }
    }

    /**
     * The defaults: no public URL, public targets only, 1000 per client and hour, 20 per hall ticket and 2 of them per
     * client, 100,000 in all; the browsers' push services; 10 live pages per client, 10,000 per instance; 30 days.
     */
    public static AlertSettings defaults() {
        return new AlertSettings(
                "",
                false,
                1000,
                20,
                2,
                100_000,
                "mailto:results-service@localhost",
                "",
                "",
                BROWSER_PUSH_SERVICES,
                10,
                10_000,
                30);
    }
}
