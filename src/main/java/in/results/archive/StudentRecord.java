package in.results.archive;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the archive holds of one hall ticket: every kept answer, and the listed releases that the last complete
 * all-semesters lookup in the regulation asked about knew; both empty for a student never looked up, or when the
 * archive could not be read in time.
 */
public record StudentRecord(Map<PageKey, ArchivedAnswer> pages, SeenReleases seen) {
    public StudentRecord {
        pages = Map.copyOf(pages);
        Objects.requireNonNull(seen, "seen");
    }

    /** Nothing kept. */
    public static StudentRecord empty() {
        return new StudentRecord(Map.of(), SeenReleases.NONE);
    }

    /** The answer kept for {@code key}. */
    public Optional<ArchivedAnswer> page(PageKey key) {
        return Optional.ofNullable(pages.get(key));
    }
}
