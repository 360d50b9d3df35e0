package in.results.grading;

import in.results.catalog.Degree;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A grade scale: letter grade → grade points. Letters are compared trimmed and upper-cased ({@code "Ab"} is
 * {@code AB}). A grade the scale does not list counts 0 points, is not a fail, and is logged once, so that a new grade
 * on the university's pages gets noticed.
 *
 * <p>Which grades are fails is a rule about letters, the same on every scale: F, Ab and {@code -} (malpractice /
 * withheld). A legend prints points, not pass or fail, and 0 points is also what a pass in a non-credit course (P)
 * earns, so a letter with 0 points is not a fail unless it is one of these.
 *
 * @param points letter (upper case) → points, in the order listed; equality ignores the order
 */
public record GradeScale(Map<String, Integer> points) {
    private static final Logger LOG = LoggerFactory.getLogger(GradeScale.class);
    private static final Set<String> FAILS = Set.of("F", "AB", "-");
    private static final Set<String> REPORTED_UNKNOWN = ConcurrentHashMap.newKeySet();
    private static final Set<String> REPORTED_DISAGREEMENTS = ConcurrentHashMap.newKeySet();

    /**
     * The points every scale starts from, for the letters a page's legend and the programme's known scale do not
     * list: O 10, A+ 9, A 8, B+ 7, B 6, C 5, D 5; F, Ab, {@code -} and P 0.
     */
    static final GradeScale FALLBACK = new GradeScale(KnownScales.letters(
            "O", 10, "A+", 9, "A", 8, "B+", 7, "B", 6, "C", 5, "D", 5, "F", 0, "AB", 0, "-", 0, "P", 0));

    public GradeScale {
        Map<String, Integer> copy = new LinkedHashMap<>();
        points.forEach((letter, value) -> {
            if (!letter.equals(normalised(letter)) || letter.isEmpty()) {
                throw new IllegalArgumentException("a letter must be trimmed upper case: '" + letter + "'");
            }
            copy.put(letter, Objects.requireNonNull(value, letter));
        });
        points = Collections.unmodifiableMap(copy);
    }

    /**
     * The scale the university publishes for {@code degree} in {@code regulation} ({@code "R22"}), over
     * {@link #FALLBACK} for the letters it does not list; empty when the service knows none (an unconfirmed scale is
     * never assumed).
     */
    public static Optional<GradeScale> known(Degree degree, String regulation) {
        return KnownScales.lettersOf(degree, regulation).map(FALLBACK::listing);
    }

    /**
     * The pass letters the university's scale for {@code degree} in {@code regulation} lists, best first (not the
     * fallback's extra letters); empty when the service knows no scale.
     */
    public static Optional<List<String>> passGrades(Degree degree, String regulation) {
        return KnownScales.lettersOf(degree, regulation)
                .map(letters -> letters.keySet().stream()
                        .filter(letter -> !isFail(letter))
                        .toList());
    }

    /**
     * The scale a page is graded on: its legend, over the known scale of {@code degree} and {@code regulation}, over
     * {@link #FALLBACK} for letters neither lists. Without a legend, the known scale; empty when there is neither.
     * A legend that gives a letter other points than the known scale wins, and the difference is logged once per
     * degree, regulation and difference.
     *
     * @param legend letter (upper case) → points as the page prints it; empty when it prints none
     */
    static Optional<GradeScale> forPage(Map<String, Integer> legend, Degree degree, String regulation) {
        Optional<GradeScale> known = known(degree, regulation);
        if (legend.isEmpty()) {
            return known;
        }
        known.ifPresent(scale -> reportDifferences(scale, legend, degree, regulation));
        return Optional.of(known.orElse(FALLBACK).listing(legend));
    }

    /** Points of a grade as the page shows it (case-insensitive, trimmed); 0 for a grade this scale does not list. */
    public int pointsOf(String grade) {
        String key = normalised(grade);
        Integer value = points.get(key);
        if (value != null) {
            return value;
        }
        if (REPORTED_UNKNOWN.add(key)) {
            LOG.warn("unknown grade '{}' counted as 0 points and not a fail", grade);
        }
        return 0;
    }

    /** Whether a grade means the subject was not passed: F, Ab or {@code -}, on every scale. */
    public static boolean isFail(String grade) {
        return FAILS.contains(normalised(grade));
    }

    /** This scale with {@code letters} listed on top: their points replace this scale's. */
    private GradeScale listing(Map<String, Integer> letters) {
        Map<String, Integer> merged = new LinkedHashMap<>(letters);
        points.forEach(merged::putIfAbsent);
        return new GradeScale(merged);
    }

    private static void reportDifferences(
            GradeScale known, Map<String, Integer> legend, Degree degree, String regulation) {
        StringBuilder differences = new StringBuilder();
        legend.forEach((letter, value) -> {
            Integer expected = known.points.get(letter);
            if (!value.equals(expected)) {
                differences
                        .append(differences.isEmpty() ? "" : ", ")
                        .append(letter)
                        .append(' ')
                        .append(value)
                        .append(expected == null ? " (not on the known scale)" : " (known: " + expected + ")");
            }
        });
        if (!differences.isEmpty() && REPORTED_DISAGREEMENTS.add(degree + " " + regulation + ": " + differences)) {
            LOG.warn(
                    "a {} {} page's grade legend disagrees with the known scale, and is used: {}",
                    degree,
                    regulation,
                    differences);
        }
    }

    private static String normalised(String grade) {
        return grade.strip().toUpperCase(Locale.ROOT);
    }
}
