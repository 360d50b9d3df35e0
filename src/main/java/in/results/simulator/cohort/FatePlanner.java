package in.results.simulator.cohort;

import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamSchedule;
import in.results.simulator.releases.MarksLayout;
import in.results.simulator.releases.R18Timetable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns a student's {@link Fate} into a {@link Plan}: which subject of which semester is forced to show the edge
 * case, and how. The first semester of the student's path where the case can happen is chosen (a supplementary
 * fate needs enough supplementary releases after the regular exam; an RC/RV fate needs an RC/RV release). Plans
 * draw nothing at random.
 */
final class FatePlanner {

    /** An edge case planned for a student. */
    enum Fate {
        NONE,
        SUPPLY_FIRST,
        SUPPLY_SECOND,
        SUPPLY_NEVER,
        ABSENT,
        MALPRACTICE,
        RCRV_RAISED,
        RCRV_UNCHANGED
    }

    /** What an RC/RV application of the planned subject comes to. */
    enum Revaluation {
        NONE,
        RAISE,
        KEEP
    }

    /**
     * What a fate forces: outcomes of the first attempts at one subject of one semester (the regular attempt
     * first), how many supplementary attempts to make ({@code -1}: as the student's own limit says), and an RC/RV
     * decision.
     */
    record Plan(
            int semester,
            String subjectCode,
            List<Examiner.Outcome> attempts,
            int supplyLimit,
            Revaluation revaluation) {}

    /** Regular exam of one semester in a student's path (1 = 1-1 … 8 = 4-2). */
    record Sitting(int semester, Exam regular) {}

    private static final int NO_LIMIT = -1;
    private static final int NEVER_CLEARED_TRIES = 2;

    private final Intake intake;
    private final ExamSchedule schedule;

    FatePlanner(Intake intake, ExamSchedule schedule) {
        this.intake = intake;
        this.schedule = schedule;
    }

    Optional<Plan> plan(Fate fate, List<Sitting> sittings, String branch) {
        if (fate == Fate.NONE) {
            return Optional.empty();
        }
        for (Sitting sitting : sittings) {
            Exam regular = sitting.regular();
            if (regular.layout() != MarksLayout.SEVEN_COLUMN) {
                continue;
            }
            String semester = R18Timetable.SEMESTERS.get(sitting.semester() - 1);
            boolean enoughSupplies =
                    schedule.supplementariesAfter(regular, semester).size() >= intake.suppliesForAPlannedFate();
            boolean revalued = schedule.rcrvOf(regular).isPresent();
            String subject = intake.curriculum().subjects(branch, sitting.semester()).stream()
                    .filter(s -> !s.internalOnly() && !s.credits().equals("0"))
                    .findFirst()
                    .orElseThrow()
                    .code();
            int semesterNumber = sitting.semester();
            Optional<Plan> plan = switch (fate) {
                case NONE -> throw new IllegalStateException("no plan without a fate");
                case SUPPLY_FIRST ->
                    enoughSupplies ? Optional.of(supplyPlan(semesterNumber, subject, 1)) : Optional.empty();
                case SUPPLY_SECOND ->
                    enoughSupplies ? Optional.of(supplyPlan(semesterNumber, subject, 2)) : Optional.empty();
                case SUPPLY_NEVER ->
                    enoughSupplies
                            ? Optional.of(new Plan(
                                    semesterNumber,
                                    subject,
                                    List.of(Examiner.Outcome.FAIL, Examiner.Outcome.FAIL, Examiner.Outcome.FAIL),
                                    NEVER_CLEARED_TRIES,
                                    Revaluation.NONE))
                            : Optional.empty();
                case ABSENT ->
                    Optional.of(new Plan(
                            semesterNumber, subject, List.of(Examiner.Outcome.ABSENT), NO_LIMIT, Revaluation.NONE));
                case MALPRACTICE ->
                    Optional.of(new Plan(
                            semesterNumber, subject, List.of(Examiner.Outcome.WITHHELD), NO_LIMIT, Revaluation.NONE));
                case RCRV_RAISED ->
                    revalued
                            ? Optional.of(new Plan(
                                    semesterNumber,
                                    subject,
                                    List.of(Examiner.Outcome.MID_PASS),
                                    NO_LIMIT,
                                    Revaluation.RAISE))
                            : Optional.empty();
                case RCRV_UNCHANGED ->
                    revalued
                            ? Optional.of(new Plan(
                                    semesterNumber,
                                    subject,
                                    List.of(Examiner.Outcome.PASS),
                                    NO_LIMIT,
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
}
