package in.results.alerts;

import in.results.archive.Archive;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The subscriptions, in the archive's database (SQLite or PostgreSQL, the same SQL): added within the limits in one
 * transaction that no other new subscription's interleaves with, found, verified, activated and deleted. Every method runs now through {@link Archive#run} within
 * {@code deadline} (or the database's own bound) and throws {@link in.results.archive.DatabaseUnavailable} when the
 * database does not answer.
 */
public final class SubscriptionStore {
    static final String SUBSCRIPTION_COLUMNS = "id, hall_ticket, kind, target, secret, status, client,"
            + " created_at, verify_attempts, last_delivery_at, last_delivery_status";

    /**
     * How long a new subscription's transaction may take past the database's bound before the caller is answered
     * 503: its outcome is awaited this much longer, so that a subscription stored is never reported as failed.
     */
    static final Duration GRACE = Duration.ofSeconds(2);
    /** A subscription whose deliveries have failed this long no longer holds a place under the limits. */
    static final Duration FAILING_FOR = Duration.ofHours(24);

    /** Taken first by every new subscription's transaction: one at a time, on PostgreSQL as on SQLite. */
    private static final String TAKE_LOCK = "UPDATE subscription_lock SET taken = ? WHERE id = 1";
    /** Rows that count toward the limits: not failing for {@link #FAILING_FOR} (the cut-off bound second). */
    private static final String HOLDS_PLACE = " AND (failing_since IS NULL OR failing_since > ?)";

    private final Archive database;

    public SubscriptionStore(Archive database) {
        this.database = database;
    }

    /** The counts the subscription limits are checked against, at {@code now}. */
    public record Counts(
            int byClientLastHour,
            Instant oldestByClientLastHour,
            int byHallTicket,
            int byHallTicketClient,
            int total) {}

    /** A subscription with the SHA-256 of its management token; "" for one made before tokens (its secret is one). */
    public record Stored(Subscription subscription, String tokenHash) {}

    /**
     * Adds {@code subscription} if {@code limits} accept the counts it would join, in one transaction that first takes
     * the subscription lock, so that concurrent subscriptions, on any instance, are checked one after another and
     * cannot pass a limit together; a browser's push subscription replaces one of the same student, endpoint and auth
     * key (a browser subscribing again), which then does not count (one with another key stays: only the browser
     * ends its own). {@code tokenHash}: the management token's SHA-256 (null
     * for push). {@code nextVerifyAt}: when a webhook's verification request is due (null for push, active at once).
     * Past the database's bound, waits up to {@link #GRACE} more for the outcome. Throws what {@code limits} throws.
     */
    public void add(
            Subscription subscription,
            String tokenHash,
            Instant nextVerifyAt,
            Consumer<Counts> limits,
            Deadline deadline) {
        database.run(
                connection -> {
                    Sql.execute(connection, TAKE_LOCK, subscription.createdAt().toEpochMilli());
                    if (subscription.kind() == Subscription.Kind.PUSH) {
                        String auth = PushSubscription.authOf(subscription.secret());
                        deletePushWhere(
                                connection,
                                keys -> PushSubscription.authMatches(keys, auth),
                                " AND hall_ticket = ?",
                                subscription.target(),
                                subscription.hallTicket().value());
                    }
                    limits.accept(counts(
                            connection, subscription.client(), subscription.hallTicket(), subscription.createdAt()));
                    return insert(connection, subscription, tokenHash, nextVerifyAt);
                },
                deadline,
                GRACE);
    }

    private static Counts counts(Connection connection, String client, HallTicket hallTicket, Instant now)
            throws SQLException {
        long hourAgo = now.minus(Duration.ofHours(1)).toEpochMilli();
        long failingBefore = now.minus(FAILING_FOR).toEpochMilli();
        int byClient;
        Instant oldest;
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT COUNT(*), MIN(created_at) FROM subscriptions WHERE client = ? AND created_at > ?"
                        + HOLDS_PLACE)) {
            Sql.bind(statement, client, hourAgo, failingBefore);
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                byClient = row.getInt(1);
                oldest = Instant.ofEpochMilli(row.getLong(2));
            }
        }
        int byHallTicket = Sql.count(
                connection,
                "SELECT COUNT(*) FROM subscriptions WHERE hall_ticket = ?" + HOLDS_PLACE,
                hallTicket.value(),
                failingBefore);
        int byHallTicketClient = Sql.count(
                connection,
                "SELECT COUNT(*) FROM subscriptions WHERE hall_ticket = ? AND client = ?" + HOLDS_PLACE,
                hallTicket.value(),
                client,
                failingBefore);
        int total =
                Sql.count(connection, "SELECT COUNT(*) FROM subscriptions WHERE 1 = 1" + HOLDS_PLACE, failingBefore);
        return new Counts(byClient, oldest, byHallTicket, byHallTicketClient, total);
    }

    public Optional<Stored> find(String id, Deadline deadline) {
        return database.run(
                connection -> {
                    try (PreparedStatement statement = connection.prepareStatement(
                            "SELECT " + SUBSCRIPTION_COLUMNS + ", token_hash FROM subscriptions WHERE id = ?")) {
                        statement.setString(1, id);
                        try (ResultSet row = statement.executeQuery()) {
                            if (!row.next()) {
                                return Optional.<Stored>empty();
                            }
                            String tokenHash = row.getString(12);
                            return Optional.of(new Stored(subscriptionOf(row), tokenHash == null ? "" : tokenHash));
                        }
                    }
                },
                deadline);
    }

    /** Ends a subscription and its deliveries not yet made; whether there was one. */
    public boolean delete(String id, Deadline deadline) {
        return database.run(connection -> deleteSubscription(connection, id) > 0, deadline);
    }

    /**
     * Ends every push subscription to {@code endpoint} whose browser keys {@code isTheirs} accepts (the caller's proof
     * that it is the browser); how many there were.
     */
    public int deletePush(String endpoint, Predicate<String> isTheirs, Deadline deadline) {
        return database.run(connection -> deletePushWhere(connection, isTheirs, "", endpoint), deadline);
    }

    /**
     * Deletes the push subscriptions to {@code endpoint} (and what {@code andWhere} adds, bound after it) whose
     * browser keys {@code isTheirs} accepts; how many.
     */
    private static int deletePushWhere(
            Connection connection, Predicate<String> isTheirs, String andWhere, String endpoint, String... more)
            throws SQLException {
        List<String> ids = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT id, secret FROM subscriptions WHERE kind = 'push' AND target = ?" + andWhere)) {
            statement.setString(1, endpoint);
            for (int i = 0; i < more.length; i++) {
                statement.setString(i + 2, more[i]);
            }
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    if (isTheirs.test(row.getString(2))) {
                        ids.add(row.getString(1));
                    }
                }
            }
        }
        int deleted = 0;
        for (String id : ids) {
            deleted += deleteSubscription(connection, id);
        }
        return deleted;
    }

    /** Pending webhooks whose verification request is due at {@code now}. */
    public List<Subscription> dueVerifications(Instant now, int limit, Deadline deadline) {
        return database.run(
                connection -> {
                    List<Subscription> due = new ArrayList<>();
                    try (PreparedStatement statement = connection.prepareStatement("SELECT " + SUBSCRIPTION_COLUMNS
                            + " FROM subscriptions WHERE status = 'pending' AND next_verify_at <= ?"
                            + " ORDER BY next_verify_at LIMIT " + limit)) {
                        statement.setLong(1, now.toEpochMilli());
                        try (ResultSet row = statement.executeQuery()) {
                            while (row.next()) {
                                due.add(subscriptionOf(row));
                            }
                        }
                    }
                    return due;
                },
                deadline);
    }

    /**
     * Takes the verification of {@code id} due now for one attempt: counts it and puts the next one at
     * {@code nextAt}, unless another instance took it first (false).
     */
    public boolean claimVerification(String id, int attempts, Instant nextAt, Deadline deadline) {
        return update(
                        "UPDATE subscriptions SET verify_attempts = ?, next_verify_at = ? WHERE id = ?"
                                + " AND status = 'pending' AND verify_attempts = ?",
                        deadline,
                        attempts + 1,
                        nextAt.toEpochMilli(),
                        id,
                        attempts)
                > 0;
    }

    /**
     * Gives back the claim of the verification of {@code id} made with {@code attempts} attempts before it: the
     * attempt is not counted, and the verification is due again at {@code due} (unless another instance took it
     * since).
     */
    public void putBackVerification(String id, int attempts, Instant due, Deadline deadline) {
        update(
                "UPDATE subscriptions SET verify_attempts = ?, next_verify_at = ? WHERE id = ?"
                        + " AND status = 'pending' AND verify_attempts = ?",
                deadline,
                attempts,
                due.toEpochMilli(),
                id,
                attempts + 1);
    }

    /** The webhook answered its challenge: events go out from now on. */
    public void activate(String id, Deadline deadline) {
        update("UPDATE subscriptions SET status = 'active', next_verify_at = NULL WHERE id = ?", deadline, id);
    }

    private static int insert(Connection connection, Subscription subscription, String tokenHash, Instant nextVerifyAt)
            throws SQLException {
        return Sql.execute(
                connection,
                "INSERT INTO subscriptions (" + SUBSCRIPTION_COLUMNS + ", next_verify_at, token_hash)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?)",
                subscription.id(),
                subscription.hallTicket().value(),
                subscription.kind().column(),
                subscription.target(),
                subscription.secret(),
                subscription.status().text(),
                subscription.client(),
                subscription.createdAt().toEpochMilli(),
                subscription.verifyAttempts(),
                nextVerifyAt == null ? null : nextVerifyAt.toEpochMilli(),
                tokenHash);
    }

    static int deleteSubscription(Connection connection, String id) throws SQLException {
        Sql.execute(connection, "DELETE FROM deliveries WHERE subscription_id = ? AND delivered_at IS NULL", id);
        return Sql.execute(connection, "DELETE FROM subscriptions WHERE id = ?", id);
    }

    private static Subscription subscriptionOf(ResultSet row) throws SQLException {
        return subscriptionOf(row, 1);
    }

    /** The subscription in the row's columns from {@code first} on, in {@link #SUBSCRIPTION_COLUMNS} order. */
    static Subscription subscriptionOf(ResultSet row, int first) throws SQLException {
        long lastAt = row.getLong(first + 9);
        boolean delivered = !row.wasNull();
        String lastStatus = row.getString(first + 10);
        return new Subscription(
                row.getString(first),
                new HallTicket(row.getString(first + 1)),
                Subscription.Kind.valueOf(row.getString(first + 2).toUpperCase(java.util.Locale.ROOT)),
                row.getString(first + 3),
                row.getString(first + 4),
                Subscription.Status.valueOf(row.getString(first + 5).toUpperCase(java.util.Locale.ROOT)),
                row.getString(first + 6),
                Instant.ofEpochMilli(row.getLong(first + 7)),
                row.getInt(first + 8),
                delivered && lastStatus != null
                        ? new Subscription.LastDelivery(Instant.ofEpochMilli(lastAt), lastStatus)
                        : Subscription.LastDelivery.NONE);
    }

    private int update(String sql, Deadline deadline, Object... values) {
        return database.run(connection -> Sql.execute(connection, sql, values), deadline);
    }
}
