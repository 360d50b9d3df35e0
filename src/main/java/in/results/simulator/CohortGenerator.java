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
 * Builds a {@link Cohort} from a seed. Students are enrolled section by section, a few of them are
 * given a planned "fate" so that every edge case exists for any seed, and then each student sits
 * their regular exams, revaluations and supplementary attempts in release order.
 */
final class CohortGenerator {

    /** The one college whose roll numbers use the letters I and O. */
    static final String COLLEGE_WITH_I_AND_O = "BD";

    private enum Fate { NONE, SUPPLY_FIRST, SUPPLY_SECOND, SUPPLY_NEVER, ABSENT, MALPRACTICE, RCRV_RAISED, RCRV_UNCHANGED }

    private enum Revaluation { NONE, RAISE, KEEP }

    private record Section(int batch, String college, String branch, boolean lateral, int slots) {}

    /** Regular exam of one semester in a student's path. */
    private record Sitting(int semester, Exam regular) {}

    /**
     * What a fate forces: outcomes of the first attempts at one subject of one semester (the
     * regular attempt first), how many supplementary attempts to make, and an RC/RV decision.
     */
    private record Plan(int semester, String subjectCode, List<Examiner.Outcome> attempts, int supplyLimit,
                        Revaluation revaluation) {}

    private static final class Enrolment {
        final String hallTicket;
        final String name;
        final String fatherName;
        final String college;
        final String branch;
        final int batch;
        final boolean lateral;
        final double ability;
        boolean detained;
        int detainedAfterYear;
        boolean noResult;
        Fate fate = Fate.NONE;

        Enrolment(String hallTicket, String name, String fatherName, String college, String branch, int batch,
                  boolean lateral, double ability) {
            this.hallTicket = hallTicket;
            this.name = name;
            this.fatherName = fatherName;
            this.college = college;
            this.branch = branch;
            this.batch = batch;
            this.lateral = lateral;
            this.ability = ability;
        }
    }

    private final long seed;
    private final SplittableRandom random;
    private final ExamSchedule catalog;
    private final Examiner examiner;
    private final NamePool names;

    CohortGenerator(long seed) {
        this.seed = seed;
        this.random = new SplittableRandom(seed);
        this.catalog = ExamSchedule.create(random.split());
        this.examiner = new Examiner(random.split());
        this.names = new NamePool(random.split());
    }

    Cohort generate() {
        List<Enrolment> enrolments = new ArrayList<>();
        for (Section section : sections()) {
            enrolments.addAll(enrol(section));
        }
        assignRoles(enrolments);
        List<Student> students = new ArrayList<>(enrolments.size());
        for (Enrolment enrolment : enrolments) {
            students.add(student(enrolment));
        }
        students.sort(Comparator.comparing(Student::hallTicket));
        List<Notice> notices = new NoticeWriter(random.split()).notices(catalog.exams());
        return new Cohort(seed, catalog.exams(), students, notices);
    }

    private List<Section> sections() {
        List<Section> sections = new ArrayList<>();
        for (int batch : R18Timetable.BATCHES) {
            // One CSE section of 2020 is large enough to need letter rolls up to O9.
            sections.add(new Section(batch, "BD", Syllabus.CSE, false, batch == 2020 ? 249 : 36 + random.nextInt(15)));
            if (batch >= 2020) {
                sections.add(new Section(batch, "BD", Syllabus.CSE_AIML, false, 24 + random.nextInt(12)));
                sections.add(new Section(batch, "S1", Syllabus.CSE_AIML, false, 18 + random.nextInt(10)));
            }
            sections.add(new Section(batch, "BD", Syllabus.ECE, false, 24 + random.nextInt(12)));
            sections.add(new Section(batch, "S1", Syllabus.CSE, false, 26 + random.nextInt(14)));
            sections.add(new Section(batch, "E3", Syllabus.CSE, false, 20 + random.nextInt(10)));
            sections.add(new Section(batch, "E3", Syllabus.ECE, false, 18 + random.nextInt(10)));
            sections.add(new Section(batch, "9A", Syllabus.CSE, false, 16 + random.nextInt(10)));
            sections.add(new Section(batch, "BD", Syllabus.CSE, true, 6 + random.nextInt(5)));
            sections.add(new Section(batch, "S1", Syllabus.CSE, true, 3 + random.nextInt(4)));
            sections.add(new Section(batch, "E3", Syllabus.ECE, true, 4 + random.nextInt(4)));
        }
        return sections;
    }

