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
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The alerts' records, in the archive's database (SQLite or PostgreSQL, the same SQL): subscriptions, the events of
 * new results, their deliveries, how far each release's dispatch got, the open live pages, leases and kept settings.
 * Every method runs now through {@link Archive#run} within {@code deadline} (or the database's own bound) and throws
 * {@link in.results.archive.DatabaseUnavailable} when the database does not answer; nothing is queued. Writes that
 * two instances may make at once are idempotent (keyed inserts that ignore a conflict, conditional updates).
 */
public final class AlertStore {
    private static final String SUBSCRIPTION_COLUMNS = "id, hall_ticket, kind, target, secret, status, client,"
            + " created_at, verify_attempts, last_delivery_at, last_delivery_status";

    private final Archive database;

    public AlertStore(Archive database) {
        this.database = database;
    }

    /** The counts the subscription limits are checked against, at {@code now}. */
    public record Counts(int byClientLastHour, Instant oldestByClientLastHour, int byHallTicket, int total) {}

    // ---- subscriptions

    /**
     * Adds {@code subscription} if {@code limits} accept the counts it would join, in one transaction (concurrent
     * subscriptions cannot pass a limit together); a browser's push subscription replaces one of the same student and
     * endpoint (a browser subscribing again), which then does not count. {@code nextVerifyAt}: when a webhook's
     * verification request is due (null for push, active at once). Throws what {@code limits} throws.
     */
    public void add(Subscription subscription, Instant nextVerifyAt, Consumer<Counts> limits, Deadline deadline) {
        database.run(
                connection -> {
                    if (subscription.kind() == Subscription.Kind.PUSH) {
                        for (String id : firstColumn(
                                connection,
                                "SELECT id FROM subscriptions WHERE kind = 'push' AND hall_ticket = ? AND target = ?",
                                subscription.hallTicket().value(),
                                subscription.target())) {
                            deleteSubscription(connection, id);
                        }
                    }
                    limits.accept(counts(
                            connection, subscription.client(), subscription.hallTicket(), subscription.createdAt()));
                    return insert(connection, subscription, nextVerifyAt);
                },
                deadline);
    }

    private static Counts counts(Connection connection, String client, HallTicket hallTicket, Instant now)
            throws SQLException {
        long hourAgo = now.minus(Duration.ofHours(1)).toEpochMilli();
        int byClient;
        Instant oldest;
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT COUNT(*), MIN(created_at) FROM subscriptions WHERE client = ? AND created_at > ?")) {
            statement.setString(1, client);
            statement.setLong(2, hourAgo);
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                byClient = row.getInt(1);
                oldest = Instant.ofEpochMilli(row.getLong(2));
            }
        }
        int byHallTicket =
                count(connection, "SELECT COUNT(*) FROM subscriptions WHERE hall_ticket = ?", hallTicket.value());
        int total = count(connection, "SELECT COUNT(*) FROM subscriptions", null);
        return new Counts(byClient, oldest, byHallTicket, total);
    }

    public Optional<Subscription> find(String id, Deadline deadline) {
        return database.run(
                connection -> {
                    try (PreparedStatement statement = connection.prepareStatement(
                            "SELECT " + SUBSCRIPTION_COLUMNS + " FROM subscriptions WHERE id = ?")) {
                        statement.setString(1, id);
                        try (ResultSet row = statement.executeQuery()) {
                            return row.next() ? Optional.of(subscriptionOf(row)) : Optional.<Subscription>empty();
                        }
                    }
                },
                deadline);
    }

    /** Ends a subscription and its deliveries not yet made; whether there was one. */
    public boolean delete(String id, Deadline deadline) {
        return database.run(connection -> deleteSubscription(connection, id) > 0, deadline);
    }

    /** Ends every push subscription to {@code endpoint}; how many there were. */
    public int deletePush(String endpoint, Deadline deadline) {
        return database.run(
                connection -> {
                    List<String> ids = firstColumn(
                            connection, "SELECT id FROM subscriptions WHERE kind = 'push' AND target = ?", endpoint);
                    for (String id : ids) {
                        deleteSubscription(connection, id);
                    }
                    return ids.size();
                },
                deadline);
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

    /** The webhook answered its challenge: events go out from now on. */
    public void activate(String id, Deadline deadline) {
        update("UPDATE subscriptions SET status = 'active', next_verify_at = NULL WHERE id = ?", deadline, id);
    }

    // ---- dispatch

    /**
     * Takes or keeps the lease {@code name} for {@code holder} until {@code until}: true when held now (it was free,
     * expired, or already this holder's).
     */
    public boolean holdLease(String name, String holder, Instant now, Instant until, Deadline deadline) {
        return update(
                        "INSERT INTO leases (name, holder, until_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET"
                                + " holder = excluded.holder, until_at = excluded.until_at"
                                + " WHERE leases.holder = excluded.holder OR leases.until_at < ?",
                        deadline,
                        name,
                        holder,
                        until.toEpochMilli(),
                        now.toEpochMilli())
                > 0;
    }

    /** What the alerts know of the list: how many releases they have seen, and which wait for dispatch. */
    public record Listed(int known, List<String> waiting) {
        public Listed {
            waiting = List.copyOf(waiting);
        }
    }

    /**
     * Records the releases the list shows. The first time (no release recorded yet) they are all taken as already
     * dispatched: what was published before alerts existed is nobody's news. After that, a release not seen before
     * is recorded as waiting for dispatch. Returns the releases waiting for dispatch, oldest listed first.
     */
    public Listed listed(Collection<String> releases, Instant now, Deadline deadline) {
        return database.run(
                connection -> {
                    boolean first = count(connection, "SELECT COUNT(*) FROM alert_releases", null) == 0;
                    try (PreparedStatement statement = connection.prepareStatement(
                            "INSERT INTO alert_releases (release_name, listed_at, dispatched_at) VALUES (?, ?, ?)"
                                    + " ON CONFLICT (release_name) DO NOTHING")) {
                        for (String release : releases) {
                            statement.setString(1, release);
                            statement.setLong(2, now.toEpochMilli());
                            if (first) {
                                statement.setLong(3, now.toEpochMilli());
                            } else {
                                statement.setNull(3, java.sql.Types.BIGINT);
                            }
                            statement.addBatch();
                        }
                        statement.executeBatch();
                    }
                    return new Listed(
                            count(connection, "SELECT COUNT(*) FROM alert_releases", null),
                            firstColumn(
                                    connection,
                                    "SELECT release_name FROM alert_releases WHERE dispatched_at IS NULL"
                                            + " ORDER BY listed_at, release_name"));
                },
                deadline);
    }

    /** How recent a person's lookup of a student must be for their open live page to count as watching them. */
    static final Duration LOOKED_UP_WITHIN = Duration.ofMinutes(10);

    /**
     * The students to tell of new results: those of an active subscription, and those with a live page open now whom
     * a person looked up in the last {@link #LOOKED_UP_WITHIN} (each costs the university a check of every new
     * release: a page opened by a script for hall tickets nobody asks about must not make it check them).
     */
    public Set<HallTicket> watched(Instant now, Deadline deadline) {
        return database.run(
                connection -> {
                    Set<HallTicket> watched = new HashSet<>();
                    try (PreparedStatement statement = connection.prepareStatement(
                            "SELECT DISTINCT hall_ticket FROM subscriptions WHERE status = 'active'"
                                    + " UNION SELECT DISTINCT hall_ticket FROM live_pages WHERE until_at > ?"
                                    + " AND EXISTS (SELECT 1 FROM student_lookups WHERE student_lookups.hall_ticket"
                                    + " = live_pages.hall_ticket AND student_lookups.looked_at > ?)")) {
                        statement.setLong(1, now.toEpochMilli());
                        statement.setLong(2, now.minus(LOOKED_UP_WITHIN).toEpochMilli());
                        try (ResultSet row = statement.executeQuery()) {
                            while (row.next()) {
                                watched.add(new HallTicket(row.getString(1)));
                            }
                        }
                    }
                    return watched;
                },
                deadline);
    }

    /** The students already checked for {@code release}. */
    public Set<HallTicket> checkedFor(String release, Deadline deadline) {
        return database.run(
                connection -> {
                    Set<HallTicket> checked = new HashSet<>();
                    for (String hallTicket : firstColumn(
                            connection, "SELECT hall_ticket FROM alert_checks WHERE release_name = ?", release)) {
                        checked.add(new HallTicket(hallTicket));
                    }
                    return checked;
                },
                deadline);
    }

    /**
     * Records that {@code hallTicket} was checked for {@code release}, with the events found (none when the release
     * holds no new result of theirs): each event once, and one delivery per event and active subscription of the
     * student, under the id {@code WebhookSignature.messageId} gives, so that doing it again (another instance after
     * a crash) adds nothing.
     */
    public void checked(String release, HallTicket hallTicket, List<StudentEvent> events, Deadline deadline) {
        database.run(
                connection -> {
                    for (StudentEvent event : events) {
                        addEvent(connection, event);
                    }
                    try (PreparedStatement statement = connection.prepareStatement(
                            "INSERT INTO alert_checks (release_name, hall_ticket) VALUES (?, ?)"
                                    + " ON CONFLICT (release_name, hall_ticket) DO NOTHING")) {
                        statement.setString(1, release);
                        statement.setString(2, hallTicket.value());
                        statement.executeUpdate();
                    }
                    return null;
                },
                deadline);
    }

    /** Every student of {@code release} is checked: its dispatch is over, and its checks are no longer needed. */
    public void dispatched(String release, Instant now, Deadline deadline) {
        database.run(
                connection -> {
                    execute(
                            connection,
                            "UPDATE alert_releases SET dispatched_at = ? WHERE release_name = ?",
                            now.toEpochMilli(),
                            release);
                    execute(connection, "DELETE FROM alert_checks WHERE release_name = ?", release);
                    return null;
                },
                deadline);
    }

    private static void addEvent(Connection connection, StudentEvent event) throws SQLException {
        int added = execute(
                connection,
                "INSERT INTO student_events (hall_ticket, page, data, created_at) VALUES (?, ?, ?, ?)"
                        + " ON CONFLICT (hall_ticket, page) DO NOTHING",
                event.hallTicket().value(),
                event.page(),
                event.data(),
                event.createdAt().toEpochMilli());
        if (added == 0) {
            return; // told before: its deliveries were made then
        }
        for (String subscription : firstColumn(
                connection,
                "SELECT id FROM subscriptions WHERE hall_ticket = ? AND status = 'active'",
                event.hallTicket().value())) {
            execute(
                    connection,
                    "INSERT INTO deliveries (id, subscription_id, hall_ticket, page, attempts, due_at, claimed_until,"
                            + " created_at) VALUES (?, ?, ?, ?, 0, ?, 0, ?) ON CONFLICT (id) DO NOTHING",
                    WebhookSignature.messageId(subscription, event.page()),
                    subscription,
                    event.hallTicket().value(),
                    event.page(),
                    event.createdAt().toEpochMilli(),
                    event.createdAt().toEpochMilli());
        }
    }

    // ---- deliveries

    /** A delivery to make now: its id (the webhook-id), attempts so far, the subscription and the event. */
    public record DueDelivery(String id, int attempts, Subscription subscription, StudentEvent event) {}

    /**
     * Takes up to {@code limit} deliveries due at {@code now} for this instance, each held until {@code holdUntil}
     * so that no other instance sends it meanwhile.
     */
    public List<DueDelivery> claimDue(Instant now, Instant holdUntil, int limit, Deadline deadline) {
        return database.run(
                connection -> {
                    List<DueDelivery> due = new ArrayList<>();
                    try (PreparedStatement statement = connection.prepareStatement("SELECT d.id, d.attempts,"
                            + " s.id, s.hall_ticket, s.kind, s.target, s.secret, s.status, s.client, s.created_at,"
                            + " s.verify_attempts, s.last_delivery_at, s.last_delivery_status,"
                            + " e.page, e.data, e.created_at FROM deliveries d"
                            + " JOIN subscriptions s ON s.id = d.subscription_id"
                            + " JOIN student_events e ON e.hall_ticket = d.hall_ticket AND e.page = d.page"
                            + " WHERE d.due_at <= ? AND d.claimed_until < ? ORDER BY d.due_at LIMIT " + limit)) {
                        statement.setLong(1, now.toEpochMilli());
                        statement.setLong(2, now.toEpochMilli());
                        try (ResultSet row = statement.executeQuery()) {
                            while (row.next()) {
                                Subscription subscription = subscriptionOf(row, 3);
                                due.add(new DueDelivery(
                                        row.getString(1),
                                        row.getInt(2),
                                        subscription,
                                        new StudentEvent(
                                                subscription.hallTicket(),
                                                row.getString(14),
                                                row.getString(15),
                                                Instant.ofEpochMilli(row.getLong(16)))));
                            }
                        }
                    }
                    List<DueDelivery> claimed = new ArrayList<>();
                    for (DueDelivery delivery : due) {
                        if (execute(
                                        connection,
                                        "UPDATE deliveries SET claimed_until = ? WHERE id = ? AND claimed_until < ?",
                                        holdUntil.toEpochMilli(),
                                        delivery.id(),
                                        now.toEpochMilli())
                                > 0) {
                            claimed.add(delivery);
                        }
                    }
                    return claimed;
                },
                deadline);
    }

    /** Records a delivery attempt that succeeded: the delivery is over. */
    public void delivered(String id, String subscription, String status, Instant at, Deadline deadline) {
        attempted(id, subscription, status, at, at, null, deadline);
    }

    /** Records a delivery attempt that failed, to be made again at {@code again}. */
    public void failed(String id, String subscription, String status, Instant at, Instant again, Deadline deadline) {
        attempted(id, subscription, status, at, null, again, deadline);
    }

    /** Records the last delivery attempt, failed past the time deliveries are tried for: the delivery is over. */
    public void gaveUp(String id, String subscription, String status, Instant at, Deadline deadline) {
        attempted(id, subscription, status, at, null, null, deadline);
    }

    /** One attempt: {@code deliveredAt} when it succeeded, {@code due} when it is made again (each null when not). */
    private void attempted(
            String id,
            String subscription,
            String status,
            Instant at,
            Instant deliveredAt,
            Instant due,
            Deadline deadline) {
        database.run(
                connection -> {
                    execute(
                            connection,
                            "UPDATE deliveries SET attempts = attempts + 1, due_at = ?, claimed_until = 0,"
                                    + " last_status = ?, delivered_at = ? WHERE id = ?",
                            due == null ? null : due.toEpochMilli(),
                            status,
                            deliveredAt == null ? null : deliveredAt.toEpochMilli(),
                            id);
                    execute(
                            connection,
                            "UPDATE subscriptions SET last_delivery_at = ?, last_delivery_status = ? WHERE id = ?",
                            at.toEpochMilli(),
                            status,
                            subscription);
                    return null;
                },
                deadline);
    }

    // ---- live pages

    /** Keeps the live pages of {@code hallTickets} open on {@code instance} until {@code until}. */
    public void keepLive(Collection<HallTicket> hallTickets, String instance, Instant until, Deadline deadline) {
        database.run(
                connection -> {
                    try (PreparedStatement statement = connection.prepareStatement(
                            "INSERT INTO live_pages (hall_ticket, instance, until_at) VALUES (?, ?, ?)"
                                    + " ON CONFLICT (hall_ticket, instance) DO UPDATE SET until_at = excluded.until_at")) {
                        for (HallTicket hallTicket : hallTickets) {
                            statement.setString(1, hallTicket.value());
                            statement.setString(2, instance);
                            statement.setLong(3, until.toEpochMilli());
                            statement.addBatch();
                        }
                        statement.executeBatch();
                    }
                    execute(
                            connection,
                            "DELETE FROM live_pages WHERE until_at < ?",
                            until.minusSeconds(3600).toEpochMilli());
                    return null;
                },
                deadline);
    }

    /** The events of {@code hallTickets} made at or after {@code since}, oldest first. */
    public List<StudentEvent> eventsSince(Collection<HallTicket> hallTickets, Instant since, Deadline deadline) {
        if (hallTickets.isEmpty()) {
            return List.of();
        }
        String marks = String.join(", ", java.util.Collections.nCopies(hallTickets.size(), "?"));
        return database.run(
                connection -> {
                    List<StudentEvent> events = new ArrayList<>();
                    try (PreparedStatement statement = connection.prepareStatement(
                            "SELECT hall_ticket, page, data, created_at FROM student_events WHERE created_at >= ?"
                                    + " AND hall_ticket IN (" + marks + ") ORDER BY created_at, page")) {
                        statement.setLong(1, since.toEpochMilli());
                        int index = 2;
                        for (HallTicket hallTicket : hallTickets) {
                            statement.setString(index++, hallTicket.value());
                        }
                        try (ResultSet row = statement.executeQuery()) {
                            while (row.next()) {
                                events.add(new StudentEvent(
                                        new HallTicket(row.getString(1)),
                                        row.getString(2),
                                        row.getString(3),
                                        Instant.ofEpochMilli(row.getLong(4))));
                            }
                        }
                    }
                    return events;
                },
                deadline);
    }

    // ---- settings

    /** The kept setting {@code name}, or {@code value} kept now when there is none (the first instance's wins). */
    public String settingOr(String name, String value, Deadline deadline) {
        return database.run(
                connection -> {
                    execute(
                            connection,
                            "INSERT INTO service_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                            name,
                            value);
                    return firstColumn(connection, "SELECT value FROM service_settings WHERE name = ?", name)
                            .getFirst();
                },
                deadline);
    }

    // ---- rows

    private static int insert(Connection connection, Subscription subscription, Instant nextVerifyAt)
            throws SQLException {
        return execute(
                connection,
                "INSERT INTO subscriptions (" + SUBSCRIPTION_COLUMNS + ", next_verify_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?)",
                subscription.id(),
                subscription.hallTicket().value(),
                subscription.kind().column(),
                subscription.target(),
                subscription.secret(),
                subscription.status().text(),
                subscription.client(),
                subscription.createdAt().toEpochMilli(),
                subscription.verifyAttempts(),
                nextVerifyAt == null ? null : nextVerifyAt.toEpochMilli());
    }

    private static int deleteSubscription(Connection connection, String id) throws SQLException {
        execute(connection, "DELETE FROM deliveries WHERE subscription_id = ? AND delivered_at IS NULL", id);
        return execute(connection, "DELETE FROM subscriptions WHERE id = ?", id);
    }

    private static Subscription subscriptionOf(ResultSet row) throws SQLException {
        return subscriptionOf(row, 1);
    }

    /** The subscription in the row's columns from {@code first} on, in {@link #SUBSCRIPTION_COLUMNS} order. */
    private static Subscription subscriptionOf(ResultSet row, int first) throws SQLException {
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
        return database.run(connection -> execute(connection, sql, values), deadline);
    }

    private static int execute(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, values);
            return statement.executeUpdate();
        }
    }

    private static int count(Connection connection, String sql, String value) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            if (value != null) {
                statement.setString(1, value);
            }
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                return row.getInt(1);
            }
        }
    }

    /** The first column of every row {@code sql} selects, as text. */
    private static List<String> firstColumn(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, values);
            List<String> found = new ArrayList<>();
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    found.add(row.getString(1));
                }
            }
            return found;
        }
    }

    private static void bind(PreparedStatement statement, Object... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            Object value = values[i];
            switch (value) {
                case null -> statement.setNull(i + 1, java.sql.Types.BIGINT);
                case String text -> statement.setString(i + 1, text);
                case Integer number -> statement.setInt(i + 1, number);
                case Long number -> statement.setLong(i + 1, number);
                default -> throw new IllegalArgumentException("no binding for " + value.getClass());
            }
        }
    }
}
