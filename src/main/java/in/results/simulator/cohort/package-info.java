/**
 * The simulated university's students: the {@link Cohort} tests derive expected answers from, generated from a seed
 * by intakes of each programme and regulation, each student enrolled, given a role and a planned fate, and marked at
 * every sitting of the releases on their syllabus and their programme's scale ({@link Student}, {@link Mark});
 * {@link CohortCases} finds students in each {@link EdgeCase}. Uses the releases; knows nothing of pages or HTTP.
 */
package in.results.simulator.cohort;
