package in.results.simulator.cohort;

/** Situations the service must get right; {@link CohortCases} finds students in each. */
public enum EdgeCase {
    /** Failed a subject in a regular exam and cleared it in the first supplementary attempt. */
    SUPPLY_CLEARED_FIRST_TRY,
    /** Failed a subject, failed the first supplementary, cleared it in the second. */
    SUPPLY_CLEARED_SECOND_TRY,
    /** Failed a subject in the regular exam and in every supplementary attempt made. */
    SUPPLY_NEVER_CLEARED,
    /** A row graded {@code Ab} (external {@code -1}). */
    ABSENT,
    /** A withheld row: every mark {@code -}. */
    MALPRACTICE,
    /** A passed 0-credit mandatory course (credits column {@code 0}). */
    ZERO_CREDIT_COURSE,
    /** An RC/RV row that reads {@code Change in Grade}. */
    RCRV_RAISED,
    /** An RC/RV row that reads {@code No Change}. */
    RCRV_UNCHANGED,
    /** Joined in second year: no 1-1 or 1-2 results. */
    LATERAL_ENTRY,
    /** Lost a year and sat later regular exams with the next batch. */
    DETAINED,
    /** Has a result on a four-column page. */
    FOUR_COLUMN,
    /** The university shows this hall ticket no result at all. */
    NO_RESULT
}
