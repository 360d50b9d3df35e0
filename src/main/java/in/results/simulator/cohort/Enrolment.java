package in.results.simulator.cohort;

/**
 * A student as enrolled, before any exam: identity, section and an ability (0.25..1) that sways their marks.
 * {@code batch} is the year the student's batch entered first year (for lateral entrants too).
 */
record Enrolment(
        String hallTicket,
        String name,
        String fatherName,
        String college,
        String branch,
        int batch,
        boolean lateral,
        double ability) {}
