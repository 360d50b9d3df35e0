package in.results.simulator;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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

    /** The order the university releases in: by date, then code, an exam before its RC/RV. */
    private static final Comparator<Exam> RELEASE_ORDER =
            Comparator.comparing(Exam::releaseDate).thenComparing(Exam::code).thenComparing(Exam::rcrv);

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
                    throw new IllegalArgumentException(
                            student.hallTicket() + " has an RC/RV result but exam " + code + " has no RC/RV release");
                }
            }
        }
    }

    /**
     * A cohort of roughly a thousand R18 and five hundred R22 B.Tech students; the same seed gives an equal cohort,
     * and its R18 students are the same whatever R22 holds.
     */
    public static Cohort generate(long seed) {
        return new CohortGenerator(seed).generate();
    }

    /**
     * This cohort with one more release, listed after the others, and its pages: {@code pages} maps hall tickets of
     * existing students to the rows the release shows them (for an RC/RV release, the RC/RV rows of the exam with
     * its code). Throws {@link IllegalArgumentException} when a hall ticket is unknown, the release is listed
     * already, a student already has a page in it, or an RC/RV page has no exam page.
     */
    public Cohort withRelease(Exam release, Map<String, List<Mark>> pages) {
        Objects.requireNonNull(release, "release");
        List<Exam> listed = new ArrayList<>(exams);
        listed.add(release);
        Map<String, Student> updated = new LinkedHashMap<>();
        students.forEach(student -> updated.put(student.hallTicket(), student));
        pages.forEach((hallTicket, rows) -> {
            Student student = updated.get(hallTicket);
            if (student == null) {
                throw new IllegalArgumentException("no student " + hallTicket);
            }
            updated.put(hallTicket, student.withPage(release.code(), rows, release.rcrv()));
        });
        return new Cohort(seed, listed, List.copyOf(updated.values()), notices);
    }

    /**
     * The university as it stood at the end of {@code day}: releases (exams and RC/RV) dated after it do not exist,
     * students' pages in them (their later attempts) have not happened, and later notifications are not shown. Every
     * student is kept: a hall ticket without a result by then is answered "no result". Pages are written in release
     * order (an attempt follows the ones before it, an RC/RV result its exam), so what is left is the state of that
     * day. A day on or after {@link #latestDay()} gives an equal cohort. A later day keeps every page of an earlier
     * day unchanged, because the simulated university never rewrites a published page: a withheld row stays withheld,
     * and the student clears the subject at a later sitting, on that sitting's page.
     */
    public Cohort asOf(LocalDate day) {
        Objects.requireNonNull(day, "day");
        List<Exam> released =
                exams.stream().filter(exam -> !exam.releaseDate().isAfter(day)).toList();
        Set<String> examCodes = new HashSet<>();
        Set<String> rcrvCodes = new HashSet<>();
        released.forEach(exam -> (exam.rcrv() ? rcrvCodes : examCodes).add(exam.code()));
        List<Student> then = students.stream()
                .map(student -> student.withPagesOnlyIn(examCodes, rcrvCodes))
                .toList();
        List<Notice> shown =
                notices.stream().filter(notice -> !notice.date().isAfter(day)).toList();
        return new Cohort(seed, released, then, shown);
    }

    /** The day of the newest release (exam or RC/RV): the last day {@link #asOf} changes anything. */
    public LocalDate latestDay() {
        return exams.stream()
                .map(Exam::releaseDate)
                .max(Comparator.naturalOrder())
                .orElse(LocalDate.MIN);
    }

    /**
     * The releases (exams and RC/RV) dated after {@code after} and on or before {@code upTo}: what the site publishes
     * when its day moves from {@code after} to {@code upTo}. In release order (date, then code, an exam before its
     * RC/RV); empty when {@code upTo} is not after {@code after}.
     */
    public List<Exam> releasesBetween(LocalDate after, LocalDate upTo) {
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(upTo, "upTo");
        return exams.stream()
                .filter(exam ->
                        exam.releaseDate().isAfter(after) && !exam.releaseDate().isAfter(upTo))
                .sorted(RELEASE_ORDER)
                .toList();
    }

    /**
     * The first regular release (not RC/RV) dated after {@code after} that some student of this cohort has a page in:
     * a batch of ours sitting its semester, unlike the regulars held for other students and other degrees. Its
     * {@link Exam#releaseDate()} is the day to move a site to for a results day; other releases may share that day
     * ({@link #releasesBetween}). Empty when no such release follows.
     */
    public Optional<Exam> nextRegularRelease(LocalDate after) {
        Objects.requireNonNull(after, "after");
        Set<String> sat = new HashSet<>();
        students.forEach(student -> sat.addAll(student.results().keySet()));
        return exams.stream()
                .filter(exam -> !exam.rcrv()
                        && exam.kind() == ExamKind.REGULAR
                        && exam.releaseDate().isAfter(after)
                        && sat.contains(exam.code()))
                .min(RELEASE_ORDER);
    }

    /** The student holding {@code hallTicket}, ignoring case and surrounding spaces. */
    public Optional<Student> student(String hallTicket) {
        Objects.requireNonNull(hallTicket, "hallTicket");
        String wanted = hallTicket.strip().toUpperCase(Locale.ROOT);
        return students.stream()
                .filter(student -> student.hallTicket().equals(wanted))
                .findFirst();
    }

    /** The (non RC/RV) release with this code. */
    public Optional<Exam> exam(String code) {
        return exams.stream()
                .filter(exam -> !exam.rcrv() && exam.code().equals(code))
                .findFirst();
    }

    /** The RC/RV release of exam {@code code}, when the university published one. */
    public Optional<Exam> rcrvExam(String code) {
        return exams.stream()
                .filter(exam -> exam.rcrv() && exam.code().equals(code))
                .findFirst();
    }
}
