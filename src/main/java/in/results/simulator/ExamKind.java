package in.results.simulator;

/** Which sitting a release belongs to, as its title says. */
public enum ExamKind {
    REGULAR,
    SUPPLEMENTARY,
    ADVANCED_SUPPLEMENTARY
}
