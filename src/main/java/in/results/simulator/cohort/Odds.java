package in.results.simulator.cohort;

/**
 * How often things happen to simulated students, in one place. A chance is compared with one uniform draw in
 * [0, 1); where several outcomes share one draw, a constant ending in {@code _BELOW} is the upper end of its band
 * (the band starts where the previous one ends). Only planned fates are certain; these make the rest of the cohort
 * look like a real class.
 */
final class Odds {

    private Odds() {}

    /** A roll number nobody holds (a seat left empty, or a student who left before the first exam). */
    static final double ROLL_LEFT_UNUSED = 0.06;

    /** Beyond the planned roles, one draw per regular student: no result at all … */
    static final double NO_RESULT_BELOW = 0.007;
    /** … else detained (only in batches that have a next batch to rejoin). */
    static final double DETAINED_BELOW = 0.017;

    /** First attempt at a subject, one draw: absent … */
    static final double ABSENT_FIRST_BELOW = 0.004;
    /** … else withheld for malpractice, else marked by the student's ability. */
    static final double WITHHELD_FIRST_BELOW = 0.0045;

    /** A supplementary attempt: absent … */
    static final double ABSENT_LATER = 0.06;
    /** … else passed with chance {@code PASS_LATER_BASE + PASS_LATER_PER_ABILITY × ability} (ability 0.25..1). */
    static final double PASS_LATER_BASE = 0.35;

    static final double PASS_LATER_PER_ABILITY = 0.45;

    /** A student applies for RC/RV of one or two subjects of a page that shows a fail … */
    static final double REVALUATION_AFTER_A_FAIL = 0.15;
    /** … or of a page without one. */
    static final double REVALUATION_OTHERWISE = 0.05;
    /** An application raises the grade with chance {@code RAISE_BASE + RAISE_PER_ABILITY × ability}. */
    static final double RAISE_BASE = 0.3;

    static final double RAISE_PER_ABILITY = 0.2;

    /**
     * R22 only: a student who failed a course re-registers for it (and is assessed internally again) before the
     * next attempt, with this chance; the later attempt then carries new internal marks.
     */
    static final double RE_REGISTERS = 0.3;

    /** Ability (0.25..1) is {@code ABILITY_FLOOR + ABILITY_SPAN × u^ABILITY_SKEW} for a uniform u: most are middling. */
    static final double ABILITY_FLOOR = 0.25;

    static final double ABILITY_SPAN = 0.75;
    static final double ABILITY_SKEW = 0.7;

    /** Supplementary attempts a student makes at a failed subject before giving up: 2 to 5. */
    static final int SUPPLY_TRIES_LEAST = 2;

    static final int SUPPLY_TRIES_SPREAD = 4;
}
