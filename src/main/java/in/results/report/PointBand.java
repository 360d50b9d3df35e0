package in.results.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Students whose grade point average (an SGPA, a CGPA) is at least {@code from} and below {@code to}; the top band
 * holds 10 too.
 */
public record PointBand(int from, int to, int students) {
    /** Lower limits of the bands: [0, 5), [5, 6), … [8, 9), and [9, 10]. */
    public static final List<Integer> LIMITS = List.of(0, 5, 6, 7, 8, 9);

    /** {@code values} counted in the bands of {@link #LIMITS}, lowest band first. */
    static List<PointBand> distribution(List<BigDecimal> values) {
        int[] counts = new int[LIMITS.size()];
        values.forEach(value -> counts[bandOf(value)]++);
        List<PointBand> bands = new ArrayList<>();
        for (int i = 0; i < counts.length; i++) {
            int to = i + 1 < LIMITS.size() ? LIMITS.get(i + 1) : 10;
            bands.add(new PointBand(LIMITS.get(i), to, counts[i]));
        }
        return bands;
    }

    private static int bandOf(BigDecimal value) {
        for (int i = LIMITS.size() - 1; i > 0; i--) {
            if (value.compareTo(BigDecimal.valueOf(LIMITS.get(i))) >= 0) {
                return i;
            }
        }
        return 0;
    }
}
