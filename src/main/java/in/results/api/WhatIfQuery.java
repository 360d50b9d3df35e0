package in.results.api;

import in.results.catalog.Course;
import in.results.grading.GradeScale;
import io.javalin.http.Context;
import java.math.BigDecimal;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The report's what-if parameters, read and checked before anything is looked up: {@code target_cgpa} (0 to 10) and
 * {@code if}, up to {@link #MOST_PAIRS} {@code CODE:GRADE} pairs separated by commas, each grade a pass on the
 * programme's scale. A {@code +} in {@code if} is a plus ({@code A+}), whether or not it is written {@code %2B}.
 *
 * @param grades subject code (upper case) → grade (upper case), in the order given
 */
record WhatIfQuery(Optional<BigDecimal> targetCgpa, Map<String, String> grades) {
    static final String TARGET = "target_cgpa";
    static final String IF = "if";
    static final int MOST_PAIRS = 20;
    /** 20 pairs of a 10-character code, a colon, a 2-letter grade, and the commas between them. */
    static final int IF_MAX_LENGTH = MOST_PAIRS * 14 - 1;

    private static final Pattern PAIR = Pattern.compile("([A-Z0-9]{1,10}):([A-Z]{1,2}\\+?)");
    private static final Pattern DECIMAL = Pattern.compile("\\d{1,2}(\\.\\d{1,2})?");

    /** The parameters of {@code ctx} for a student of {@code course}. */
    static WhatIfQuery of(Context ctx, Course course) {
        return of(ctx.queryParam(TARGET), rawIf(ctx).orElse(null), course);
    }

    /**
     * The parameters' values as given, {@code null} when absent (a {@code +} is a plus), for a student of
     * {@code course}.
     */
    static WhatIfQuery of(String target, String grades, Course course) {
        return new WhatIfQuery(
                Optional.ofNullable(target).map(WhatIfQuery::target),
                Optional.ofNullable(grades).map(raw -> grades(raw, course)).orElse(Map.of()));
    }

    private static BigDecimal target(String raw) {
        BigDecimal value = DECIMAL.matcher(raw.strip()).matches() ? new BigDecimal(raw.strip()) : null;
        if (value == null || value.compareTo(BigDecimal.TEN) > 0) {
            throw ApiException.invalidParameter(TARGET, "must be a CGPA from 0 to 10, such as 8 or 7.5");
        }
        return value;
    }

    /** The grade scale of {@code course}'s programme; a 400 naming {@code parameter} where it is not known. */
    static GradeScale scaleOf(Course course, String parameter) {
        return GradeScale.known(course.degree(), course.regulation().code())
                .orElseThrow(() -> unknownScale(course, parameter));
    }

    private static ApiException unknownScale(Course course, String parameter) {
        return ApiException.invalidParameter(
                parameter,
                "cannot be used for " + course.degree().displayName() + " "
                        + course.regulation().code() + ": its grade points are not known");
    }

    private static Map<String, String> grades(String raw, Course course) {
        List<String> passes = GradeScale.passGrades(
                        course.degree(), course.regulation().code())
                .orElseThrow(() -> unknownScale(course, IF));
        String[] pairs = raw.strip().toUpperCase(Locale.ROOT).split(",", -1);
        if (pairs.length > MOST_PAIRS) {
            throw ApiException.invalidParameter(IF, "takes at most " + MOST_PAIRS + " subjects");
        }
        Map<String, String> grades = new LinkedHashMap<>();
        for (String pair : pairs) {
            Matcher matcher = PAIR.matcher(pair.strip());
            if (!matcher.matches()) {
                throw ApiException.invalidParameter(
                        IF, "must be SUBJECT:GRADE pairs separated by commas, such as 153AK:B,154AX:A+");
            }
            String code = matcher.group(1);
            String grade = matcher.group(2);
            if (!passes.contains(grade)) {
                throw ApiException.invalidParameter(
                        IF,
                        "grade '" + grade + "' of " + code + " is not a pass grade of the scale: "
                                + String.join(", ", passes));
            }
            if (grades.put(code, grade) != null) {
                throw ApiException.invalidParameter(IF, "names " + code + " twice");
            }
        }
        return grades;
    }

    /**
     * The {@code if} parameter with a {@code +} kept as a plus: form decoding, as {@link Context#queryParam} does,
     * would make {@code A+} an {@code A} and a space.
     */
    private static Optional<String> rawIf(Context ctx) {
        String query = ctx.queryString();
        if (query == null || ctx.queryParam(IF) == null) {
            return Optional.empty();
        }
        for (String part : query.split("&")) {
            if (part.startsWith(IF + "=")) {
                String value = part.substring(IF.length() + 1).replace("+", "%2B");
                try {
                    return Optional.of(URLDecoder.decode(value, StandardCharsets.UTF_8));
                } catch (IllegalArgumentException e) {
                    break;
                }
            }
        }
        throw ApiException.invalidParameter(IF, "is not a readable query parameter");
    }
}
