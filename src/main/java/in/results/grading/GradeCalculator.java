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

    /**
     * {@link Sgpa.Fail} when any row has a fail grade (on every grading); else, on a scale, Σ(credits × points) /
     * Σ credits (0 when no credits); unscaled, {@link Sgpa.NotComputed} with the grading's note.
     */
    public static Sgpa sgpaOf(Collection<SubjectResult> rows, Grading grading) {
        if (rows.stream().anyMatch(row -> GradeScale.isFail(row.grade()))) {
            return new Sgpa.Fail();
        }
        return switch (grading) {
            case Grading.Scaled scaled -> new Sgpa.Awarded(weightedAverage(rows, scaled.scale()));
            case Grading.Unscaled unscaled -> new Sgpa.NotComputed(unscaled.note());
        };
    }

    /**
     * Overall GPA over the final rows of all semesters that carry a pass grade, with points on {@code scale}: rows with
     * a fail grade are left out (they show 0 credits earned anyway), so a backlog does not hide the rest of the record.
     */
    public static BigDecimal overallGpaOf(Collection<SubjectResult> finalRows, GradeScale scale) {
        return weightedAverage(
                        finalRows.stream()
                                .filter(row -> !GradeScale.isFail(row.grade()))
                                .toList(),
                        scale)
                .setScale(2, RoundingMode.HALF_UP);
    }

    private static BigDecimal weightedAverage(Collection<SubjectResult> rows, GradeScale scale) {
        BigDecimal weighted = BigDecimal.ZERO;
        BigDecimal credits = BigDecimal.ZERO;
        for (SubjectResult row : rows) {
            BigDecimal rowCredits = creditsOf(row);
            weighted = weighted.add(rowCredits.multiply(BigDecimal.valueOf(scale.pointsOf(row.grade()))));
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
