package in.results.simulator.cohort;

import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamKind;
import in.results.simulator.releases.Notice;
import in.results.simulator.releases.Programme;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

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
        Map<String, Exam> releases = new HashMap<>();
        for (Exam exam : exams) {
            Exam before = releases.putIfAbsent(releaseKey(exam.degree(), exam.code(), exam.rcrv()), exam);
            // The real list names a release twice now and then (same title and link, another day): one release.
            if (before != null
                    && !(before.title().equals(exam.title()) && before.query().equals(exam.query()))) {
                throw new IllegalArgumentException(
                        "exam listed twice: " + exam.degree() + " " + exam.code() + " rcrv=" + exam.rcrv());
            }
        }
        for (Student student : students) {
            String degree = student.programme().degree();
            for (String code : student.results().keySet()) {
                if (!releases.containsKey(releaseKey(degree, code, false))) {
                    throw new IllegalArgumentException(student.hallTicket() + " has a result in unlisted exam " + code);
                }
            }
            for (String code : student.rcrvResults().keySet()) {
                if (!releases.containsKey(releaseKey(degree, code, true))) {
                    throw new IllegalArgumentException(
                            student.hallTicket() + " has an RC/RV result but exam " + code + " has no RC/RV release");
                }
            }
        }
    }

    /**
     * A cohort of roughly a thousand R18 and five hundred R22 and R25 B.Tech students on a synthetic release list; the
     * same seed gives an equal cohort, and its R18 students are the same whatever R22 holds.
     */
    public static Cohort generate(long seed) {
        return generate(seed, 100);
    }

    /**
     * The cohort of {@link #generate(long)} on the same release list, with every section drawn {@code sectionPercent}
     * % as large: about 1,500 students at 100, 2,000 at 140 — a larger university for benchmarks at scale (its
     * students, pages and notices differ from the default world's).
     */
    public static Cohort generate(long seed, int sectionPercent) {
        if (sectionPercent < 1 || sectionPercent > 250) {
            throw new IllegalArgumentException("sectionPercent must be 1 to 250, got " + sectionPercent);
        }
        return new CohortGenerator(seed, sectionPercent).generate();
    }

    /**
     * The university on its real release list (the 27 March 2025 snapshot, every programme, with the B.Tech rows
     * 1800–1807 it lost restored), followed by the simulator's own later B.Tech releases titled in the list's style.
     * Its students: B.Tech R18, R22 and R25, and a few sections each of B.Pharmacy, M.Tech, MBA, MCA and M.Pharmacy
     * R22, each batch sitting the list's regular releases by date and its supplementaries for failed courses; some
     * B.Tech students also sit the list's minor-degree releases. The same seed gives an equal cohort; the default
     * world ({@link #generate}) is not changed by it.
     */
    public static Cohort onRealList(long seed) {
        return new RealWorldGenerator(seed).generate();
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
        Map<String, Set<String>> examCodes = new HashMap<>();
        Map<String, Set<String>> rcrvCodes = new HashMap<>();
        released.forEach(exam -> (exam.rcrv() ? rcrvCodes : examCodes)
                .computeIfAbsent(exam.degree(), degree -> new HashSet<>())
                .add(exam.code()));
        List<Student> then = students.stream()
                .map(student -> {
                    String degree = student.programme().degree();
                    return student.withPagesOnlyIn(
                            examCodes.getOrDefault(degree, Set.of()), rcrvCodes.getOrDefault(degree, Set.of()));
                })
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
        students.forEach(student -> student.results()
                .keySet()
                .forEach(code -> sat.add(Exam.key(student.programme().degree(), code))));
        return exams.stream()
                .filter(exam -> !exam.rcrv()
                        && exam.kind() == ExamKind.REGULAR
                        && exam.releaseDate().isAfter(after)
                        && sat.contains(Exam.key(exam.degree(), exam.code())))
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

    /**
     * The (non RC/RV) release with this code, of whichever programme lists it first: for a world where each code is
     * one programme's, as in {@link #generate}'s. On the real list use {@link #exam(Programme, String)}.
     */
    public Optional<Exam> exam(String code) {
        return exams.stream()
                .filter(exam -> !exam.rcrv() && exam.code().equals(code))
                .findFirst();
    }

    /** The RC/RV release of exam {@code code}, of whichever programme lists it first (see {@link #exam(String)}). */
    public Optional<Exam> rcrvExam(String code) {
        return exams.stream()
                .filter(exam -> exam.rcrv() && exam.code().equals(code))
                .findFirst();
    }

    /** The (non RC/RV) release of {@code programme}'s exam {@code code}: codes are numbered per programme. */
    public Optional<Exam> exam(Programme programme, String code) {
        return exams.stream()
                .filter(exam -> !exam.rcrv()
                        && exam.degree().equals(programme.degree())
                        && exam.code().equals(code))
                .findFirst();
    }

    /** The RC/RV release of {@code programme}'s exam {@code code}, when the university published one. */
    public Optional<Exam> rcrvExam(Programme programme, String code) {
        return exams.stream()
                .filter(exam -> exam.rcrv()
                        && exam.degree().equals(programme.degree())
                        && exam.code().equals(code))
                .findFirst();
    }

    /**
     * The releases {@code student} has a page in that are attempts at their degree's semesters, by semester
     * ({@code "2-1"}; postgraduate semesters I … IV as {@code "1-1"} … {@code "2-2"}) in semester order, each
     * semester's attempts in release order. Minor-degree releases are left out: see {@link #minorAttempts}.
     */
    public Map<String, List<Exam>> attempts(Student student) {
        Map<String, List<Exam>> bySemester = new TreeMap<>();
        for (Exam exam : pagesOf(student)) {
            if (!exam.minorProgramme()) {
                bySemester
                        .computeIfAbsent(exam.semester(), semester -> new ArrayList<>())
                        .add(exam);
            }
        }
        bySemester.replaceAll((semester, attempts) -> List.copyOf(attempts));
        return Collections.unmodifiableMap(bySemester);
    }

    /**
     * The minor-degree releases {@code student} has a page in, in release order: a minor programme's courses, not
     * part of any semester of the degree (nor of its SGPA or CGPA).
     */
    public List<Exam> minorAttempts(Student student) {
        return pagesOf(student).stream().filter(Exam::minorProgramme).toList();
    }

    /** The releases of {@code student}'s pages, in the pages' order (release order). */
    private List<Exam> pagesOf(Student student) {
        Programme programme = student.programme();
        return student.results().keySet().stream()
                .map(code -> exam(programme, code).orElseThrow())
                .toList();
    }

    private static String releaseKey(String degree, String code, boolean rcrv) {
        return Exam.key(degree, code) + (rcrv ? "/rcrv" : "");
    }
}
