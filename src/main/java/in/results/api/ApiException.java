package in.results.api;

/** A client-facing error with its HTTP status and DESIGN §5 code. The message is shown to clients. */
final class ApiException extends RuntimeException {
    private final int status;
    private final String code;

    private ApiException(int status, String code, String message) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
    }

    static ApiException invalidParameter(String parameter, String rule) {
        return new ApiException(400, "INVALID_PARAMETER", "Parameter '" + parameter + "' " + rule + ".");
    }

    static ApiException missingParameter(String parameter) {
        return invalidParameter(parameter, "is required");
    }

    static ApiException tooManyJobs() {
        return new ApiException(429, "RATE_LIMITED", "Too many bulk jobs are running; please retry later.");
    }

    int status() {
        return status;
    }

    String code() {
        return code;
    }
}
