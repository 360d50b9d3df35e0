package in.results.grading;

import in.results.scrape.SubjectResult;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

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

    /** A semester's final rows and the grading they were merged on. */
    public record GradedRows(Collection<SubjectResult> rows, Grading grading) {
        public GradedRows {
            rows = List.copyOf(rows);
            Objects.requireNonNull(grading, "grading");
        }
    }

    /**
     * Overall GPA over the final rows of all semesters that carry a pass grade, each semester's rows with points on
     * its own grading (its pages' legend over the known scale), so that it agrees with the SGPAs: rows with a fail
     * grade are left out (they show 0 credits earned anyway), so a backlog does not hide the rest of the record. Not
     * computed, with that semester's note, when a semester has no grade points (its SGPA is not computed either).
     */
    public static Sgpa overallGpaOf(List<GradedRows> semesters) {
        BigDecimal weighted = BigDecimal.ZERO;
        BigDecimal credits = BigDecimal.ZERO;
        for (GradedRows semester : semesters) {
            if (!(semester.grading() instanceof Grading.Scaled(GradeScale scale))) {
                return new Sgpa.NotComputed(((Grading.Unscaled) semester.grading()).note());
            }
            for (SubjectResult row : semester.rows()) {
                if (!GradeScale.isFail(row.grade())) {
                    weighted = weighted.add(creditsOf(row).multiply(BigDecimal.valueOf(scale.pointsOf(row.grade()))));
                    credits = credits.add(creditsOf(row));
                }
            }
        }
        return new Sgpa.Awarded(averageOf(weighted, credits));
    }

    private static BigDecimal weightedAverage(Collection<SubjectResult> rows, GradeScale scale) {
        BigDecimal weighted = BigDecimal.ZERO;
        BigDecimal credits = BigDecimal.ZERO;
        for (SubjectResult row : rows) {
            BigDecimal rowCredits = creditsOf(row);
            weighted = weighted.add(rowCredits.multiply(BigDecimal.valueOf(scale.pointsOf(row.grade()))));
            credits = credits.add(rowCredits);
        }
        return averageOf(weighted, credits);
    }

    /** {@code weighted / credits}, half-up to 2 decimals; 0.00 without credits. */
    private static BigDecimal averageOf(BigDecimal weighted, BigDecimal credits) {
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
