package in.results.e2e;

import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;

/** Lookups the end-to-end tests ask, built from a simulated cohort. */
final class ExamQueries {
    private ExamQueries() {}

    /** {@code /api} for {@code student}'s first exam, with the exam's own link parameters. */
    static String firstExam(Cohort cohort, Student student) {
        String code = student.results().keySet().iterator().next();
        StringBuilder query = new StringBuilder("/api?hallticket=" + student.hallTicket());
        cohort.exam(code)
                .orElseThrow()
                .linkParams()
                .forEach((key, value) ->
                        query.append('&').append(key).append('=').append(value));
        return query.toString();
    }
}
