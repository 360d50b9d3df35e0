package in.results.simulator.cohort;

import in.results.simulator.releases.GradeScale;
import java.util.SplittableRandom;

/**
 * Marks one attempt at one subject. Internal marks are awarded once and carried to every later
 * attempt, as the university does; only the external exam is written again.
 */
final class Examiner {

    /** What an attempt must come to; {@code RANDOM} lets the student's ability decide. */
    enum Outcome {
        RANDOM,
        PASS,
        FAIL,
        MID_PASS,
        ABSENT,
        WITHHELD
    }

    private final SplittableRandom random;
    private final GradeScale scale;

    /** An examiner grading on {@code scale}. */
    Examiner(SplittableRandom random, GradeScale scale) {
        this.random = random;
        this.scale = scale;
    }

    /** Internal marks of a student of {@code ability} (0..1). */
    int internal(Subject subject, double ability) {
        double share = subject.internalOnly()
                ? clamp(0.62 + 0.35 * ability + gaussian(0.08), 0.45, 1)
                : clamp(0.45 + 0.5 * ability + gaussian(0.12), 0.2, 1);
        return (int) Math.round(subject.maxInternal() * share);
    }

    Mark mark(Subject subject, int internal, double ability, Outcome outcome) {
        if (outcome == Outcome.ABSENT && !subject.internalOnly()) {
            return new Mark(
                    subject.code(),
                    subject.name(),
                    Integer.toString(internal),
                    "-1",
                    Integer.toString(internal),
                    "Ab",
                    "0",
                    "");
        }
        if (outcome == Outcome.WITHHELD) {
            return new Mark(subject.code(), subject.name(), "-", "-", "-", "-", "0", "");
        }
        int external = subject.internalOnly() ? 0 : external(subject, internal, ability, outcome);
        return scored(subject, internal, external);
    }

    /** A row with these marks; grade and credits follow from the total on the examiner's scale. */
    Mark scored(Subject subject, int internal, int external) {
        int total = internal + external;
        String grade = scale.gradeOf(total, subject.maxTotal());
        String credits = grade.equals(scale.failLetter()) ? "0" : subject.credits();
        return new Mark(
                subject.code(),
                subject.name(),
                Integer.toString(internal),
                Integer.toString(external),
                Integer.toString(total),
                grade,
                credits,
                "");
    }

    private int external(Subject subject, int internal, double ability, Outcome outcome) {
        int max = subject.maxExternal();
        int drawn = (int) Math.round(max * clamp(0.2 + 0.65 * ability + gaussian(0.17), 0, 1));
        int pass = scale.passMark(subject.maxTotal()) - internal;
        return switch (outcome) {
            case PASS -> Math.min(max, Math.max(drawn, pass));
            case FAIL -> Math.max(0, Math.min(drawn, pass - 1 - random.nextInt(8)));
            // Lands in the 50-59 % band, a pass on every scale, leaving room for a revaluation to lift the grade.
            case MID_PASS ->
                Math.min(max, Math.max(0, (52 * subject.maxTotal() + 99) / 100 - internal + random.nextInt(3)));
            case RANDOM, ABSENT, WITHHELD -> drawn;
        };
    }

    private double gaussian(double spread) {
        return random.nextGaussian() * spread;
    }

    private static double clamp(double value, double low, double high) {
        return Math.max(low, Math.min(high, value));
    }
}
