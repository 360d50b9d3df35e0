package in.results.simulator.cohort;

import java.util.Objects;

/**
 * One student in one {@link EdgeCase}. {@code examCode} is the release that shows the case (for
 * supplementary cases, the release where the subject was last written; for RC/RV cases, the exam
 * whose RC/RV page shows it) and {@code subjectCode} the row concerned; either is {@code ""} where
 * the case is about the student as a whole.
 */
public record CaseExample(EdgeCase edgeCase, String hallTicket, String examCode, String subjectCode) {
    public CaseExample {
        Objects.requireNonNull(edgeCase, "edgeCase");
        Objects.requireNonNull(hallTicket, "hallTicket");
        Objects.requireNonNull(examCode, "examCode");
        Objects.requireNonNull(subjectCode, "subjectCode");
    }
}
