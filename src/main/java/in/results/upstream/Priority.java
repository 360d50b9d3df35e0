package in.results.upstream;

/**
 * Who is waiting for an upstream request, in the order callers take the next token when a host's request budget is
 * scarce: a person waiting for one answer must not queue behind a class-sized bulk job, and a subscriber waiting to be
 * told of a new result goes between the two.
 */
public enum Priority {
    /**
     * A person is waiting for this answer (single lookups, semester and all-semesters lookups, release list), or will
     * be in a moment: results day's read-ahead, due two minutes after it starts, behind the people asking meanwhile.
     */
    INTERACTIVE,
    /**
     * A subscriber is waiting to be told of a new result: after people, before bulk work, and held to a quarter of
     * the request budget ({@link UpstreamClient}) so that a results day's lookups are never starved by alerts.
     */
    ALERT,
    /** Part of a bulk job: progress is polled, a few seconds more do not matter. */
    BULK;

    /** Whether a waiting caller of this priority takes tokens before any of {@code other}. */
    public boolean before(Priority other) {
        return ordinal() < other.ordinal();
    }
}
