package in.results.simulator.cohort;

/**
 * What is planned for one enrolled student: nothing at all shown by the university, detention after a year
 * ({@code detainedAfterYear} 0 = never detained), or a {@link FatePlanner.Fate} that forces an edge case.
 */
record Role(boolean noResult, int detainedAfterYear, FatePlanner.Fate fate) {

    static final Role PLAIN = new Role(false, 0, FatePlanner.Fate.NONE);

    static Role withoutResult() {
        return new Role(true, 0, FatePlanner.Fate.NONE);
    }

    static Role detainedAfter(int year) {
        return new Role(false, year, FatePlanner.Fate.NONE);
    }

    static Role fated(FatePlanner.Fate fate) {
        return new Role(false, 0, fate);
    }

    boolean detained() {
        return detainedAfterYear > 0;
    }
}
