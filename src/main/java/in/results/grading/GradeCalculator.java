package in.results.grading;

import in.results.scrape.SubjectResult;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Collection;

/**
 * SGPA and overall GPA: credit-weighted grade points, rounded half-up to 2 decimals. Credits are the page's credits
 * column (credits earned).
 */
public final class GradeCalculator {
    private GradeCalculator() {}

    /** "FAIL" when any row has a fail grade, else Σ(credits × points) / Σ credits (0 when no credits). */
    public static Sgpa sgpaOf(Collection<SubjectResult> rows) {
        if (rows.stream().anyMatch(row -> GradePoints.isFail(row.grade()))) {
            return new Sgpa.Fail();
        }
        return new Sgpa.Awarded(weightedAverage(rows));
    }

    /**
     * Overall GPA over the final rows of all semesters that carry a pass grade: rows with a fail grade are
     * left out (they show 0 credits earned anyway), so a backlog does not hide the rest of the record.
     */
    public static BigDecimal overallGpaOf(Collection<SubjectResult> finalRows) {
        return weightedAverage(finalRows.stream()
                        .filter(row -> !GradePoints.isFail(row.grade()))
                        .toList())
                .setScale(2, RoundingMode.HALF_UP);
    }

    private static BigDecimal weightedAverage(Collection<SubjectResult> rows) {
        BigDecimal weighted = BigDecimal.ZERO;
        BigDecimal credits = BigDecimal.ZERO;
        for (SubjectResult row : rows) {
            BigDecimal rowCredits = creditsOf(row);
            weighted = weighted.add(rowCredits.multiply(BigDecimal.valueOf(GradePoints.pointsOf(row.grade()))));
            credits = credits.add(rowCredits);
        }
        if (credits.signum() == 0) {
            return BigDecimal.ZERO.setScale(2);
        }
        return weighted.divide(credits, 2, RoundingMode.HALF_UP);
    }

    /** Credits as a number; a cell that is not a number (a malpractice row's {@code -}) counts 0. */
    public static BigDecimal creditsOf(SubjectResult row) {
        try {
            return new BigDecimal(row.credits());
        } catch (NumberFormatException e) {
            return BigDecimal.ZERO;
        }
    }
}
