package in.results.grading;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The university's grade table. O 10, A+ 9, A 8, B+ 7, B 6, C 5, D 5; F, Ab, {@code -} and P 0.
 * F, Ab and {@code -} (malpractice / withheld) are fails. Any other grade counts 0 points, is not a
 * fail, and is logged once so that a new grade on the university's pages gets noticed.
 */
public final class GradePoints {
    private static final Logger LOG = LoggerFactory.getLogger(GradePoints.class);
    private static final Map<String, Integer> POINTS =
            Map.of("O", 10, "A+", 9, "A", 8, "B+", 7, "B", 6, "C", 5, "D", 5, "F", 0, "AB", 0, "-", 0);
    private static final Set<String> FAILS = Set.of("F", "AB", "-");
    private static final Set<String> REPORTED_UNKNOWN = ConcurrentHashMap.newKeySet();

    private GradePoints() {}

    /** Points of a grade as the page shows it (case-insensitive, trimmed). */
    public static int pointsOf(String grade) {
        String key = normalised(grade);
        Integer points = POINTS.get(key);
        if (points != null) {
            return points;
        }
        if (!"P".equals(key) && REPORTED_UNKNOWN.add(key)) {
            LOG.warn("unknown grade '{}' counted as 0 points and not a fail", grade);
        }
        return 0;
    }

    /** Whether a grade means the subject was not passed (F, Ab, {@code -}). */
    public static boolean isFail(String grade) {
        return FAILS.contains(normalised(grade));
    }

    private static String normalised(String grade) {
        return grade.strip().toUpperCase(java.util.Locale.ROOT);
    }
}
