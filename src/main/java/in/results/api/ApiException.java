package in.results.api;

/**
 * A client-facing error with its HTTP status and its {@code UPPER_SNAKE} code (the {@code "code"} of the error body).
 * The message is shown to clients.
 */
final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String code;
    private final long retryAfterSeconds;

    private ApiException(int status, String code, String message) {
        this(status, code, message, 0);
    }

    private ApiException(int status, String code, String message, long retryAfterSeconds) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    static ApiException invalidParameter(String parameter, String rule) {
        return new ApiException(400, "INVALID_PARAMETER", "Parameter '" + parameter + "' " + rule + ".");
    }

    static ApiException missingParameter(String parameter) {
        return invalidParameter(parameter, "is required");
    }

    static ApiException notFound() {
        return new ApiException(404, "NOT_FOUND", ErrorMapper.NO_SUCH_ENDPOINT);
    }

    static ApiException tooLarge(String message) {
        return new ApiException(414, "REQUEST_TOO_LARGE", message);
    }

    static ApiException bodyTooLarge(int mostBytes) {
        return new ApiException(413, "PAYLOAD_TOO_LARGE", "The request body is larger than " + mostBytes + " bytes.");
    }

    static ApiException unsupportedMediaType() {
        return new ApiException(
                415, "UNSUPPORTED_MEDIA_TYPE", "The request body must be JSON: Content-Type: application/json.");
    }

    static ApiException originNotAllowed() {
        return originNotAllowed("Pages of this origin may not subscribe or unsubscribe through this service.");
    }

    static ApiException originNotAllowed(String message) {
        return new ApiException(403, "ORIGIN_NOT_ALLOWED", message);
    }

    static ApiException unauthorized() {
        return new ApiException(
                401, "UNAUTHORIZED", "This request needs the subscription's secret: Authorization: Bearer <secret>.");
    }

    static ApiException noSuchSubscription() {
        return new ApiException(404, "NOT_FOUND", "No such subscription, or not with this token or key.");
    }

    static ApiException limitReached(String message, long retryAfterSeconds) {
        return new ApiException(429, "RATE_LIMITED", message, retryAfterSeconds);
    }

    static ApiException rateLimited(long retryAfterSeconds) {
        return new ApiException(
                429,
                "RATE_LIMITED",
                "Too many requests from this client; retry after " + retryAfterSeconds + " seconds.",
                retryAfterSeconds);
    }

    static ApiException tooManyJobs() {
        return new ApiException(
                429,
                "RATE_LIMITED",
                "Too many bulk jobs are running; please retry later.",
                ErrorMapper.RETRY_AFTER_SECONDS);
    }

    /** The readiness probe's answer while the instance starts ({@link Readiness}). */
    static ApiException starting(String message) {
        return new ApiException(503, "STARTING", message, 5);
    }

    int status() {
        return status;
    }

    String code() {
        return code;
    }

    /** Seconds for a {@code Retry-After} header, or 0 for none. */
    long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
