package in.results.results;

/**
 * The university could not give an answer and no stale copy was there to serve instead. {@link Kind} tells the
 * HTTP layer whether it was unreachable (503) or answered something unreadable (502).
 */
public final class UpstreamFailure extends RuntimeException {
    /** Why the university gave no answer. */
    public enum Kind { UNAVAILABLE, BAD_RESPONSE }

    private final Kind kind;

    public UpstreamFailure(Kind kind, String detail) {
        super(detail, null, false, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
