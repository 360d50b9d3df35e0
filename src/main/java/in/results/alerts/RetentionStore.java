package in.results.alerts;

import in.results.archive.Archive;
import in.results.core.Deadline;
import java.time.Instant;

/**
 * The deletes that keep the alerts' tables bounded, in the archive's database (SQLite or PostgreSQL, the same SQL).
 * Each deletes at most {@code most} rows, oldest first, in one transaction through {@link Archive#run} within
 * {@code deadline}, and throws {@link in.results.archive.DatabaseUnavailable} when the database does not answer.
 */
final class RetentionStore {
    /**
     * Finished deliveries made before a time: delivered or given up (no attempt due), or of a subscription that no
     * longer exists (an operator's {@code DELETE FROM subscriptions} leaves its deliveries due forever: nothing sends
     * them, as sending joins the subscription).
     */
    private static final String DELETE_DELIVERIES = "DELETE FROM deliveries WHERE id IN (SELECT d.id FROM deliveries d"
            + " WHERE d.created_at < ? AND (d.due_at IS NULL"
            + " OR NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = d.subscription_id))"
            + " ORDER BY d.created_at LIMIT ?)";

    /** Events made before a time that no delivery still waits to tell (it reads the event when it is sent). */
    private static final String DELETE_EVENTS = "DELETE FROM student_events WHERE (hall_ticket, page) IN"
            + " (SELECT e.hall_ticket, e.page FROM student_events e WHERE e.created_at < ?"
            + " AND NOT EXISTS (SELECT 1 FROM deliveries d"
            + " WHERE d.hall_ticket = e.hall_ticket AND d.page = e.page AND d.due_at IS NOT NULL)"
            + " ORDER BY e.created_at LIMIT ?)";

    private final Archive database;

    RetentionStore(Archive database) {
        this.database = database;
    }

    /** Deletes up to {@code most} finished deliveries made before {@code before}; how many it deleted. */
    int deleteFinishedDeliveries(Instant before, int most, Deadline deadline) {
        return delete(DELETE_DELIVERIES, before, most, deadline);
    }

    /** Deletes up to {@code most} events made before {@code before} that no delivery waits for; how many. */
    int deleteToldEvents(Instant before, int most, Deadline deadline) {
        return delete(DELETE_EVENTS, before, most, deadline);
    }

    private int delete(String sql, Instant before, int most, Deadline deadline) {
        return database.run(connection -> Sql.execute(connection, sql, before.toEpochMilli(), most), deadline);
    }
}
