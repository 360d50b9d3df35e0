package in.results.simulator;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * R22 B.Tech: batches 2022–2025 in four colleges, CSE and CSE (AI &amp; ML), lateral entrants joining the second
 * year of batches 2022–2024, detention after the first or second year (rejoining the next batch), and
 * re-registration of failed courses, after which a later attempt carries new internal marks.
 */
record R22Intake() implements Intake {

    private static final List<Shape> SHAPES = List.of(
            new Shape("BD", Syllabus.CSE, false, 34, 14, 2022),
            new Shape("BD", Syllabus.CSE_AIML, false, 22, 12, 2022),
            new Shape("S1", Syllabus.CSE, false, 24, 12, 2022),
            new Shape("E3", Syllabus.CSE_AIML, false, 18, 10, 2022),
            new Shape("9A", Syllabus.CSE, false, 16, 10, 2022),
            new Shape("BD", Syllabus.CSE, true, 5, 5, 2022),
            new Shape("S1", Syllabus.CSE_AIML, true, 3, 4, 2022));
    /** Lateral entrants join the second year, which the 2025 batch has not reached. */
    private static final int LAST_LATERAL_BATCH = 2024;

    private static final int DETENTION_YEARS = 2;
    private static final int SUPPLIES_FOR_A_PLANNED_FATE = 2;

    @Override
    public String regulation() {
        return R22Timetable.REGULATION;
    }

    @Override
    public List<Integer> batches() {
        return R22Timetable.BATCHES;
    }

    @Override
    public List<Section> sections(SplittableRandom random) {
        List<Section> sections = new ArrayList<>();
        for (int batch : batches()) {
            for (Shape shape : SHAPES) {
                if (batch >= shape.fromBatch() && (!shape.lateral() || batch <= LAST_LATERAL_BATCH)) {
                    sections.add(new Section(
                            batch,
                            shape.college(),
                            shape.branch(),
                            shape.lateral(),
                            shape.least() + random.nextInt(shape.spread())));
                }
            }
        }
        return sections;
    }

    @Override
    public boolean mayDetain(int batch) {
        return batch < batches().getLast();
    }

    @Override
    public int detainedAfterYear(SplittableRandom random) {
        return 1 + random.nextInt(DETENTION_YEARS);
    }

    @Override
    public Optional<String> regularCode(int batch, int semester) {
        return R22Timetable.regularCode(batch, semester);
    }

    @Override
    public List<Subject> subjects(String branch, int semester) {
        return R22Syllabus.subjects(branch, semester);
    }

    @Override
    public int suppliesForAPlannedFate() {
        return SUPPLIES_FOR_A_PLANNED_FATE;
    }

    @Override
    public boolean reRegisters() {
        return true;
    }
}
