package in.results.results;

/** The university has no result for what was asked. */
public final class ResultNotFound extends RuntimeException {
    public ResultNotFound(String message) {
        super(message, null, false, false);
    }
}
