package in.results.simulator.cohort;

import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamKind;
import in.results.simulator.releases.ExamSchedule;
import in.results.simulator.releases.GradeScale;
import in.results.simulator.releases.Notice;
import in.results.simulator.releases.NoticeWriter;
import in.results.simulator.releases.Programme;
import in.results.simulator.releases.R18Timetable;
import in.results.simulator.releases.R22Timetable;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Builds the real world's {@link Cohort} ({@link Cohort#onRealList}): the real release list and the simulator's later
 * releases ({@link ExamSchedule#onRealList}), every intake sitting the list's regular releases by date
 * ({@link ListedTimetable}), each on a random stream of its own split from the seed in a fixed order, then minor-degree
 * pages for a share of the B.Tech students who reached III Year.
 */
final class RealWorldGenerator {

    /** The colleges each other programme's sections are in: two sections of twenty per batch. */
    private static final List<String> PHARMACY_COLLEGES = List.of("T7", "2W");

    private static final List<String> PG_COLLEGES = List.of("BD", "S1");
    private static final int SECTION = 20;
    private static final int LATERAL_SECTION = 6;
    /** Every other programme's R22 batches the March 2025 list has regular releases for. */
    private static final List<Integer> R22_BATCHES = List.of(2022, 2023);
    /** Share of B.Tech students in III Year or later who also study a minor-degree programme. */
    private static final double MINOR_SHARE = 0.12;
    /** A minor release counts as a student's when it comes within a year after their semester's regular. */
    private static final int MINOR_WITHIN_DAYS = 365;

    private final long seed;

    RealWorldGenerator(long seed) {
        this.seed = seed;
    }

    Cohort generate() {
        SplittableRandom random = new SplittableRandom(seed);
        ExamSchedule schedule = ExamSchedule.onRealList(random.split());
        Registrar registrar = new Registrar(schedule);
        List<Student> students = new ArrayList<>();
        for (Intake intake : intakes()) {
            Intake listed = intake.withTimetable(new ListedTimetable(intake, schedule.exams()));
            SplittableRandom stream = random.split();
            GradeScale scale = GradeScale.of(intake.programme(), intake.regulation());
            students.addAll(registrar.students(
                    listed, stream, new Examiner(stream.split(), scale), new NamePool(stream.split())));
        }
        SplittableRandom minors = random.split();
        Examiner minorExaminer = new Examiner(minors.split(), GradeScale.BTECH);
        List<Student> withMinors = new ArrayList<>();
        for (Student student : students) {
            withMinors.add(withMinorPages(student, schedule, registrar, minorExaminer, minors));
        }
        withMinors.sort(Comparator.comparing(Student::hallTicket));
        List<Notice> notices = new NoticeWriter(random.split()).notices(schedule.exams());
        return new Cohort(seed, schedule.exams(), withMinors, notices);
    }

    private static List<Intake> intakes() {
        return List.of(
                Intake.R18,
                Intake.R22,
                Intake.of(ProgrammeSyllabus.BPHARMACY_R22, R22_BATCHES, PHARMACY_COLLEGES, SECTION, LATERAL_SECTION),
                Intake.of(ProgrammeSyllabus.MTECH_R22, R22_BATCHES, PG_COLLEGES, SECTION, 0),
                Intake.of(ProgrammeSyllabus.MBA_R22, R22_BATCHES, PG_COLLEGES, SECTION, 0),
                Intake.of(ProgrammeSyllabus.MCA_R22, R22_BATCHES, PG_COLLEGES, SECTION, 0),
                Intake.of(ProgrammeSyllabus.MPHARMACY_R22, R22_BATCHES, PHARMACY_COLLEGES, SECTION, 0));
    }

    /**
     * {@code student} with a page in each minor-degree release that follows one of their III or IV Year regulars, when
     * they are one of the B.Tech students drawn to study a minor: its courses only, one sitting each.
     */
    private static Student withMinorPages(
            Student student, ExamSchedule schedule, Registrar registrar, Examiner examiner, SplittableRandom random) {
        if (student.programme() != Programme.BTECH || student.regulation().equals(R22Timetable.R25)) {
            return student;
        }
        List<Exam> regulars = student.results().keySet().stream()
                .map(code -> schedule.exam(student.programme().degree(), code))
                .filter(exam -> exam.kind() == ExamKind.REGULAR
                        && !ProgrammeSyllabus.BTECH_MINOR
                                .subjects("", semesterNumber(exam))
                                .isEmpty())
                .toList();
        if (regulars.isEmpty() || random.nextDouble() >= MINOR_SHARE) {
            return student;
        }
        double ability = 0.4 + 0.6 * random.nextDouble();
        Map<String, List<Mark>> pages = new LinkedHashMap<>(student.results());
        for (Exam regular : regulars) {
            Optional<Exam> minor = minorReleaseAfter(schedule, regular);
            if (minor.isEmpty() || pages.containsKey(minor.get().code())) {
                continue;
            }
            List<Mark> rows = new ArrayList<>();
            for (Subject subject : ProgrammeSyllabus.BTECH_MINOR.subjects("", semesterNumber(regular))) {
                rows.add(examiner.mark(subject, examiner.internal(subject, ability), ability, Examiner.Outcome.RANDOM));
            }
            pages.put(minor.get().code(), List.copyOf(rows));
        }
        return student.withPages(registrar.inReleaseOrder("btech", pages, false), student.rcrvResults());
    }

    /** The first minor-degree release of {@code regular}'s regulation and semester within a year after it. */
    private static Optional<Exam> minorReleaseAfter(ExamSchedule schedule, Exam regular) {
        LocalDate until = regular.releaseDate().plusDays(MINOR_WITHIN_DAYS);
        return schedule.exams().stream()
                .filter(exam -> !exam.rcrv()
                        && exam.minorProgramme()
                        && exam.degree().equals(regular.degree())
                        && exam.regulation().equals(regular.regulation())
                        && exam.semester().equals(regular.semester())
                        && !exam.releaseDate().isBefore(regular.releaseDate())
                        && !exam.releaseDate().isAfter(until))
                .findFirst();
    }

    private static int semesterNumber(Exam exam) {
        return R18Timetable.semesterNumber(exam.semester());
    }
}
