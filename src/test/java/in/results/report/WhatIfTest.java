package in.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.catalog.Degree;
import in.results.catalog.ExamRelease;
import in.results.catalog.Semester;
import in.results.grading.GradeScale;
import in.results.grading.Sgpa;
import in.results.lookup.Transcript;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WhatIfTest {
    private static final GradeScale BTECH =
            GradeScale.known(Degree.BTECH, "R18").orElseThrow();
    private static final ExamRelease RELEASE = R18Releases.REGULAR_2_1;

    private static SubjectResult row(String code, String grade, String credits) {
        return new SubjectResult(code, "SUBJECT " + code, "20", "40", "60", grade, credits);
    }

    private static Transcript.SemesterRecord semester(Semester semester, Sgpa sgpa, SubjectResult... rows) {
        Map<String, ExamRelease> last = new LinkedHashMap<>();
        for (SubjectResult row : rows) {
            last.put(row.code(), RELEASE);
        }
        return new Transcript.SemesterRecord(semester, List.of(rows), sgpa, last);
    }

    @Test
    void a_backlog_passed_with_a_grade_changes_its_semester_and_the_cgpa() {
        Transcript transcript = new Transcript(
                new StudentDetails("189A1A0501", "A STUDENT", "A FATHER", "9A"),
                List.of(
                        semester(Semester.S1_1, new Sgpa.Awarded(new BigDecimal("8.00")), row("151AA", "A", "4")),
                        semester(
                                Semester.S2_1,
                                new Sgpa.Fail(),
                                row("153AE", "O", "3"),
                                row("153AK", "F", "0"),
                                row("153AG", "Ab", "0"))),
                new Sgpa.Awarded(new BigDecimal("8.86")));

        WhatIf whatIf = WhatIf.of(transcript, List.of(new WhatIf.Assumption("153AK", "B", new BigDecimal("3"))), BTECH);

        // 1-1 untouched keeps its SGPA; 2-1 still has 153AG failed: FAIL
        assertThat(whatIf.semesters())
                .extracting(WhatIf.SemesterGpa::sgpa)
                .containsExactly(new Sgpa.Awarded(new BigDecimal("8.00")), new Sgpa.Fail());
        assertThat(whatIf.semesters()).extracting(WhatIf.SemesterGpa::changed).containsExactly(false, true);
        // passed: 4 × 8 + 3 × 10 + 3 × 6 = 80 over 10 credits
        assertThat(whatIf.weightedPoints()).isEqualByComparingTo("80");
        assertThat(whatIf.creditsEarned()).isEqualByComparingTo("10");
        assertThat(whatIf.cgpa()).isEqualTo(new Sgpa.Awarded(new BigDecimal("8.00")));
        assertThat(whatIf.openBacklogs()).isEqualTo(1);

        WhatIf both = WhatIf.of(
                transcript,
                List.of(
                        new WhatIf.Assumption("153AK", "B", new BigDecimal("3")),
                        new WhatIf.Assumption("153AG", "A+", new BigDecimal("2"))),
                BTECH);

        // 2-1: (3 × 10 + 3 × 6 + 2 × 9) / 8 = 66 / 8 = 8.25
        assertThat(both.semesters().get(1).sgpa()).isEqualTo(new Sgpa.Awarded(new BigDecimal("8.25")));
        // (32 + 66) / 12 = 8.1666… → 8.17
        assertThat(both.cgpa()).isEqualTo(new Sgpa.Awarded(new BigDecimal("8.17")));
        assertThat(both.openBacklogs()).isZero();
    }
}
