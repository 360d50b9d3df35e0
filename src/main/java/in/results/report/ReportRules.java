package in.results.report;

import in.results.core.HallTicket;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The one place for the numbers the report rests on (DESIGN §4 "Report figures"). JNTUH B.Tech (R18 and R22)
 * awards the degree for 160 credits; a lateral-entry student (fifth hall-ticket character {@code 5}) joins in the
 * second year and needs 123. The percentage is the conversion students and employers commonly use,
 * (CGPA − 0.5) × 10 — not a figure the university publishes for a student.
 */
public final class ReportRules {
    /** Credits a regular-entry B.Tech student needs for the degree. */
    public static final int REQUIRED_CREDITS = 160;
    /** Credits a lateral-entry B.Tech student (joined in the second year) needs for the degree. */
    public static final int LATERAL_ENTRY_REQUIRED_CREDITS = 123;
    /** How the percentage is obtained, for clients to show next to it. */
    public static final String PERCENTAGE_RULE =
            "(CGPA - 0.5) x 10: the commonly used conversion, not an official figure of the university";

    private static final BigDecimal OFFSET = new BigDecimal("0.5");

    private ReportRules() {}

    /** Credits the degree needs for this hall ticket's kind of entry. */
    public static int requiredCredits(HallTicket hallTicket) {
        return hallTicket.isLateralEntry() ? LATERAL_ENTRY_REQUIRED_CREDITS : REQUIRED_CREDITS;
    }

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
