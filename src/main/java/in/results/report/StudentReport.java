package in.results.report;

import in.results.catalog.Course;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.Semester;
import in.results.core.HallTicket;
import in.results.grading.GradeCalculator;
import in.results.grading.GradeScale;
import in.results.grading.Sgpa;
import in.results.lookup.Transcript;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A student's report (DESIGN §4 "Report figures"), derived from the merged transcript alone: per semester the SGPA,
 * the credits and the subjects still failed; overall the CGPA, the credits towards the degree, the open backlogs
 * and the percentage. Built by {@link #of}; nothing here asks the university.
 *
 * @param details        the student as the result pages show them
 * @param lateralEntry   whether the hall ticket is a lateral-entry one (joined in the second year)
 * @param semesters      every semester with an attempt, in order 1-1 … 4-2
 * @param cgpa           the transcript's overall GPA (over the final rows that carry a pass grade), or not computed
 * @param creditsEarned  Σ credits of the final rows with a pass grade, over all semesters
 * @param creditsRequired credits the degree needs, empty where the university's figure is not known: the
 *     {@link PromotionRules} table's degree row where it has one, else {@link in.results.catalog.Course#creditsRequired}
 * @param backlogs       every final row with a fail grade, semester by semester, in page order
 * @param percentage     {@link ReportRules#percentageOf} the CGPA, empty where the conversion is not the programme's
 *     known one ({@link in.results.catalog.Course#hasKnownPercentage})
 * @param promotion      the standing by the promotion rules, or why there is none
 */
public record StudentReport(
        StudentDetails details,
        boolean lateralEntry,
        List<SemesterReport> semesters,
        Sgpa cgpa,
        BigDecimal creditsEarned,
        OptionalInt creditsRequired,
        List<Backlog> backlogs,
        Optional<BigDecimal> percentage,
        Promotion promotion) {

    public StudentReport {
        Objects.requireNonNull(details, "details");
        semesters = List.copyOf(semesters);
        Objects.requireNonNull(cgpa, "cgpa");
        Objects.requireNonNull(creditsEarned, "creditsEarned");
        backlogs = List.copyOf(backlogs);
        Objects.requireNonNull(creditsRequired, "creditsRequired");
        Objects.requireNonNull(percentage, "percentage");
        Objects.requireNonNull(promotion, "promotion");
    }

    /**
     * One semester of the report.
     *
     * @param creditsEarned Σ credits of the semester's final rows with a pass grade
     * @param failed        the semester's subjects still failed (final row F, Ab or {@code -})
     */
    public record SemesterReport(Semester semester, Sgpa sgpa, BigDecimal creditsEarned, List<Backlog> failed) {
        public SemesterReport {
            Objects.requireNonNull(semester, "semester");
            Objects.requireNonNull(sgpa, "sgpa");
            Objects.requireNonNull(creditsEarned, "creditsEarned");
            failed = List.copyOf(failed);
        }

        /**
         * The credits registered for the semester, when known: the university shows 0 credits on F, Ab and
         * {@code -} rows, so a failed subject's credits are unknown until it is passed. With every subject
         * passed, registered equals earned; with a subject still failed, empty.
         */
        public Optional<BigDecimal> creditsRegistered() {
            return failed.isEmpty() ? Optional.of(creditsEarned) : Optional.empty();
        }
    }

    /** A subject still failed: its final row, and the release of the latest attempt at it. */
    public record Backlog(Semester semester, SubjectResult row, ExamRelease lastAttempt) {
        public Backlog {
            Objects.requireNonNull(semester, "semester");
            Objects.requireNonNull(row, "row");
            Objects.requireNonNull(lastAttempt, "lastAttempt");
        }
    }

    /**
     * The report of {@code hallTicket}, a student of {@code course}, from its merged transcript, with the standing on
     * {@code rules}; {@code catalog} tells which of the batch's years have ended.
     */
    public static StudentReport of(
            Course course, HallTicket hallTicket, Transcript transcript, PromotionRules rules, ExamCatalog catalog) {
        List<SemesterReport> semesters = new ArrayList<>();
        List<Backlog> backlogs = new ArrayList<>();
        BigDecimal creditsEarned = BigDecimal.ZERO;
        for (Transcript.SemesterRecord record : transcript.semesters()) {
            List<Backlog> failed = new ArrayList<>();
            BigDecimal earned = BigDecimal.ZERO;
            for (SubjectResult row : record.finalRows()) {
                if (GradeScale.isFail(row.grade())) {
                    failed.add(new Backlog(record.semester(), row, record.lastAttemptOf(row)));
                } else {
                    earned = earned.add(GradeCalculator.creditsOf(row));
                }
            }
            semesters.add(new SemesterReport(record.semester(), record.sgpa(), earned, failed));
            backlogs.addAll(failed);
            creditsEarned = creditsEarned.add(earned);
        }
        boolean lateralEntry = hallTicket.isLateralEntry();
        OptionalInt creditsRequired = rules.degreeCredits(course, lateralEntry);
        return new StudentReport(
                transcript.details(),
                lateralEntry,
                semesters,
                transcript.overallGpa(),
                creditsEarned,
                creditsRequired.isPresent() ? creditsRequired : course.creditsRequired(lateralEntry),
                backlogs,
                course.hasKnownPercentage() && transcript.overallGpa() instanceof Sgpa.Awarded cgpa
                        ? Optional.of(ReportRules.percentageOf(cgpa.value()))
                        : Optional.empty(),
                Promotion.of(rules, course, hallTicket, semesters, catalog));
    }
}
