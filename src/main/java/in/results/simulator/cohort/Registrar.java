package in.results.simulator.cohort;

import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamSchedule;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Runs one intake's students through a release schedule and records their pages: enrolment and roles
 * ({@link Enroller}), planned fates ({@link FatePlanner}) and every sitting ({@link SemesterSitter}), all drawn from the
 * random stream given, in a fixed order, so the same stream gives the same students.
 */
final class Registrar {

    private final ExamSchedule schedule;

    Registrar(ExamSchedule schedule) {
        this.schedule = schedule;
    }

    /** Every student of {@code intake}, in enrolment order, marked by {@code examiner}. */
    List<Student> students(Intake intake, SplittableRandom random, Examiner examiner, NamePool names) {
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
        String degree = intake.programme().degree();
        return new Student(
                enrolment.hallTicket(),
                enrolment.name(),
                enrolment.fatherName(),
                enrolment.college(),
                intake.regulationOf(enrolment.batch()),
                enrolment.batch(),
                enrolment.lateral(),
                role.detained(),
                inReleaseOrder(degree, pages, false),
                inReleaseOrder(degree, rcrvPages, true));
    }

    /**
     * Regular exams in order, up to the last one released; detained students sit the years after their break
     * with the next batch.
     */
    private List<FatePlanner.Sitting> sittings(Intake intake, Enrolment enrolment, Role role) {
        List<FatePlanner.Sitting> sittings = new ArrayList<>();
        for (int semester = enrolment.lateral() ? 3 : 1; semester <= intake.semesters(); semester++) {
            int year = (semester + 1) / 2;
            boolean rejoined = role.detained() && year > role.detainedAfterYear();
            Optional<String> code =
                    intake.timetable().regularCode(rejoined ? enrolment.batch() + 1 : enrolment.batch(), semester);
            if (code.isEmpty()) {
                break;
            }
            sittings.add(new FatePlanner.Sitting(
                    semester, schedule.exam(intake.programme().degree(), code.get())));
        }
        return sittings;
    }

    /** {@code pages} of {@code degree}'s exams by release date, then code. */
    Map<String, List<Mark>> inReleaseOrder(String degree, Map<String, List<Mark>> pages, boolean rcrv) {
        List<String> codes = new ArrayList<>(pages.keySet());
        codes.sort(Comparator.comparing((String code) -> {
                    Exam exam = schedule.exam(degree, code);
                    return rcrv ? schedule.rcrvOf(exam).orElseThrow().releaseDate() : exam.releaseDate();
                })
                .thenComparing(code -> code));
        Map<String, List<Mark>> ordered = new LinkedHashMap<>();
        codes.forEach(code -> ordered.put(code, pages.get(code)));
        return ordered;
    }
}
