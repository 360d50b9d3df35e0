package in.results.simulator.cohort;

import in.results.simulator.releases.ExamSchedule;
import in.results.simulator.releases.GradeScale;
import in.results.simulator.releases.Notice;
import in.results.simulator.releases.NoticeWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Builds the default world's {@link Cohort} from a seed: the synthetic release schedule, then each regulation's
 * students ({@link Registrar}).
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
    private final int sectionPercent;
    private final SplittableRandom random;
    private final SplittableRandom r22Random;
    private final ExamSchedule schedule;
    private final Examiner examiner;
    private final NamePool names;

    /** @param sectionPercent how large each section is drawn, in percent of the default world's (100) */
    CohortGenerator(long seed, int sectionPercent) {
        this.seed = seed;
        this.sectionPercent = sectionPercent;
        this.random = new SplittableRandom(seed);
        this.r22Random = new SplittableRandom(seed ^ R22_STREAM_SALT);
        this.schedule = ExamSchedule.create(random.split(), r22Random.split());
        this.examiner = new Examiner(random.split(), GradeScale.BTECH);
        this.names = new NamePool(random.split());
    }

    Cohort generate() {
        List<Student> students = new ArrayList<>(students(Intake.R18, random, examiner, names));
        List<Notice> notices = new NoticeWriter(random.split()).notices(schedule.exams());
        students.addAll(students(
                Intake.R22,
                r22Random,
                new Examiner(r22Random.split(), GradeScale.BTECH),
                new NamePool(r22Random.split())));
        students.sort(Comparator.comparing(Student::hallTicket));
        return new Cohort(seed, schedule.exams(), students, notices);
    }

    private List<Student> students(Intake intake, SplittableRandom random, Examiner examiner, NamePool names) {
        return new Registrar(schedule).students(intake.withSectionsScaled(sectionPercent), random, examiner, names);
    }
}
