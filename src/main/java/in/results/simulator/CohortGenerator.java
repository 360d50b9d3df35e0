package in.results.simulator;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Builds a {@link Cohort} from a seed: the release schedule, then each regulation's students ({@link Enroller}),
 * their planned fates ({@link FatePlanner}) and their exams semester by semester ({@link SemesterSitter}).
 *
 * <p>Each regulation draws from a random stream of its own: R18 from the seed's main stream, in the same order as
 * before R22 existed, R22 from a stream derived from the seed with a fixed salt. Adding or changing R22 students
 * therefore leaves every R18 student, page and RC/RV release exactly as it was for the same seed.
 */
final class CohortGenerator {

    /** The one college whose roll numbers use the letters I and O. */
    static final String COLLEGE_WITH_I_AND_O = "BD";

    /** Mixed into the seed for R22's stream; any fixed value keeps the two regulations' draws apart. */
    private static final long R22_STREAM_SALT = 0x5222_2022_2022_5222L;

    private final long seed;
    private final SplittableRandom random;
    private final SplittableRandom r22Random;
    private final ExamSchedule schedule;
    private final Examiner examiner;
    private final NamePool names;

    CohortGenerator(long seed) {
        this.seed = seed;
        this.random = new SplittableRandom(seed);
        this.r22Random = new SplittableRandom(seed ^ R22_STREAM_SALT);
        this.schedule = ExamSchedule.create(random.split(), r22Random.split());
        this.examiner = new Examiner(random.split());
        this.names = new NamePool(random.split());
    }

    Cohort generate() {
        List<Student> students = new ArrayList<>(students(Intake.R18, random, examiner, names));
        List<Notice> notices = new NoticeWriter(random.split()).notices(schedule.exams());
        students.addAll(
                students(Intake.R22, r22Random, new Examiner(r22Random.split()), new NamePool(r22Random.split())));
        students.sort(Comparator.comparing(Student::hallTicket));
        return new Cohort(seed, schedule.exams(), students, notices);
    }

    private List<Student> students(Intake intake, SplittableRandom random, Examiner examiner, NamePool names) {
        Enroller enroller = new Enroller(intake, random, names);
        List<Enrolment> enrolments = enroller.enrol();
        Map<String, Role> roles = enroller.roles(enrolments);
        FatePlanner planner = new FatePlanner(intake, schedule);
        SemesterSitter sitter = new SemesterSitter(intake, schedule, examiner, random);
        List<Student> students = new ArrayList<>(enrolments.size());
        for (Enrolment enrolment : enrolments) {
            students.add(student(
                    intake, enrolment, roles.getOrDefault(enrolment.hallTicket(), Role.PLAIN), planner, sitter));
        }
        return students;
    }

    private Student student(Intake intake, Enrolment enrolment, Role role, FatePlanner planner, SemesterSitter sitter) {
        Map<String, List<Mark>> pages = new HashMap<>();
        Map<String, List<Mark>> rcrvPages = new HashMap<>();
        if (!role.noResult()) {
            List<FatePlanner.Sitting> sittings = sittings(intake, enrolment, role);
            Optional<FatePlanner.Plan> plan = planner.plan(role.fate(), sittings, enrolment.branch());
            for (FatePlanner.Sitting sitting : sittings) {
                FatePlanner.Plan planHere =
                        plan.filter(p -> p.semester() == sitting.semester()).orElse(null);
                sitter.sit(enrolment, sitting, planHere, pages, rcrvPages);
            }
        }
        return new Student(
                enrolment.hallTicket(),
                enrolment.name(),
                enrolment.fatherName(),
                enrolment.college(),
                intake.regulationOf(enrolment.batch()),
                enrolment.batch(),
                enrolment.lateral(),
                role.detained(),
                inReleaseOrder(pages, false),
                inReleaseOrder(rcrvPages, true));
    }

    /**
     * Regular exams in order, up to the last one released; detained students sit the years after their break
     * with the next batch.
     */
    private List<FatePlanner.Sitting> sittings(Intake intake, Enrolment enrolment, Role role) {
        List<FatePlanner.Sitting> sittings = new ArrayList<>();
        for (int semester = enrolment.lateral() ? 3 : 1; semester <= 8; semester++) {
            int year = (semester + 1) / 2;
            boolean rejoined = role.detained() && year > role.detainedAfterYear();
            Optional<String> code =
                    intake.timetable().regularCode(rejoined ? enrolment.batch() + 1 : enrolment.batch(), semester);
            if (code.isEmpty()) {
                break;
            }
            sittings.add(new FatePlanner.Sitting(semester, schedule.exam(code.get())));
        }
        return sittings;
    }

    private Map<String, List<Mark>> inReleaseOrder(Map<String, List<Mark>> pages, boolean rcrv) {
        List<String> codes = new ArrayList<>(pages.keySet());
        codes.sort(Comparator.comparing((String code) -> rcrv
                        ? schedule.rcrvOf(code).orElseThrow().releaseDate()
                        : schedule.exam(code).releaseDate())
                .thenComparing(code -> code));
        Map<String, List<Mark>> ordered = new LinkedHashMap<>();
        codes.forEach(code -> ordered.put(code, pages.get(code)));
        return ordered;
    }
}
