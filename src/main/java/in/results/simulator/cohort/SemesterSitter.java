package in.results.simulator.cohort;

import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamSchedule;
import in.results.simulator.releases.R18Timetable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * One student's attempts at one semester: the regular exam, RC/RV where the university published it, then
 * supplementary exams of the semester in release order until every subject is cleared or the student gives up.
 * Internal marks are awarded once and carried to later attempts, except after an R22 re-registration, which
 * assesses the course internally again.
 */
final class SemesterSitter {

    /** An RC/RV raise adds at least this share of the external maximum, as the RC/RV page's note says. */
    private static final int RAISE_LEAST_PERCENT = 15;

    private final Intake intake;
    private final ExamSchedule schedule;
    private final Examiner examiner;
    private final SplittableRandom random;

    SemesterSitter(Intake intake, ExamSchedule schedule, Examiner examiner, SplittableRandom random) {
        this.intake = intake;
        this.schedule = schedule;
        this.examiner = examiner;
        this.random = random;
    }

    /**
     * Writes the pages of the sitting into {@code pages} and {@code rcrvPages} (exam code to rows); {@code plan}
     * is the student's planned fate when it falls in this semester, else null.
     */
    void sit(
            Enrolment enrolment,
            FatePlanner.Sitting sitting,
            FatePlanner.Plan plan,
            Map<String, List<Mark>> pages,
            Map<String, List<Mark>> rcrvPages) {
        List<Subject> subjects = intake.curriculum().subjects(enrolment.branch(), sitting.semester());
        Map<String, Integer> internals = new HashMap<>();
        Map<String, Integer> attempts = new HashMap<>();
        Map<String, Integer> limits = new HashMap<>();
        for (Subject subject : subjects) {
            internals.put(subject.code(), examiner.internal(subject, enrolment.ability()));
            attempts.put(subject.code(), 0);
            limits.put(subject.code(), Odds.SUPPLY_TRIES_LEAST + random.nextInt(Odds.SUPPLY_TRIES_SPREAD));
        }
        if (plan != null && plan.supplyLimit() >= 0) {
            limits.put(plan.subjectCode(), plan.supplyLimit());
        }
        List<Subject> pending = new ArrayList<>(subjects);
        List<Exam> releases = new ArrayList<>();
        releases.add(sitting.regular());
        String semester = R18Timetable.SEMESTERS.get(sitting.semester() - 1);
        releases.addAll(schedule.supplementariesAfter(sitting.regular(), semester));
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
                Examiner.Outcome outcome = outcome(plan, subject, attempt, enrolment.ability());
                rows.put(
                        subject.code(),
                        examiner.mark(subject, internals.get(subject.code()), enrolment.ability(), outcome));
            }
            pages.put(release.code(), List.copyOf(rows.values()));
            Optional<Exam> rcrv = schedule.rcrvOf(release);
            if (rcrv.isPresent()) {
                List<Mark> revalued = revalue(writing, rows, internals, plan, regular, enrolment.ability());
                if (!revalued.isEmpty()) {
                    rcrvPages.put(release.code(), revalued);
                    revalued.forEach(row -> rows.put(row.code(), row));
                }
            }
            pending = writing.stream().filter(s -> rows.get(s.code()).failed()).toList();
            if (pending.isEmpty()) {
                break;
            }
            reRegister(pending, internals, enrolment.ability());
        }
    }

    /** R22: some failed courses are re-registered, cancelling their internal marks for a new assessment. */
    private void reRegister(List<Subject> failed, Map<String, Integer> internals, double ability) {
        if (!intake.reRegisters()) {
            return; // R18 keeps internals, and draws nothing here
        }
        for (Subject subject : failed) {
            if (!subject.internalOnly() && random.nextDouble() < Odds.RE_REGISTERS) {
                internals.put(subject.code(), examiner.internal(subject, ability));
            }
        }
    }

    private Examiner.Outcome outcome(FatePlanner.Plan plan, Subject subject, int attempt, double ability) {
        if (plan != null
                && plan.subjectCode().equals(subject.code())
                && attempt < plan.attempts().size()) {
            return plan.attempts().get(attempt);
        }
        double draw = random.nextDouble();
        if (attempt == 0) {
            if (draw < Odds.ABSENT_FIRST_BELOW) {
                return Examiner.Outcome.ABSENT;
            }
            return draw < Odds.WITHHELD_FIRST_BELOW ? Examiner.Outcome.WITHHELD : Examiner.Outcome.RANDOM;
        }
        if (draw < Odds.ABSENT_LATER) {
            return Examiner.Outcome.ABSENT;
        }
        return draw < Odds.ABSENT_LATER + Odds.PASS_LATER_BASE + Odds.PASS_LATER_PER_ABILITY * ability
                ? Examiner.Outcome.PASS
                : Examiner.Outcome.FAIL;
    }

    /**
     * RC/RV applications on one page: the planned one, plus now and then a student who asks for one or two
     * subjects. A raise adds at least 15 % of the external maximum (the page's note) and must change the grade;
     * otherwise the row comes back unchanged.
     */
    private List<Mark> revalue(
            List<Subject> writing,
            Map<String, Mark> rows,
            Map<String, Integer> internals,
            FatePlanner.Plan plan,
            boolean regular,
            double ability) {
        Map<String, FatePlanner.Revaluation> applications = new LinkedHashMap<>();
        boolean planned = plan != null && regular && plan.revaluation() != FatePlanner.Revaluation.NONE;
        if (planned) {
            applications.put(plan.subjectCode(), plan.revaluation());
        }
        boolean anyFailed = rows.values().stream().anyMatch(Mark::failed);
        if (random.nextDouble() < (anyFailed ? Odds.REVALUATION_AFTER_A_FAIL : Odds.REVALUATION_OTHERWISE)) {
            List<Subject> eligible = writing.stream()
                    .filter(s -> !s.internalOnly())
                    .filter(s -> plan == null || !s.code().equals(plan.subjectCode()))
                    .filter(s ->
                            !List.of("Ab", "-", "O").contains(rows.get(s.code()).grade()))
                    .toList();
            int wanted = Math.min(eligible.size(), 1 + random.nextInt(2));
            for (int i = 0; i < wanted; i++) {
                Subject subject = eligible.get(random.nextInt(eligible.size()));
                applications.putIfAbsent(
                        subject.code(),
                        random.nextDouble() < Odds.RAISE_BASE + Odds.RAISE_PER_ABILITY * ability
                                ? FatePlanner.Revaluation.RAISE
                                : FatePlanner.Revaluation.KEEP);
            }
        }
        List<Mark> revalued = new ArrayList<>();
        for (Subject subject : writing) {
            FatePlanner.Revaluation decision = applications.get(subject.code());
            if (decision == null) {
                continue;
            }
            Mark before = rows.get(subject.code());
            Mark after = decision == FatePlanner.Revaluation.RAISE
                    ? raised(subject, internals.get(subject.code()), before)
                    : null;
            revalued.add(after == null ? before.withRemark(Mark.NO_CHANGE) : after.withRemark(Mark.CHANGE_IN_GRADE));
        }
        return revalued;
    }

    /** A higher-graded row, or null when no allowed raise changes the grade. */
    private Mark raised(Subject subject, int internal, Mark before) {
        int external = Integer.parseInt(before.external());
        int least = (RAISE_LEAST_PERCENT * subject.maxExternal() + 99) / 100;
        int headroom = subject.maxExternal() - external;
        if (headroom < least) {
            return null;
        }
        int[] tries = {least + random.nextInt(Math.min(8, headroom - least) + 1), headroom};
        for (int added : tries) {
            Mark after = examiner.scored(subject, internal, external + added);
            if (!after.grade().equals(before.grade())) {
                return after;
            }
        }
        return null;
    }
}
