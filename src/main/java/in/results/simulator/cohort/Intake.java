package in.results.simulator.cohort;

import in.results.simulator.releases.Programme;
import in.results.simulator.releases.R18Timetable;
import in.results.simulator.releases.R22Timetable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * What differs between the regulations the simulated university enrols ({@link #R18}, {@link #R22}): the batches and
 * their sections, the syllabus, the regular release a batch sits for each semester, and the details of detention and
 * re-registration. {@link CohortGenerator} runs the same steps for each, each regulation on a random stream of its
 * own.
 *
 * @param programme               the programme the students study
 * @param regulation              {@code "R18"}, {@code "R22"}: as titles write it
 * @param batches                 the admission years, in order
 * @param shapes                  the kinds of sections, in enrolment order within a batch
 * @param detentionYears          a detained student completes 1 to this many years with their own batch
 * @param suppliesForAPlannedFate supplementary releases a regular exam needs after it before a supplementary fate is
 *                                planned there
 * @param reRegisters             whether a failed course may be re-registered, so that a later attempt carries new
 *                                internal marks
 * @param timetable               the regular release a batch sits for a semester number (1 = 1-1 … 8 = 4-2)
 * @param curriculum              the courses of a branch in a semester number, sorted by code
 * @param semesters               the semesters the curriculum holds: no batch sits more
 * @param laterRegulations        batches admitted under a newer regulation than {@code regulation}, which sit the
 *                                same courses and releases here but whose releases and students carry the newer
 *                                regulation's name
 */
record Intake(
        Programme programme,
        String regulation,
        List<Integer> batches,
        List<Shape> shapes,
        int detentionYears,
        int suppliesForAPlannedFate,
        boolean reRegisters,
        Timetable timetable,
        Curriculum curriculum,
        int semesters,
        Map<Integer, String> laterRegulations) {

    /**
     * R18 B.Tech: batches 2018–2021 in four colleges and three branches, lateral entrants in every batch, detention
     * after the first, second or third year (rejoining the next batch), internal marks kept for every attempt. One
     * CSE section of 2020 is large enough to need letter rolls up to O9.
     */
    static final Intake R18 = new Intake(
            Programme.BTECH,
            R18Timetable.REGULATION,
            R18Timetable.BATCHES,
            List.of(
                    new Shape("BD", Syllabus.CSE, false, 36, 15, 2018, 2021, Map.of(2020, 249)),
                    new Shape("BD", Syllabus.CSE_AIML, false, 24, 12, 2020, 2021),
                    new Shape("S1", Syllabus.CSE_AIML, false, 18, 10, 2020, 2021),
                    new Shape("BD", Syllabus.ECE, false, 24, 12, 2018, 2021),
                    new Shape("S1", Syllabus.CSE, false, 26, 14, 2018, 2021),
                    new Shape("E3", Syllabus.CSE, false, 20, 10, 2018, 2021),
                    new Shape("E3", Syllabus.ECE, false, 18, 10, 2018, 2021),
                    new Shape("9A", Syllabus.CSE, false, 16, 10, 2018, 2021),
                    new Shape("BD", Syllabus.CSE, true, 6, 5, 2018, 2021),
                    new Shape("S1", Syllabus.CSE, true, 3, 4, 2018, 2021),
                    new Shape("E3", Syllabus.ECE, true, 4, 4, 2018, 2021)),
            3,
            3,
            false,
            R18Timetable::regularCode,
            Syllabus::subjects,
            R18Timetable.SEMESTERS.size(),
            Map.of());

    /**
     * R22 B.Tech: batches 2022–2025 in four colleges (batch 2025 is R25's first: hall tickets {@code 25xx1A}, its
     * release titled {@code (R25)}; R25's courses are not public, so it is given R22's first-year courses and scale), CSE and CSE (AI &amp; ML), lateral entrants joining the second
     * year of batches 2022–2024 (2025 has not reached it), detention after the first or second year (rejoining the
     * next batch), and re-registration of failed courses, after which a later attempt carries new internal marks.
     */
    static final Intake R22 = new Intake(
            Programme.BTECH,
            R22Timetable.REGULATION,
            R22Timetable.BATCHES,
            List.of(
                    new Shape("BD", Syllabus.CSE, false, 34, 14, 2022, 2025),
                    new Shape("BD", Syllabus.CSE_AIML, false, 22, 12, 2022, 2025),
                    new Shape("S1", Syllabus.CSE, false, 24, 12, 2022, 2025),
                    new Shape("E3", Syllabus.CSE_AIML, false, 18, 10, 2022, 2025),
                    new Shape("9A", Syllabus.CSE, false, 16, 10, 2022, 2025),
                    new Shape("BD", Syllabus.CSE, true, 5, 5, 2022, 2024),
                    new Shape("S1", Syllabus.CSE_AIML, true, 3, 4, 2022, 2024)),
            2,
            2,
            true,
            R22Timetable::regularCode,
            R22Syllabus::subjects,
            R18Timetable.SEMESTERS.size(),
            Map.of(R22Timetable.R25_FROM_BATCH, R22Timetable.R25));

    /**
     * An intake of another programme on the real release list: {@code colleges} each hold one section of
     * {@code students} roll numbers per batch ({@code lateralStudents} more lateral entrants where the programme admits
     * them), detention after the first year, re-registration of failed courses, and a placeholder timetable that
     * {@link #withTimetable} replaces with the list's.
     */
    static Intake of(
            ProgrammeSyllabus syllabus,
            List<Integer> batches,
            List<String> colleges,
            int students,
            int lateralStudents) {
        int first = batches.getFirst();
        int last = batches.getLast();
        List<Shape> shapes = new ArrayList<>();
        for (String college : colleges) {
            shapes.add(new Shape(college, syllabus.specialisation(), false, students, 1, first, last));
        }
        if (lateralStudents > 0) {
            shapes.add(
                    new Shape(colleges.getFirst(), syllabus.specialisation(), true, lateralStudents, 1, first, last));
        }
        return new Intake(
                syllabus.programme(),
                syllabus.regulation(),
                batches,
                shapes,
                1,
                1,
                true,
                (batch, semester) -> Optional.empty(),
                syllabus::subjects,
                syllabus.semesters().size(),
                Map.of());
    }

    /**
     * This intake with every section drawn {@code percent} % as large (sizes fixed for a batch stay as they are): a
     * larger university for benchmarks at scale. 100 is this intake.
     */
    Intake withSectionsScaled(int percent) {
        List<Shape> scaled = shapes.stream()
                .map(shape -> new Shape(
                        shape.college(),
                        shape.branch(),
                        shape.lateral(),
                        shape.least() * percent / 100,
                        Math.max(1, shape.spread() * percent / 100),
                        shape.fromBatch(),
                        shape.toBatch(),
                        shape.fixedSlots()))
                .toList();
        return with(scaled, timetable);
    }

    /** This intake sitting the regular releases {@code timetable} names. */
    Intake withTimetable(Timetable timetable) {
        return with(shapes, timetable);
    }

    private Intake with(List<Shape> shapes, Timetable timetable) {
        return new Intake(
                programme,
                regulation,
                batches,
                shapes,
                detentionYears,
                suppliesForAPlannedFate,
                reRegisters,
                timetable,
                curriculum,
                semesters,
                laterRegulations);
    }

    /** A class of one batch, college and branch; lateral entrants are a section of their own. */
    record Section(int batch, String college, String branch, boolean lateral, int slots) {}

    /**
     * A kind of section offered to batches {@code fromBatch} to {@code toBatch}, holding {@code least} to
     * {@code least + spread - 1} roll numbers, drawn per batch, except in the batches of {@code fixedSlots}, whose
     * section holds the number given there.
     */
    record Shape(
            String college,
            String branch,
            boolean lateral,
            int least,
            int spread,
            int fromBatch,
            int toBatch,
            Map<Integer, Integer> fixedSlots) {

        Shape(String college, String branch, boolean lateral, int least, int spread, int fromBatch, int toBatch) {
            this(college, branch, lateral, least, spread, fromBatch, toBatch, Map.of());
        }
    }

    /** The regular release a batch sits for semester number {@code semester} (1 = 1-1 … 8 = 4-2), if any yet. */
    @FunctionalInterface
    interface Timetable {
        Optional<String> regularCode(int batch, int semester);
    }

    /** The courses of a branch in a semester number, sorted by code. */
    @FunctionalInterface
    interface Curriculum {
        List<Subject> subjects(String branch, int semester);
    }

    /** Every section to enrol, in enrolment order; sizes are drawn from {@code random}. */
    List<Section> sections(SplittableRandom random) {
        List<Section> sections = new ArrayList<>();
        for (int batch : batches) {
            for (Shape shape : shapes) {
                if (batch < shape.fromBatch() || batch > shape.toBatch()) {
                    continue;
                }
                Integer fixed = shape.fixedSlots().get(batch);
                int slots = fixed != null ? fixed : shape.least() + random.nextInt(shape.spread());
                sections.add(new Section(batch, shape.college(), shape.branch(), shape.lateral(), slots));
            }
        }
        return sections;
    }

    /** The regulation students of {@code batch} are enrolled under (lateral entrants: the batch they join). */
    String regulationOf(int batch) {
        return laterRegulations.getOrDefault(batch, regulation);
    }

    /** Whether students of {@code batch} may be detained: only when a later batch exists to rejoin. */
    boolean mayDetain(int batch) {
        return batch < batches.getLast();
    }

    /** The last year a detained student completes with their own batch, drawn from {@code random}. */
    int detainedAfterYear(SplittableRandom random) {
        return 1 + random.nextInt(detentionYears);
    }
}
