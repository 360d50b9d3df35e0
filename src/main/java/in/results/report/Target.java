package in.results.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;
import java.util.Optional;

/**
 * What it takes to finish the degree with a CGPA of at least {@code target} ({@code ?target_cgpa=8}). The CGPA is
 * Σ credits × points / Σ credits over the passed final rows, and at the degree's end every one of its
 * {@code creditsRequired} credits is passed; so with {@code P} points over {@code E} credits now, the
 * {@code R = required − E} credits still to earn need an average of {@code (target × required − P) / R} grade points:
 * the credit-weighted average of the SGPAs to come. It is rounded up to 2 decimals, so that reaching it reaches the
 * target; above 10 the target is unreachable, and the best CGPA still possible is {@code (P + 10 R) / required}.
 *
 * @param creditsToEarn {@code R}: the credits still to earn (0 when every credit is earned)
 * @param averageNeeded the average grade points needed over them; empty when none are left or the target is
 *     unreachable
 * @param bestPossible the CGPA with 10 points in every credit left (the CGPA itself when none are left)
 */
public record Target(
        BigDecimal target,
        Status status,
        BigDecimal creditsToEarn,
        Optional<BigDecimal> averageNeeded,
        BigDecimal bestPossible) {

    /** Whether the target can still be reached. */
    public enum Status {
        /** Reachable with {@link #averageNeeded} over the credits left. */
        REACHABLE("reachable"),
        /** Every credit is earned, and the CGPA is at least the target. */
        REACHED("reached"),
        /** Not even 10 points in every credit left reaches it. */
        UNREACHABLE("unreachable");

        private final String key;

        Status(String key) {
            this.key = key;
        }

        /** As the report writes it. */
        public String key() {
            return key;
        }
    }

    public Target {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(creditsToEarn, "creditsToEarn");
        Objects.requireNonNull(averageNeeded, "averageNeeded");
        Objects.requireNonNull(bestPossible, "bestPossible");
    }

    private static final BigDecimal TOP_POINTS = BigDecimal.TEN;

    /**
     * The target {@code target} for a student with {@code weightedPoints} over {@code creditsEarned} passed credits, of
     * a degree of {@code creditsRequired} credits.
     */
    public static Target of(
            BigDecimal target, BigDecimal weightedPoints, BigDecimal creditsEarned, int creditsRequired) {
        BigDecimal required = BigDecimal.valueOf(creditsRequired);
        BigDecimal left = required.subtract(creditsEarned).max(BigDecimal.ZERO);
        BigDecimal best = weightedPoints
                .add(TOP_POINTS.multiply(left))
                .divide(left.signum() == 0 ? creditsEarned.max(BigDecimal.ONE) : required, 2, RoundingMode.HALF_UP);
        if (left.signum() == 0) {
            return new Target(
                    target,
                    best.compareTo(target) >= 0 ? Status.REACHED : Status.UNREACHABLE,
                    left,
                    Optional.empty(),
                    best);
        }
        BigDecimal needed = target.multiply(required).subtract(weightedPoints).divide(left, 2, RoundingMode.CEILING);
        if (needed.compareTo(TOP_POINTS) > 0) {
            return new Target(target, Status.UNREACHABLE, left, Optional.empty(), best);
        }
        return new Target(target, Status.REACHABLE, left, Optional.of(needed.max(BigDecimal.ZERO.setScale(2))), best);
    }
}
