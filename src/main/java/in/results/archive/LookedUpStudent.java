package in.results.archive;

import in.results.core.HallTicket;
import java.util.Objects;

/** A student whose all-semesters lookup in {@code regulation} completed, with the releases it knew. */
public record LookedUpStudent(HallTicket hallTicket, String regulation, SeenReleases seen) {
    public LookedUpStudent {
        Objects.requireNonNull(hallTicket, "hallTicket");
        Objects.requireNonNull(regulation, "regulation");
        Objects.requireNonNull(seen, "seen");
    }
}
