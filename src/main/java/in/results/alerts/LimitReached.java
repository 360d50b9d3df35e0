package in.results.alerts;

/** A subscription limit refuses a new subscription; the message says which, for clients. */
public final class LimitReached extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final long retryAfterSeconds;

    LimitReached(String message, long retryAfterSeconds) {
        super(message, null, false, false);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** When trying again may succeed, in seconds (at least 1). */
    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
