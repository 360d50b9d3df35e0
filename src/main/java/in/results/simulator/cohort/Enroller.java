package in.results.simulator.cohort;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Enrols one regulation's students section by section and gives each a {@link Role}: a few of every batch are
 * planned to show each edge case (so every case exists for any seed), a small share more is drawn by {@link Odds}.
 * All draws come from the regulation's own random stream, in a fixed order.
 */
final class Enroller {

    /** Structural roles planned in every batch, before any fate. */
    private static final int PLANNED_NO_RESULT = 2;

    private static final int PLANNED_DETAINED = 3;
    /** Students per batch given each fate. */
    private static final int PER_FATE = 2;

    private final Intake intake;
    private final SplittableRandom random;
    private final NamePool names;

    Enroller(Intake intake, SplittableRandom random, NamePool names) {
        this.intake = intake;
        this.random = random;
        this.names = names;
    }

    /** Every student of every section, in section order, with gaps where nobody holds a roll number. */
    List<Enrolment> enrol() {
        List<Enrolment> enrolments = new ArrayList<>();
        for (Intake.Section section : intake.sections(random)) {
            enrolments.addAll(enrol(section));
        }
        return enrolments;
    }

    private List<Enrolment> enrol(Intake.Section section) {
        boolean usesIAndO = section.college().equals(CohortGenerator.COLLEGE_WITH_I_AND_O);
        // Lateral entrants join in second year; their hall ticket carries that year.
        int ticketYear = (section.lateral() ? section.batch() + 1 : section.batch()) % 100;
        List<Enrolment> enrolments = new ArrayList<>();
        for (int index = 1; index <= section.slots(); index++) {
            String roll = RollNumbers.roll(index, usesIAndO);
            boolean kept = index == 1 || roll.equals("I0") || roll.equals("O0");
            if (!kept && random.nextDouble() < Odds.ROLL_LEFT_UNUSED) {
                continue;
            }
            String hallTicket = String.format(
                    "%02d%s%c%c%s%s",
                    ticketYear,
                    section.college(),
                    section.lateral() ? '5' : '1',
                    intake.programme().letter(),
                    section.branch(),
                    roll);
            double ability = Odds.ABILITY_FLOOR + Odds.ABILITY_SPAN * Math.pow(random.nextDouble(), Odds.ABILITY_SKEW);
            enrolments.add(new Enrolment(
                    hallTicket,
                    names.studentName(),
                    names.fatherName(),
                    section.college(),
                    section.branch(),
                    section.batch(),
                    section.lateral(),
                    ability));
        }
        return enrolments;
    }

    /**
     * The role of every enrolment, by hall ticket: structural roles first (no result, detained), then planned
     * fates, chosen per batch among regular students so each edge case exists a few times whatever the seed.
     */
    Map<String, Role> roles(List<Enrolment> enrolments) {
        Map<String, Role> roles = new HashMap<>();
        for (int batch : intake.batches()) {
            List<Enrolment> regulars = new ArrayList<>();
            for (Enrolment enrolment : enrolments) {
                if (enrolment.batch() == batch && !enrolment.lateral()) {
                    regulars.add(enrolment);
                }
            }
            shuffle(regulars);
            int next = 0;
            for (int i = 0; i < PLANNED_NO_RESULT; i++) {
                roles.put(regulars.get(next++).hallTicket(), Role.withoutResult());
            }
            if (intake.mayDetain(batch)) {
                for (int i = 0; i < PLANNED_DETAINED; i++) {
                    roles.put(regulars.get(next++).hallTicket(), Role.detainedAfter(intake.detainedAfterYear(random)));
                }
            }
            for (FatePlanner.Fate fate : FatePlanner.Fate.values()) {
                if (fate != FatePlanner.Fate.NONE) {
                    for (int i = 0; i < PER_FATE; i++) {
                        roles.put(regulars.get(next++).hallTicket(), Role.fated(fate));
                    }
                }
            }
            for (int i = next; i < regulars.size(); i++) {
                double draw = random.nextDouble();
                if (draw < Odds.NO_RESULT_BELOW) {
                    roles.put(regulars.get(i).hallTicket(), Role.withoutResult());
                } else if (draw < Odds.DETAINED_BELOW && intake.mayDetain(batch)) {
                    roles.put(regulars.get(i).hallTicket(), Role.detainedAfter(intake.detainedAfterYear(random)));
                }
            }
        }
        return roles;
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
