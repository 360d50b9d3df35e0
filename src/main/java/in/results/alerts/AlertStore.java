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
import java.util.Set;

/**
 * The dispatch's records, in the archive's database (SQLite or PostgreSQL, the same SQL): leases, the releases seen
 * and how far each one's dispatch got, the events of new results, their deliveries and kept settings. Every method runs
 * now through {@link Archive#run} within {@code deadline} (or the database's own bound) and throws
 * {@link in.results.archive.DatabaseUnavailable} when the database does not answer; nothing is queued. Writes that two
 * instances may make at once are idempotent (keyed inserts that ignore a conflict, conditional updates).
 */
public final class AlertStore {
    /** How recent a person's lookup of a student must be for their open live page to count as watching them. */
    static final Duration LOOKED_UP_WITHIN = Duration.ofMinutes(10);

    private final Archive database;

    public AlertStore(Archive database) {
        this.database = database;
    }

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
                    boolean first = Sql.count(connection, "SELECT COUNT(*) FROM alert_releases") == 0;
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
                            Sql.count(connection, "SELECT COUNT(*) FROM alert_releases"),
                            Sql.firstColumn(
                                    connection,
                                    "SELECT release_name FROM alert_releases WHERE dispatched_at IS NULL"
                                            + " ORDER BY listed_at, release_name"));
                },
                deadline);
    }

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
                    for (String hallTicket : Sql.firstColumn(
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
                    Sql.execute(
                            connection,
                            "UPDATE alert_releases SET dispatched_at = ? WHERE release_name = ?",
                            now.toEpochMilli(),
                            release);
                    Sql.execute(connection, "DELETE FROM alert_checks WHERE release_name = ?", release);
                    return null;
                },
                deadline);
    }

    private static void addEvent(Connection connection, StudentEvent event) throws SQLException {
        int added = Sql.execute(
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
        for (String subscription : Sql.firstColumn(
                connection,
                "SELECT id FROM subscriptions WHERE hall_ticket = ? AND status = 'active'",
                event.hallTicket().value())) {
            Sql.execute(
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
                                Subscription subscription = SubscriptionStore.subscriptionOf(row, 3);
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
                        if (Sql.execute(
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

    /** Gives back the claim of delivery {@code id}, due again at {@code due}; its attempts stay as they were. */
    public void putBack(String id, Instant due, Deadline deadline) {
        update("UPDATE deliveries SET claimed_until = 0, due_at = ? WHERE id = ?", deadline, due.toEpochMilli(), id);
    }

    /** A delivered attempt ends the subscription's run of failures. */
    private static final String DELIVERED_ATTEMPT = "UPDATE subscriptions SET last_delivery_at = ?,"
            + " last_delivery_status = ?, failing_since = NULL WHERE id = ?";
    /** A failed attempt starts a run of failures, or continues one (its start stays). */
    private static final String FAILED_ATTEMPT = "UPDATE subscriptions SET last_delivery_at = ?,"
            + " last_delivery_status = ?, failing_since = COALESCE(failing_since, ?) WHERE id = ?";

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
                    Sql.execute(
                            connection,
                            "UPDATE deliveries SET attempts = attempts + 1, due_at = ?, claimed_until = 0,"
                                    + " last_status = ?, delivered_at = ? WHERE id = ?",
                            due == null ? null : due.toEpochMilli(),
                            status,
                            deliveredAt == null ? null : deliveredAt.toEpochMilli(),
                            id);
                    if (deliveredAt == null) {
                        Sql.execute(
                                connection, FAILED_ATTEMPT, at.toEpochMilli(), status, at.toEpochMilli(), subscription);
                    } else {
                        Sql.execute(connection, DELIVERED_ATTEMPT, at.toEpochMilli(), status, subscription);
                    }
                    return null;
                },
                deadline);
    }

    // ---- settings

    /** The kept setting {@code name}, or {@code value} kept now when there is none (the first instance's wins). */
    public String settingOr(String name, String value, Deadline deadline) {
        return database.run(
                connection -> {
                    Sql.execute(
                            connection,
                            "INSERT INTO service_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                            name,
                            value);
                    return Sql.firstColumn(connection, "SELECT value FROM service_settings WHERE name = ?", name)
                            .getFirst();
                },
                deadline);
    }

    private int update(String sql, Deadline deadline, Object... values) {
        return database.run(connection -> Sql.execute(connection, sql, values), deadline);
    }
}
