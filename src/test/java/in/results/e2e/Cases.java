package in.results.e2e;

import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamKind;
import in.results.simulator.releases.MarksLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/** Finds students of each edge case in the simulator's ground truth, so tests never hard-code hall tickets. */
final class Cases {
    private Cases() {}

    /** One hall ticket in one exam. */
    record Example(String name, Student student, Exam exam) {}

    static Example first(Cohort cohort, String name, BiPredicate<Student, Exam> wanted) {
        for (Student student : cohort.students()) {
            for (Map.Entry<String, List<Mark>> entry : student.results().entrySet()) {
                Exam exam = cohort.exam(entry.getKey()).orElseThrow();
                if (wanted.test(student, exam)) {
                    return new Example(name, student, exam);
                }
            }
        }
        throw new AssertionError("the cohort has no example of: " + name);
    }

    static boolean anyRow(Student student, Exam exam, Predicate<Mark> wanted) {
        return student.results().get(exam.code()).stream().anyMatch(wanted);
    }

    static Example passed(Cohort cohort) {
        return first(
                cohort,
                "all passed, 7 columns",
                (s, e) -> e.layout() == MarksLayout.SEVEN_COLUMN && !anyRow(s, e, m -> Expected.isFail(m.grade())));
    }

    static Example failed(Cohort cohort) {
        return first(cohort, "an F", (s, e) -> anyRow(s, e, m -> m.grade().equals("F")));
    }

    static List<Example> examples(Cohort cohort) {
        List<Example> examples = new ArrayList<>();
        examples.add(passed(cohort));
        examples.add(failed(cohort));
        examples.add(first(
                cohort, "absent", (s, e) -> anyRow(s, e, m -> m.grade().equals("Ab"))));
        examples.add(first(
                cohort, "malpractice", (s, e) -> anyRow(s, e, m -> m.grade().equals("-"))));
        examples.add(first(
                cohort,
                "0-credit course passed",
                (s, e) -> anyRow(s, e, m -> m.credits().equals("0") && !Expected.isFail(m.grade()))));
        examples.add(first(
                cohort,
                "fractional credits",
                (s, e) -> anyRow(s, e, m -> m.credits().contains("."))));
        examples.add(first(cohort, "4-column page", (s, e) -> e.layout() == MarksLayout.FOUR_COLUMN));
        examples.add(first(cohort, "supplementary attempt", (s, e) -> e.kind() == ExamKind.SUPPLEMENTARY));
        examples.add(first(cohort, "lateral entry", (s, e) -> s.lateralEntry()));
        examples.add(first(
                cohort,
                "roll beyond 99",
                (s, e) -> Character.isLetter(s.hallTicket().charAt(8))));
        examples.add(first(
                cohort,
                "college code starting with a digit",
                (s, e) -> Character.isDigit(s.collegeCode().charAt(0))));
        return examples;
    }

    /** A well-formed hall ticket of the cohort's shape that no student has. */
    static String hallTicketWithoutStudent(Cohort cohort) {
        String prefix = cohort.students().get(0).hallTicket().substring(0, 8);
        for (int roll = 1; roll <= 99; roll++) {
            String candidate = prefix + String.format("%02d", roll);
            if (cohort.student(candidate).isEmpty()) {
                return candidate;
            }
        }
        throw new AssertionError("no gap in section " + prefix);
    }
}
