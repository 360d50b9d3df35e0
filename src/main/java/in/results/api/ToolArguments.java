package in.results.api;

import in.results.core.ExamQuery;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * The arguments of one tool call, read as the HTTP API reads query parameters: each is text (a number is taken as
 * its text), {@code ""} when absent, and the checks with their messages are those of {@link Params}.
 */
record ToolArguments(Map<String, Object> values) {
    ToolArguments {
        // Not Map.copyOf: a client may send an argument as null, which reads as absent.
        values = values == null ? Map.of() : Collections.unmodifiableMap(new HashMap<>(values));
    }

    /** The argument as text, stripped; {@code ""} when absent; 400 {@code INVALID_PARAMETER} when not text. */
    String text(String name) {
        Object value = values.get(name);
        return switch (value) {
            case null -> "";
            case String string -> string.strip();
            case Number number -> new BigDecimal(number.toString()).toPlainString();
            default -> throw ApiException.invalidParameter(name, "must be a string");
        };
    }

    /** The argument as text, or {@code null} when absent. */
    String textOrNull(String name) {
        return values.get(name) == null ? null : text(name);
    }

    /** The release named by the link parameters {@code degree}, {@code examCode}, {@code etype}, … as /api reads them. */
    ExamQuery exam() {
        return ExamRoutes.examQuery(
                text("degree"), text("examCode"), text("etype"), text("type"), text("result"), text("grad"));
    }
}