    private List<Enrolment> enrol(Section section) {
        boolean usesIAndO = section.college().equals(COLLEGE_WITH_I_AND_O);
        // Lateral entrants join in second year; their hall ticket carries that year.
        int ticketYear = (section.lateral() ? section.batch() + 1 : section.batch()) % 100;
        List<Enrolment> enrolments = new ArrayList<>();
        for (int index = 1; index <= section.slots(); index++) {
            String roll = RollNumbers.roll(index, usesIAndO);
            boolean kept = index == 1 || roll.equals("I0") || roll.equals("O0");
            if (!kept && random.nextDouble() < 0.06) {
                continue; // a gap: nobody holds this roll number
            }
            String hallTicket = String.format("%02d%s%cA%s%s", ticketYear, section.college(),
                    section.lateral() ? '5' : '1', section.branch(), roll);
            double ability = 0.25 + 0.75 * Math.pow(random.nextDouble(), 0.7);
            enrolments.add(new Enrolment(hallTicket, names.studentName(), names.fatherName(), section.college(),
                    section.branch(), section.batch(), section.lateral(), ability));
        }
        return enrolments;
    }

    /**
     * Structural roles first (no result, detained), then planned fates, chosen per batch among
     * regular students so each edge case exists a few times whatever the seed.
     */
    private void assignRoles(List<Enrolment> enrolments) {
        for (int batch : R18Timetable.BATCHES) {
            List<Enrolment> regulars = new ArrayList<>();
            for (Enrolment enrolment : enrolments) {
                if (enrolment.batch == batch && !enrolment.lateral) {
                    regulars.add(enrolment);
                }
            }
            shuffle(regulars);
            int next = 0;
            for (int i = 0; i < 2; i++) {
                regulars.get(next++).noResult = true;
            }
            // Batch 2021 has no later batch to rejoin, so nobody of it is detained.
            if (batch < 2021) {
                for (int i = 0; i < 3; i++) {
                    detain(regulars.get(next++));
                }
            }
            for (Fate fate : Fate.values()) {
                if (fate != Fate.NONE) {
                    regulars.get(next++).fate = fate;
                    regulars.get(next++).fate = fate;
                }
            }
            for (int i = next; i < regulars.size(); i++) {
                double draw = random.nextDouble();
                if (draw < 0.007) {
                    regulars.get(i).noResult = true;
                } else if (draw < 0.017 && batch < 2021) {
                    detain(regulars.get(i));
                }
            }
        }
    }

    private void detain(Enrolment enrolment) {
        enrolment.detained = true;
        enrolment.detainedAfterYear = 1 + random.nextInt(3);
    }

    private Student student(Enrolment enrolment) {
        int admissionYear = enrolment.batch;
        if (enrolment.noResult) {
            return new Student(enrolment.hallTicket, enrolment.name, enrolment.fatherName, enrolment.college,
                    admissionYear, enrolment.lateral, enrolment.detained, Map.of(), Map.of());
        }
        List<Sitting> sittings = sittings(enrolment);
        Optional<Plan> plan = plan(enrolment.fate, sittings, enrolment.branch);
        Map<String, List<Mark>> pages = new HashMap<>();
        Map<String, List<Mark>> rcrvPages = new HashMap<>();
        for (Sitting sitting : sittings) {
            Plan planHere = plan.filter(p -> p.semester() == sitting.semester()).orElse(null);
            sitSemester(enrolment, sitting, planHere, pages, rcrvPages);
        }
        return new Student(enrolment.hallTicket, enrolment.name, enrolment.fatherName, enrolment.college,
                admissionYear, enrolment.lateral, enrolment.detained, inReleaseOrder(pages, false),
                inReleaseOrder(rcrvPages, true));
    }

    /** Regular exams in order; detained students sit the years after their break with the next batch. */
    private List<Sitting> sittings(Enrolment enrolment) {
        List<Sitting> sittings = new ArrayList<>();
        for (int semester = enrolment.lateral ? 3 : 1; semester <= 8; semester++) {
            int year = (semester + 1) / 2;
            int batch = enrolment.detained && year > enrolment.detainedAfterYear ? enrolment.batch + 1 : enrolment.batch;
            Optional<String> code = R18Timetable.regularCode(batch, semester);
            if (code.isEmpty()) {
                break;
            }
            sittings.add(new Sitting(semester, catalog.exam(code.get())));
        }
        return sittings;
    }

