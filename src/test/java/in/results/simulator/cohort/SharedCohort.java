package in.results.simulator.cohort;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Cohorts generated once per test run and shared by the test classes (generation takes ~0.2 s). */
public final class SharedCohort {

    private static final Map<Long, Cohort> BY_SEED = new ConcurrentHashMap<>();

    /** The cohort of {@link Cohort#DEFAULT_SEED}. */
    public static final Cohort DEFAULT = of(Cohort.DEFAULT_SEED);

    private SharedCohort() {}

    /** The cohort {@link Cohort#generate} makes of {@code seed}, generated once per test run. */
    public static Cohort of(long seed) {
        return BY_SEED.computeIfAbsent(seed, Cohort::generate);
    }

    /** Every syllabus course (R18 and R22) by code, so tests know each row's maximum marks and credits. */
    static Map<String, Subject> subjectsByCode() {
        Map<String, Subject> subjects = new HashMap<>();
        for (String branch : R22Syllabus.branches()) {
            for (int semester = 1; semester <= 8; semester++) {
                R22Syllabus.subjects(branch, semester).forEach(subject -> subjects.put(subject.code(), subject));
            }
        }
        for (String branch : Syllabus.branches()) {
            for (int semester = 1; semester <= 8; semester++) {
                Syllabus.subjects(branch, semester).forEach(subject -> subjects.put(subject.code(), subject));
            }
        }
        return subjects;
    }
}
