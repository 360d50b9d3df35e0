package in.results.core;

import java.time.Duration;

/**
 * The one failure of a lookup, with its {@link Kind}. Thrown by the lookups, the answer store and the bulk jobs;
 * turned into an HTTP answer in one place by the API. The message is for logs, not for clients.
 */
public final class LookupFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Why there is no answer. */
    public enum Kind {
        /** The university has no result for what was asked (404). */
        NO_RESULT,
        /** The university did not answer in time, or not at all, and no stale copy was there (503). */
        UNAVAILABLE,
        /** The university answered with a page that could not be read (502). */
        UNREADABLE
    }

    private final Kind kind;
    private final Duration retryAfter;

    private LookupFailure(Kind kind, String message, Duration retryAfter) {
        super(message, null, false, false);
        this.kind = kind;
        this.retryAfter = retryAfter;
    }

    public static LookupFailure noResult(String message) {
        return new LookupFailure(Kind.NO_RESULT, message, Duration.ZERO);
    }

    public static LookupFailure unavailable(String message) {
        return new LookupFailure(Kind.UNAVAILABLE, message, Duration.ZERO);
    }

    public static LookupFailure unreadable(String message) {
        return new LookupFailure(Kind.UNREADABLE, message, Duration.ZERO);
    }

    /**
     * This failure, saying when asking again should find the answer: a caller stopped waiting while the lookup goes
     * on, and the lookup ends (its answer stored) within {@code retryAfter}.
     */
    public LookupFailure withRetryAfter(Duration retryAfter) {
        return new LookupFailure(kind, getMessage(), retryAfter);
    }

    public Kind kind() {
        return kind;
    }

    /** When asking again should find the answer; {@link Duration#ZERO} when not known. */
    public Duration retryAfter() {
        return retryAfter;
    }
}
