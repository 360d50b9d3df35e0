package in.results.alerts;

import java.util.Objects;

/**
 * A URL given by a stranger that the service will not send to. {@link #field()} names the request field it came in
 * (such as {@code webhook_url}); {@link #getMessage()} is a rule that reads after the field's name and is safe to show
 * to the client ("must be an http or https URL"): it never repeats the URL or the addresses its host resolves to.
 * {@link #code()} is the error code the client is answered with.
 */
public final class TargetRejected extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The code of a malformed URL or a forbidden address. */
    public static final String INVALID_PARAMETER = "INVALID_PARAMETER";
    /** The code of a push endpoint that is not on a listed push service (or not https). */
    public static final String PUSH_SERVICE_NOT_ALLOWED = "PUSH_SERVICE_NOT_ALLOWED";

    private final String field;
    private final String code;

    TargetRejected(String field, String rule) {
        this(field, rule, INVALID_PARAMETER);
    }

    TargetRejected(String field, String rule, String code) {
        // An answer to bad input, not a fault: no stack trace to fill.
        super(rule, null, false, false);
        this.field = Objects.requireNonNull(field);
        this.code = Objects.requireNonNull(code);
    }

    /** {@link #INVALID_PARAMETER} or {@link #PUSH_SERVICE_NOT_ALLOWED}. */
    public String code() {
        return code;
    }

    /** The request field that held the URL. */
    public String field() {
        return field;
    }
}
