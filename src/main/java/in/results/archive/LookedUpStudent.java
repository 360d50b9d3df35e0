package in.results.archive;

import in.results.core.HallTicket;
import java.util.Objects;
import java.util.Set;

/**
 * A student whose all-semesters lookup in {@code regulation} completed, with the releases it knew as the archive keeps
 * them ({@link SeenReleases#text}): read without building the set, since a scan reads thousands of them.
 */
public record LookedUpStudent(HallTicket hallTicket, String regulation, String seenText) {
    public LookedUpStudent {
        Objects.requireNonNull(hallTicket, "hallTicket");
        Objects.requireNonNull(regulation, "regulation");
        Objects.requireNonNull(seenText, "seenText");
    }

    /** Whether the lookup knew every release of {@code names} ({@link SeenReleases#nameOf}). */
    public boolean knewAll(Set<String> names) {
        return SeenReleases.textNamesAll(seenText, names);
    }
}
