package in.results.alerts;

import in.results.core.HallTicket;
import java.time.Instant;
import java.util.Objects;

/**
 * Who wants to be told of a student's new results, and where.
 *
 * @param id             {@code sub_} and 32 hex digits
 * @param kind           a webhook of an app, or a browser's push endpoint
 * @param target         the webhook URL or the push endpoint
 * @param secret         webhook: the signing secret {@code whsec_…}; push: the browser's keys {@code "<p256dh> <auth>"}
 * @param status         a webhook is {@link Status#PENDING} until it answered its verification request
 * @param client         who subscribed, as the per-client rate limit names clients
 * @param createdAt      when it was made
 * @param verifyAttempts verification requests sent so far
 * @param lastDelivery   the last delivery attempt, or {@link LastDelivery#NONE}
 */
public record Subscription(
        String id,
        HallTicket hallTicket,
        Kind kind,
        String target,
        String secret,
        Status status,
        String client,
        Instant createdAt,
        int verifyAttempts,
        LastDelivery lastDelivery) {
    public Subscription {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(hallTicket, "hallTicket");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(secret, "secret");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(lastDelivery, "lastDelivery");
    }

    /** Where the events go. */
    public enum Kind {
        WEBHOOK,
        PUSH;

        String column() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Whether events go out yet. */
    public enum Status {
        PENDING,
        ACTIVE;

        /** As the API and the database write it. */
        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * The last delivery attempt: when, and what came of it ({@code "200"}, {@code "500"}, {@code "timeout"}, …).
     *
     * @param at     {@link Instant#EPOCH} for none
     * @param status {@code ""} for none
     */
    public record LastDelivery(Instant at, String status) {
        public static final LastDelivery NONE = new LastDelivery(Instant.EPOCH, "");

        public LastDelivery {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(status, "status");
        }

        public boolean isNone() {
            return status.isEmpty();
        }
    }
}
