package in.results.simulator.releases;

/**
 * How a release's result page shows the marks table: {@code SEVEN_COLUMN} (code, name, internal,
 * external, total, grade, credits) or the older {@code FOUR_COLUMN} (code, name, grade, credits).
 */
public enum MarksLayout {
    SEVEN_COLUMN,
    FOUR_COLUMN
}
