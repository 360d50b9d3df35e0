package in.results.simulator;

import java.util.HashMap;
import java.util.Map;

/** The default-seed cohort, generated once per test run and shared by the test classes. */
final class SharedCohort {

    static final Cohort DEFAULT = Cohort.generate(Cohort.DEFAULT_SEED);

    private SharedCohort() {}

    /** Every syllabus course by code, so tests know each row's maximum marks and credits. */
    static Map<String, Subject> subjectsByCode() {
        Map<String, Subject> subjects = new HashMap<>();
        for (String branch : Syllabus.branches()) {
            for (int semester = 1; semester <= 8; semester++) {
                Syllabus.subjects(branch, semester).forEach(subject -> subjects.put(subject.code(), subject));
            }
        }
        return subjects;
    }
}
