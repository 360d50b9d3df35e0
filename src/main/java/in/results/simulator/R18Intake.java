package in.results.simulator;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * R18 B.Tech: batches 2018–2021 in four colleges and three branches, lateral entrants in every batch, detention
 * after the first, second or third year (rejoining the next batch), internal marks kept for every attempt.
 */
record R18Intake() implements Intake {

    private static final List<Shape> SHAPES = List.of(
            new Shape("BD", Syllabus.CSE, false, 36, 15, 2018),
            new Shape("BD", Syllabus.CSE_AIML, false, 24, 12, 2020),
            new Shape("S1", Syllabus.CSE_AIML, false, 18, 10, 2020),
            new Shape("BD", Syllabus.ECE, false, 24, 12, 2018),
            new Shape("S1", Syllabus.CSE, false, 26, 14, 2018),
            new Shape("E3", Syllabus.CSE, false, 20, 10, 2018),
            new Shape("E3", Syllabus.ECE, false, 18, 10, 2018),
            new Shape("9A", Syllabus.CSE, false, 16, 10, 2018),
            new Shape("BD", Syllabus.CSE, true, 6, 5, 2018),
            new Shape("S1", Syllabus.CSE, true, 3, 4, 2018),
            new Shape("E3", Syllabus.ECE, true, 4, 4, 2018));
    /** One CSE section of 2020 is large enough to need letter rolls up to O9. */
    private static final int LARGE_SECTION_BATCH = 2020;

    private static final int LARGE_SECTION_SLOTS = 249;
    private static final int DETENTION_YEARS = 3;
    private static final int SUPPLIES_FOR_A_PLANNED_FATE = 3;

    @Override
    public String regulation() {
        return "R18";
    }

    @Override
    public List<Integer> batches() {
        return R18Timetable.BATCHES;
    }

    @Override
    public List<Section> sections(SplittableRandom random) {
        List<Section> sections = new ArrayList<>();
        for (int batch : batches()) {
            for (Shape shape : SHAPES) {
                if (batch < shape.fromBatch()) {
                    continue;
                }
                boolean large = shape == SHAPES.getFirst() && batch == LARGE_SECTION_BATCH;
                int slots = large ? LARGE_SECTION_SLOTS : shape.least() + random.nextInt(shape.spread());
                sections.add(new Section(batch, shape.college(), shape.branch(), shape.lateral(), slots));
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
        return R18Timetable.regularCode(batch, semester);
    }

    @Override
    public List<Subject> subjects(String branch, int semester) {
        return Syllabus.subjects(branch, semester);
    }

    @Override
    public int suppliesForAPlannedFate() {
        return SUPPLIES_FOR_A_PLANNED_FATE;
    }

    @Override
    public boolean reRegisters() {
        return false;
    }
}
