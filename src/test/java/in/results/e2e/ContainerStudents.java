package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import java.util.List;
import java.util.stream.StreamSupport;

/**
 * The students the container tests look up: those of the simulated university the image's demo and the fleet's
 * simulator container serve ({@link Cohort#DEFAULT_SEED}), with the answer each must get, derived from the cohort.
 */
final class ContainerStudents {
    static final Cohort COHORT = Cohort.generate(Cohort.DEFAULT_SEED);

    private ContainerStudents() {}

    /** The first {@code count} students with results. */
    static List<Student> withResults(int count) {
        return COHORT.students().stream()
                .filter(student -> !student.results().isEmpty())
                .limit(count)
                .toList();
    }

    /** {@code /api} for the student's first exam. */
    static String examQuery(Student student) {
        return ExamQueries.firstExam(COHORT, student);
    }

    /** The answer names the student as the university's pages do. */
    static void assertNames(JsonNode answer, Student student) {
        JsonNode details = StreamSupport.stream(answer.spliterator(), false)
                .filter(part -> part.has("HTNO"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no student details in " + answer));
        assertThat(details).isEqualTo(Expected.details(student));
    }
}
