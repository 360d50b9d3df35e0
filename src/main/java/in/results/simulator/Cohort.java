package in.results.simulator;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The simulated university's ground truth: every listed release, every student with every page
 * the site would show them, and the notifications. Generated deterministically from a seed, so
 * tests compute expected answers from it. Lookups are linear; build an index for hot paths.
 */
public record Cohort(long seed, List<Exam> exams, List<Student> students, List<Notice> notices) {

    /** The seed of the cohort used by {@code --demo} and the command line when none is given. */
    public static final long DEFAULT_SEED = 20_220_505L;

    public Cohort {
        exams = List.copyOf(exams);
        students = List.copyOf(students);
        notices = List.copyOf(notices);
        Set<String> hallTickets = new HashSet<>();
        for (Student student : students) {
            if (!hallTickets.add(student.hallTicket())) {
                throw new IllegalArgumentException("hall ticket listed twice: " + student.hallTicket());
            }
        }
        Set<String> releases = new HashSet<>();
        for (Exam exam : exams) {
            if (!releases.add(exam.code() + (exam.rcrv() ? "/rcrv" : ""))) {
                throw new IllegalArgumentException("exam listed twice: " + exam.code() + " rcrv=" + exam.rcrv());
            }
        }
        for (Student student : students) {
            for (String code : student.results().keySet()) {
                if (!releases.contains(code)) {
                    throw new IllegalArgumentException(student.hallTicket() + " has a result in unlisted exam " + code);
                }
            }
            for (String code : student.rcrvResults().keySet()) {
                if (!releases.contains(code + "/rcrv")) {
                    throw new IllegalArgumentException(student.hallTicket() + " has an RC/RV result but exam " + code
                            + " has no RC/RV release");
                }
            }
        }
    }

    /** A cohort of roughly a thousand R18 B.Tech students; the same seed gives an equal cohort. */
    public static Cohort generate(long seed) {
        return new CohortGenerator(seed).generate();
    }

    /** The student holding {@code hallTicket}, ignoring case and surrounding spaces. */
    public Optional<Student> student(String hallTicket) {
        Objects.requireNonNull(hallTicket, "hallTicket");
        String wanted = hallTicket.strip().toUpperCase(Locale.ROOT);
        return students.stream().filter(student -> student.hallTicket().equals(wanted)).findFirst();
    }

    /** The (non RC/RV) release with this code. */
    public Optional<Exam> exam(String code) {
        return exams.stream().filter(exam -> !exam.rcrv() && exam.code().equals(code)).findFirst();
    }

    /** The RC/RV release of exam {@code code}, when the university published one. */
    public Optional<Exam> rcrvExam(String code) {
        return exams.stream().filter(exam -> exam.rcrv() && exam.code().equals(code)).findFirst();
    }
}