    private Optional<Plan> plan(Fate fate, List<Sitting> sittings, String branch) {
        if (fate == Fate.NONE) {
            return Optional.empty();
        }
        for (Sitting sitting : sittings) {
            Exam regular = sitting.regular();
            if (regular.layout() != MarksLayout.SEVEN_COLUMN) {
                continue;
            }
            String semester = R18Timetable.SEMESTERS.get(sitting.semester() - 1);
            int supplies = catalog.supplementariesAfter(semester, regular.releaseDate()).size();
            boolean revalued = catalog.rcrvOf(regular.code()).isPresent();
            String subject = Syllabus.subjects(branch, sitting.semester()).stream()
                    .filter(s -> !s.internalOnly() && !s.credits().equals("0"))
                    .findFirst().orElseThrow().code();
            int semesterNumber = sitting.semester();
            Optional<Plan> plan = switch (fate) {
                case NONE -> throw new IllegalStateException("no plan without a fate");
                case SUPPLY_FIRST -> supplies >= 3 ? Optional.of(supplyPlan(semesterNumber, subject, 1)) : Optional.empty();
                case SUPPLY_SECOND -> supplies >= 3 ? Optional.of(supplyPlan(semesterNumber, subject, 2)) : Optional.empty();
                case SUPPLY_NEVER -> supplies >= 3
                        ? Optional.of(new Plan(semesterNumber, subject,
                                List.of(Examiner.Outcome.FAIL, Examiner.Outcome.FAIL, Examiner.Outcome.FAIL), 2,
                                Revaluation.NONE))
                        : Optional.empty();
                case ABSENT -> Optional.of(new Plan(semesterNumber, subject, List.of(Examiner.Outcome.ABSENT), -1,
                        Revaluation.NONE));
                case MALPRACTICE -> Optional.of(new Plan(semesterNumber, subject, List.of(Examiner.Outcome.WITHHELD), -1,
                        Revaluation.NONE));
                case RCRV_RAISED -> revalued
                        ? Optional.of(new Plan(semesterNumber, subject, List.of(Examiner.Outcome.MID_PASS), -1,
                                Revaluation.RAISE))
                        : Optional.empty();
                case RCRV_UNCHANGED -> revalued
                        ? Optional.of(new Plan(semesterNumber, subject, List.of(Examiner.Outcome.PASS), -1,
                                Revaluation.KEEP))
                        : Optional.empty();
            };
            if (plan.isPresent()) {
                return plan;
            }
        }
        return Optional.empty();
    }

    /** Fail the regular attempt, fail {@code passOn - 1} supplementaries, pass the next. */
    private static Plan supplyPlan(int semester, String subject, int passOn) {
        List<Examiner.Outcome> attempts = new ArrayList<>();
        attempts.add(Examiner.Outcome.FAIL);
        for (int i = 1; i < passOn; i++) {
            attempts.add(Examiner.Outcome.FAIL);
        }
        attempts.add(Examiner.Outcome.PASS);
        return new Plan(semester, subject, attempts, passOn, Revaluation.NONE);
    }

    /** The regular attempt at one semester, its revaluation, then supplementaries until cleared. */
    private void sitSemester(Enrolment enrolment, Sitting sitting, Plan plan, Map<String, List<Mark>> pages,
                             Map<String, List<Mark>> rcrvPages) {
        List<Subject> subjects = Syllabus.subjects(enrolment.branch, sitting.semester());
        Map<String, Integer> internals = new HashMap<>();
        Map<String, Integer> attempts = new HashMap<>();
        Map<String, Integer> limits = new HashMap<>();
        for (Subject subject : subjects) {
            internals.put(subject.code(), examiner.internal(subject, enrolment.ability));
            attempts.put(subject.code(), 0);
            limits.put(subject.code(), 2 + random.nextInt(4));
        }
        if (plan != null && plan.supplyLimit() >= 0) {
            limits.put(plan.subjectCode(), plan.supplyLimit());
        }
        List<Subject> pending = new ArrayList<>(subjects);
        List<Exam> releases = new ArrayList<>();
        releases.add(sitting.regular());
        String semester = R18Timetable.SEMESTERS.get(sitting.semester() - 1);
        releases.addAll(catalog.supplementariesAfter(semester, sitting.regular().releaseDate()));
        for (Exam release : releases) {
            boolean regular = release == sitting.regular();
            List<Subject> writing = pending.stream()
                    .filter(s -> regular || attempts.get(s.code()) <= limits.get(s.code()))
                    .toList();
            if (writing.isEmpty()) {
                break;
            }
            Map<String, Mark> rows = new LinkedHashMap<>();
            for (Subject subject : writing) {
                int attempt = attempts.merge(subject.code(), 1, Integer::sum) - 1;
                Examiner.Outcome outcome = outcome(plan, subject, attempt, enrolment.ability);
                rows.put(subject.code(), examiner.mark(subject, internals.get(subject.code()), enrolment.ability, outcome));
            }
            pages.put(release.code(), List.copyOf(rows.values()));
            Optional<Exam> rcrv = catalog.rcrvOf(release.code());
            if (rcrv.isPresent()) {
                List<Mark> revalued = revalue(writing, rows, internals, plan, regular, enrolment.ability);
                if (!revalued.isEmpty()) {
                    rcrvPages.put(release.code(), revalued);
                    revalued.forEach(row -> rows.put(row.code(), row));
                }
            }
            pending = writing.stream().filter(s -> rows.get(s.code()).failed()).toList();
            if (pending.isEmpty()) {
                break;
            }
        }
    }

