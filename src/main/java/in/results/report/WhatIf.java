package in.results.report;

import in.results.catalog.Semester;
import in.results.grading.GradeCalculator;
import in.results.grading.GradeScale;
import in.results.grading.Grading;
import in.results.grading.Sgpa;
import in.results.lookup.Transcript;
import in.results.scrape.SubjectResult;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A student's figures as if some backlogs were passed with the grades given ({@code ?if=153AK:B}): each such final
 * row is replaced by a pass with the subject's credits (a failed row shows 0, so they come from another page, see
 * {@link Assumption}), and the SGPA of each semester it changes, the CGPA and the credits are worked out again by the
 * rules of DESIGN §4 on the programme's scale. Semesters no assumption touches keep their SGPA.
 *
 * @param assumed the backlogs taken as passed
 * @param semesters every semester, with its SGPA after the assumptions
 * @param cgpa the CGPA after them
 * @param weightedPoints Σ credits × points over the passed final rows after them (what the CGPA divides)
 * @param creditsEarned Σ credits of the passed final rows after them
 * @param openBacklogs the backlogs left
 */
public record WhatIf(
        List<Assumption> assumed,
        List<SemesterGpa> semesters,
        Sgpa cgpa,
        BigDecimal weightedPoints,
        BigDecimal creditsEarned,
        int openBacklogs) {

    public WhatIf {
        assumed = List.copyOf(assumed);
        semesters = List.copyOf(semesters);
        Objects.requireNonNull(cgpa, "cgpa");
        Objects.requireNonNull(weightedPoints, "weightedPoints");
        Objects.requireNonNull(creditsEarned, "creditsEarned");
    }

    /** A backlog taken as passed with {@code grade}, worth {@code credits} (as a page that passed it shows). */
    public record Assumption(String subjectCode, String grade, BigDecimal credits) {
        public Assumption {
            Objects.requireNonNull(subjectCode, "subjectCode");
            Objects.requireNonNull(grade, "grade");
            Objects.requireNonNull(credits, "credits");
        }
    }

    /** A semester's SGPA, and whether an assumption changed it. */
    public record SemesterGpa(Semester semester, Sgpa sgpa, boolean changed) {
        public SemesterGpa {
            Objects.requireNonNull(semester, "semester");
            Objects.requireNonNull(sgpa, "sgpa");
        }
    }

    /**
     * The figures of {@code transcript} with {@code assumed} (each a final row with a fail grade, and a pass grade of
     * {@code scale}: the caller checks both) taken as passed, on {@code scale}.
     */
    public static WhatIf of(Transcript transcript, List<Assumption> assumed, GradeScale scale) {
        Map<String, Assumption> byCode = new HashMap<>();
        assumed.forEach(assumption -> byCode.put(assumption.subjectCode(), assumption));
        Grading grading = new Grading.Scaled(scale);
        List<SemesterGpa> semesters = new ArrayList<>();
        List<GradeCalculator.GradedRows> graded = new ArrayList<>();
        BigDecimal weighted = BigDecimal.ZERO;
        BigDecimal earned = BigDecimal.ZERO;
        int open = 0;
        for (Transcript.SemesterRecord record : transcript.semesters()) {
            List<SubjectResult> rows = new ArrayList<>();
            boolean changed = false;
            for (SubjectResult row : record.finalRows()) {
                Assumption assumption = byCode.get(row.code());
                if (assumption != null && GradeScale.isFail(row.grade())) {
                    row = passed(row, assumption);
                    changed = true;
                }
                rows.add(row);
                if (GradeScale.isFail(row.grade())) {
                    open++;
                } else {
                    BigDecimal credits = GradeCalculator.creditsOf(row);
                    earned = earned.add(credits);
                    weighted = weighted.add(credits.multiply(BigDecimal.valueOf(scale.pointsOf(row.grade()))));
                }
            }
            semesters.add(new SemesterGpa(
                    record.semester(), changed ? GradeCalculator.sgpaOf(rows, grading) : record.sgpa(), changed));
            graded.add(new GradeCalculator.GradedRows(rows, grading));
        }
        return new WhatIf(assumed, semesters, GradeCalculator.overallGpaOf(graded), weighted, earned, open);
    }

    private static SubjectResult passed(SubjectResult row, Assumption assumption) {
        return new SubjectResult(
                row.code(),
                row.name(),
                row.internal(),
                row.external(),
                row.total(),
                assumption.grade(),
                assumption.credits().toPlainString());
    }
}
