package in.results.simulator;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * What differs between the regulations the simulated university enrols: the batches and their sections, the
 * syllabus, the regular release a batch sits for each semester, and the details of detention and re-registration.
 * {@link CohortGenerator} runs the same steps for each, each regulation on a random stream of its own.
 */
sealed interface Intake permits R18Intake, R22Intake {

    /** A class of one batch, college and branch; lateral entrants are a section of their own. */
    record Section(int batch, String college, String branch, boolean lateral, int slots) {}

    /**
     * A kind of section offered from {@code fromBatch} on, holding {@code least} to {@code least + spread - 1}
     * roll numbers.
     */
    record Shape(String college, String branch, boolean lateral, int least, int spread, int fromBatch) {}

    /** {@code "R18"}, {@code "R22"}: as titles write it. */
    String regulation();

    List<Integer> batches();

    /** Every section to enrol, in enrolment order; sizes are drawn from {@code random}. */
    List<Section> sections(SplittableRandom random);

    /** Whether students of {@code batch} may be detained: only when a later batch exists to rejoin. */
    boolean mayDetain(int batch);

    /** The last year a detained student completes with their own batch, drawn from {@code random}. */
    int detainedAfterYear(SplittableRandom random);

    /** The regular release {@code batch} sits for semester number {@code semester} (1 = 1-1 … 8 = 4-2). */
    Optional<String> regularCode(int batch, int semester);

    /** Courses of {@code branch} in semester number {@code semester}, sorted by code. */
    List<Subject> subjects(String branch, int semester);

    /** Supplementary releases a regular exam needs after it before a supplementary fate is planned there. */
    int suppliesForAPlannedFate();

    /** Whether a failed course may be re-registered, so that a later attempt carries new internal marks. */
    boolean reRegisters();
}