    private Examiner.Outcome outcome(Plan plan, Subject subject, int attempt, double ability) {
        if (plan != null && plan.subjectCode().equals(subject.code()) && attempt < plan.attempts().size()) {
            return plan.attempts().get(attempt);
        }
        double draw = random.nextDouble();
        if (attempt == 0) {
            if (draw < 0.004) {
                return Examiner.Outcome.ABSENT;
            }
            return draw < 0.0045 ? Examiner.Outcome.WITHHELD : Examiner.Outcome.RANDOM;
        }
        if (draw < 0.06) {
            return Examiner.Outcome.ABSENT;
        }
        return draw < 0.06 + 0.35 + 0.45 * ability ? Examiner.Outcome.PASS : Examiner.Outcome.FAIL;
    }

    /**
     * RC/RV applications on one page: the planned one, plus now and then a student who asks for one
     * or two subjects. A raise adds at least 15 % of the external maximum (the page's note) and must
     * change the grade; otherwise the row comes back unchanged.
     */
    private List<Mark> revalue(List<Subject> writing, Map<String, Mark> rows, Map<String, Integer> internals, Plan plan,
                               boolean regular, double ability) {
        Map<String, Revaluation> applications = new LinkedHashMap<>();
        boolean planned = plan != null && regular && plan.revaluation() != Revaluation.NONE;
        if (planned) {
            applications.put(plan.subjectCode(), plan.revaluation());
        }
        boolean anyFailed = rows.values().stream().anyMatch(Mark::failed);
        if (random.nextDouble() < (anyFailed ? 0.15 : 0.05)) {
            List<Subject> eligible = writing.stream()
                    .filter(s -> !s.internalOnly())
                    .filter(s -> plan == null || !s.code().equals(plan.subjectCode()))
                    .filter(s -> !List.of("Ab", "-", "O").contains(rows.get(s.code()).grade()))
                    .toList();
            int wanted = Math.min(eligible.size(), 1 + random.nextInt(2));
            for (int i = 0; i < wanted; i++) {
                Subject subject = eligible.get(random.nextInt(eligible.size()));
                applications.putIfAbsent(subject.code(), random.nextDouble() < 0.3 + 0.2 * ability
                        ? Revaluation.RAISE : Revaluation.KEEP);
            }
        }
        List<Mark> revalued = new ArrayList<>();
        for (Subject subject : writing) {
            Revaluation decision = applications.get(subject.code());
            if (decision == null) {
                continue;
            }
            Mark before = rows.get(subject.code());
            Mark after = decision == Revaluation.RAISE ? raised(subject, internals.get(subject.code()), before) : null;
            revalued.add(after == null ? before.withRemark(Mark.NO_CHANGE) : after.withRemark(Mark.CHANGE_IN_GRADE));
        }
        return revalued;
    }

    /** A higher-graded row, or null when no allowed raise changes the grade. */
    private Mark raised(Subject subject, int internal, Mark before) {
        int external = Integer.parseInt(before.external());
        int least = (15 * subject.maxExternal() + 99) / 100;
        int headroom = subject.maxExternal() - external;
        if (headroom < least) {
            return null;
        }
        int[] tries = {least + random.nextInt(Math.min(8, headroom - least) + 1), headroom};
        for (int added : tries) {
            Mark after = Examiner.scored(subject, internal, external + added);
            if (!after.grade().equals(before.grade())) {
                return after;
            }
        }
        return null;
    }

    private Map<String, List<Mark>> inReleaseOrder(Map<String, List<Mark>> pages, boolean rcrv) {
        List<String> codes = new ArrayList<>(pages.keySet());
        codes.sort(Comparator.comparing((String code) -> rcrv
                        ? catalog.rcrvOf(code).orElseThrow().releaseDate()
                        : catalog.exam(code).releaseDate())
                .thenComparing(code -> code));
        Map<String, List<Mark>> ordered = new LinkedHashMap<>();
        codes.forEach(code -> ordered.put(code, pages.get(code)));
        return ordered;
    }

    private <T> void shuffle(List<T> list) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T swap = list.get(i);
            list.set(i, list.get(j));
            list.set(j, swap);
        }
    }
}
