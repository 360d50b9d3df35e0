package in.results.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The percentage the report gives B.Tech students (DESIGN §4 "Report figures"): the conversion students and
 * employers commonly use, (CGPA − 0.5) × 10 — not a figure the university publishes for a student. Credits the
 * degree needs are each course's ({@link in.results.catalog.Course#creditsRequired}).
 */
public final class ReportRules {
    /** How the percentage is obtained, for clients to show next to it. */
    public static final String PERCENTAGE_RULE =
            "(CGPA - 0.5) x 10: the commonly used conversion, not an official figure of the university";
    /** What the report says instead where the programme's conversion is not known (every programme but B.Tech). */
    public static final String NO_PERCENTAGE_RULE =
            "no percentage: the CGPA-to-percentage conversion of this programme is not known";

    private static final BigDecimal OFFSET = new BigDecimal("0.5");

    private ReportRules() {}

    /**
     * (CGPA − 0.5) × 10 on the 2-decimal CGPA, with 2 decimals; 0 when the CGPA is below 0.5 (in practice a CGPA of
     * 0: nothing with credits passed yet, since every graded pass is worth at least 5 points).
     */
    public static BigDecimal percentageOf(BigDecimal cgpa) {
        BigDecimal percentage =
                cgpa.setScale(2, RoundingMode.HALF_UP).subtract(OFFSET).multiply(BigDecimal.TEN);
        return percentage.signum() < 0 ? BigDecimal.ZERO.setScale(2) : percentage.setScale(2, RoundingMode.HALF_UP);
    }
}
