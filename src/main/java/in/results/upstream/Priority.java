package in.results.upstream;

/**
 * Who is waiting for an upstream request. When a host's request budget is scarce, an {@link #INTERACTIVE} request
 * takes the next token before any waiting {@link #BULK} request: a person waiting for one answer must not queue
 * behind a class-sized bulk job.
 */
public enum Priority {
    /** A person is waiting for this answer (single lookups, semester and all-semesters lookups, release list). */
    INTERACTIVE,
    /** Part of a bulk job: progress is polled, a few seconds more do not matter. */
    BULK
}
