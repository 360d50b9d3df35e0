package in.results.lookup;

import in.results.catalog.ExamRelease;
import in.results.catalog.Semester;
import in.results.grading.Sgpa;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * All semesters of a student in one course, attempts merged (per subject, the best row over the attempts): the answer
 * of {@code /all-r18}, {@code /all-r22} and {@code /all}.
 *
 * @param overallGpa the overall GPA over the final rows with a pass grade: awarded (0 when there are none), or not
 *     computed where no grade points are known; never a fail
 */
public record Transcript(StudentDetails details, List<SemesterRecord> semesters, Sgpa overallGpa) {
    public Transcript {
        Objects.requireNonNull(details, "details");
        semesters = List.copyOf(semesters);
        Objects.requireNonNull(overallGpa, "overallGpa");
    }

    /**
     * One semester with at least one attempt: the final row of each subject, the SGPA over them, and per subject
     * code the release of the latest attempt that listed the subject (for a subject still failed: when it was
     * last sat). Every final row has its latest attempt.
     */
    public record SemesterRecord(
            Semester semester, List<SubjectResult> finalRows, Sgpa sgpa, Map<String, ExamRelease> lastAttempts) {
        public SemesterRecord {
            Objects.requireNonNull(semester, "semester");
            finalRows = List.copyOf(finalRows);
            Objects.requireNonNull(sgpa, "sgpa");
            lastAttempts = Collections.unmodifiableMap(new LinkedHashMap<>(lastAttempts));
            for (SubjectResult row : finalRows) {
                if (!lastAttempts.containsKey(row.code())) {
                    throw new IllegalArgumentException("no latest attempt of subject " + row.code());
                }
            }
        }

        /** The release of the latest attempt that listed the subject of {@code row}. */
        public ExamRelease lastAttemptOf(SubjectResult row) {
            return lastAttempts.get(row.code());
        }
    }
}
