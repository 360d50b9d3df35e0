package in.results.alerts;

import in.results.config.AlertSettings;
import java.time.Duration;
import java.time.Instant;

/**
 * The limits a new subscription must stay within (0 = none): per client and hour, per client and hall ticket, per
 * hall ticket, and in all. A client is an IPv4 address or an IPv6 /64 (one household or one machine's addresses), so
 * that one client cannot take all of a student's places. A refusal names the limit, never what other clients hold.
 */
final class SubscriptionLimits {
    private static final Duration HOUR = Duration.ofHours(1);

    private final AlertSettings settings;

    SubscriptionLimits(AlertSettings settings) {
        this.settings = settings;
    }

    /** Throws {@link LimitReached} when one more subscription would pass a limit at {@code now}. */
    void check(SubscriptionStore.Counts counts, Instant now) {
        if (settings.perClientHour() > 0 && counts.byClientLastHour() >= settings.perClientHour()) {
            long wait = Math.max(
                    1,
                    Duration.between(now, counts.oldestByClientLastHour().plus(HOUR))
                                    .toSeconds()
                            + 1);
            throw new LimitReached(
                    "This client made " + settings.perClientHour() + " subscriptions in the last hour, the most"
                            + " allowed; retry after " + wait + " seconds.",
                    wait);
        }
        if (settings.perHallTicketClient() > 0 && counts.byHallTicketClient() >= settings.perHallTicketClient()) {
            throw new LimitReached(
                    "One client may hold at most " + settings.perHallTicketClient() + " subscriptions of a hall"
                            + " ticket, and this client holds them; end one to make another.",
                    HOUR.toSeconds());
        }
        if (settings.perHallTicket() > 0 && counts.byHallTicket() >= settings.perHallTicket()) {
            throw new LimitReached(
                    "A hall ticket may have at most " + settings.perHallTicket() + " subscriptions, and this one has"
                            + " no place left; retry later.",
                    HOUR.toSeconds());
        }
        if (settings.maxSubscriptions() > 0 && counts.total() >= settings.maxSubscriptions()) {
            throw new LimitReached("The service holds as many subscriptions as it can; retry later.", HOUR.toSeconds());
        }
    }
}
