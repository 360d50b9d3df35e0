package in.results.config;

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
 * @param maxSubscriptions   subscriptions in all at most, 0 = no limit
 * @param vapidSubject       the contact push services are given in VAPID tokens ({@code mailto:} or {@code https:})
 * @param vapidPublicKey     the VAPID public key (base64url), "" to use the pair kept in the database (made at
 *                           first start)
 * @param vapidPrivateKey    the VAPID private key (base64url), "" likewise
 */
public record AlertSettings(
        String publicUrl,
        boolean allowPrivate,
        int perClientHour,
        int perHallTicket,
        int maxSubscriptions,
        String vapidSubject,
        String vapidPublicKey,
        String vapidPrivateKey) {
    public AlertSettings {
        Objects.requireNonNull(publicUrl, "publicUrl");
        Objects.requireNonNull(vapidSubject, "vapidSubject");
        Objects.requireNonNull(vapidPublicKey, "vapidPublicKey");
        Objects.requireNonNull(vapidPrivateKey, "vapidPrivateKey");
        if (vapidPublicKey.isEmpty() != vapidPrivateKey.isEmpty()) {
            throw new ConfigException(
                    "RESULTS_VAPID_PUBLIC_KEY and RESULTS_VAPID_PRIVATE_KEY are set together or not at all");
        }
    }

    /** The defaults: no public URL, public targets only, 1000 per client and hour, 20 per hall ticket, 100,000 in all. */
    public static AlertSettings defaults() {
        return new AlertSettings("", false, 1000, 20, 100_000, "mailto:results-service@localhost", "", "");
    }
}
