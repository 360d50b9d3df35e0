package in.results.archive;

/**
 * The service's database did not answer within its bound (or its schema is not in place yet): thrown by
 * {@link Archive#run}, for callers that cannot answer without it (subscriptions), never by the archive's own reads.
 */
public final class DatabaseUnavailable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    DatabaseUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
