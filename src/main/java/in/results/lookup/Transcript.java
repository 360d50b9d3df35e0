package in.results.lookup;

import in.results.catalog.Semester;
import in.results.grading.Sgpa;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * All semesters of a student in one regulation, attempts merged (per subject, the best row over the attempts):
 * the answer of {@code /all-r18}, {@code /all-r22} and {@code /all}.
 */
public record Transcript(StudentDetails details, List<SemesterRecord> semesters, BigDecimal overallGpa) {
    public Transcript {
        Objects.requireNonNull(details, "details");
        semesters = List.copyOf(semesters);
        Objects.requireNonNull(overallGpa, "overallGpa");
    }

    /** One semester with at least one attempt: the final row of each subject and the SGPA over them. */
    public record SemesterRecord(Semester semester, List<SubjectResult> finalRows, Sgpa sgpa) {
        public SemesterRecord {
            Objects.requireNonNull(semester, "semester");
            finalRows = List.copyOf(finalRows);
            Objects.requireNonNull(sgpa, "sgpa");
        }
    }
}
