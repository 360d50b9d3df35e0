package in.results.alerts;

import java.util.Objects;

/**
 * A URL given by a stranger that the service will not send to. {@link #field()} names the request field it came in
 * (such as {@code webhook_url}); {@link #getMessage()} is a rule that reads after the field's name and is safe to show
 * to the client ("must be an http or https URL"): it never repeats the URL or the addresses its host resolves to.
 */
public final class TargetRejected extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String field;

    TargetRejected(String field, String rule) {
        // An answer to bad input, not a fault: no stack trace to fill.
        super(rule, null, false, false);
        this.field = Objects.requireNonNull(field);
    }

    /** The request field that held the URL. */
    public String field() {
        return field;
    }
}
