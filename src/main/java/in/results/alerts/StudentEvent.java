package in.results.alerts;

import in.results.core.HallTicket;
import java.time.Instant;
import java.util.Objects;

/**
 * A new result of a student: one page of a newly listed release, as subscribers and live pages are told of it.
 *
 * @param page      the page's name, {@code <degree>/<exam code>/<regular|rcrv>}: one event per student and page
 * @param data      the event's {@code data} object, JSON
 * @param createdAt when the service learned of it: the event's {@code timestamp}, the same on every delivery
 */
public record StudentEvent(HallTicket hallTicket, String page, String data, Instant createdAt) {
    public StudentEvent {
        Objects.requireNonNull(hallTicket, "hallTicket");
        Objects.requireNonNull(page, "page");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    /** The live pages' event id: ordered by time, then page, so that {@code Last-Event-ID} says what came after. */
    public String liveId() {
        return createdAt.toEpochMilli() + "-" + page;
    }
}
