package in.results.api;

import in.results.catalog.Course;
import in.results.catalog.StudentCourse;
import in.results.core.HallTicket;
import in.results.core.LookupFailure;
import io.javalin.http.Context;
import java.util.regex.Pattern;

/**
 * Reads and checks request parameters. Each check names the parameter and its rule, never echoes the value.
 * Only documented characters pass, so nothing a client sends can reach the university's URL unencoded.
 */
final class Params {
    private static final Pattern EXAM_CODE = Pattern.compile("[0-9]{1,6}");
    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9]{0,20}");
    private static final Pattern DOB = Pattern.compile("\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])");

    private Params() {}

    private static final Pattern NAME = Pattern.compile("[A-Za-z_]{1,20}");

    /** A parameter name fit to repeat in an error message: known shapes only, never arbitrary client text. */
    static String safeName(String name) {
        return NAME.matcher(name).matches() ? name : "(unnamed)";
    }

    /** The query parameter, or "" when absent. */
    static String query(Context ctx, String name) {
        String value = ctx.queryParam(name);
        return value == null ? "" : value.strip();
    }

    /** The first present of several spellings of one query parameter (e.g. {@code eType} and {@code etype}). */
    static String query(Context ctx, String name, String alias) {
        String value = query(ctx, name);
        return value.isEmpty() ? query(ctx, alias) : value;
    }

    static HallTicket hallTicket(String name, String raw) {
        if (raw.isEmpty()) {
            throw ApiException.missingParameter(name);
        }
        if (!HallTicket.isValid(raw)) {
            throw ApiException.invalidParameter(name, "must be 10 letters and digits");
        }
        return new HallTicket(raw);
    }

    static String examCode(String name, String raw) {
        if (raw.isEmpty()) {
            throw ApiException.missingParameter(name);
        }
        if (!EXAM_CODE.matcher(raw).matches()) {
            throw ApiException.invalidParameter(name, "must be 1 to 6 digits");
        }
        return raw;
    }

    /** An optional upstream word such as {@code degree}, {@code etype}, {@code type}, {@code result}. */
    static String word(String name, String raw) {
        if (!WORD.matcher(raw).matches()) {
            throw ApiException.invalidParameter(name, "must be at most 20 letters and digits");
        }
        return raw;
    }

    /** Whether {@code raw} is a date written {@code YYYY-MM-DD}. */
    static boolean isDob(String raw) {
        return DOB.matcher(raw).matches();
    }

    /**
     * A date of birth in {@code YYYY-MM-DD}: required on the semester endpoints ({@code /result},
     * {@code /<hallticket>/<dob>/<year>}, {@code /calculate/…}); optional and unchecked elsewhere.
     */
    static String dob(String name, String raw) {
        if (raw.isEmpty()) {
            throw ApiException.missingParameter(name);
        }
        if (!isDob(raw)) {
            throw ApiException.invalidParameter(name, "must be a date written YYYY-MM-DD");
        }
        return raw;
    }

    /**
     * The course (programme and regulation) a hall ticket names: 400 when its admission year, entry or programme
     * letter cannot be read, 404 {@code RESULT_NOT_FOUND} naming the reason when it is readable but of a batch before
     * the programme's first served regulation.
     */
    static Course courseOf(String name, HallTicket hallTicket) {
        return switch (StudentCourse.of(hallTicket)) {
            case StudentCourse.Served served -> served.course();
            case StudentCourse.Unreadable unreadable -> throw ApiException.invalidParameter(name, unreadable.rule());
            case StudentCourse.NotServed notServed -> throw LookupFailure.noResult(notServed.reason());
        };
    }
}
