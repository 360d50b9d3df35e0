package in.results.alerts;

import in.results.archive.Archive;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The open live pages, in the archive's database: which students have a page open on which instance, until when, and
 * the events a page is told of. Every method runs now through {@link Archive#run} within {@code deadline}.
 */
public final class LivePageStore {
    private final Archive database;

    public LivePageStore(Archive database) {
        this.database = database;
    }

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
                    Sql.execute(
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
}
