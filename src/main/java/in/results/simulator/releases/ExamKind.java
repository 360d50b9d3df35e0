package in.results.simulator.releases;

/** Which sitting a release belongs to, as its title says. */
public enum ExamKind {
    REGULAR,
    SUPPLEMENTARY,
    ADVANCED_SUPPLEMENTARY
}
