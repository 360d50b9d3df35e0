package in.results.config;

/** Which simulated university {@code --demo} starts, if any. */
public enum DemoWorld {
    /** No demo: the configured upstream. */
    NONE,
    /** {@code --demo}: the simulator's default world, B.Tech students of R18, R22 and R25. */
    SYNTHETIC,
    /**
     * {@code --demo --real-list}: the university's real release list of 27 March 2025, with students of every
     * programme (B.Tech, B.Pharmacy, M.Tech, MBA, MCA, M.Pharmacy) and minor degrees.
     */
    REAL_LIST
}
