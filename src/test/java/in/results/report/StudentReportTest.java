package in.results.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import in.results.catalog.Course;
import in.results.catalog.Degree;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.Semester;
import in.results.core.HallTicket;
import in.results.core.Regulation;
import in.results.grading.Sgpa;
import in.results.lookup.Transcript;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StudentReportTest {
    private static final Course BTECH_R18 = new Course(Degree.BTECH, Regulation.R18);
    private static final HallTicket REGULAR = new HallTicket("189A1A0501");
    private static final HallTicket LATERAL = new HallTicket("199A5A0501");
    private static final StudentDetails DETAILS = new StudentDetails("189A1A0501", "A STUDENT", "A FATHER", "9A");
    private static final ExamRelease REGULAR_2_1 = R18Releases.REGULAR_2_1;
    private static final ExamRelease SUPPLY_2_1 = R18Releases.SUPPLY_2_1;

    private static SubjectResult row(String code, String grade, String credits) {
        return new SubjectResult(code, "SUBJECT " + code, "20", "40", "60", grade, credits);
    }

    private static Transcript.SemesterRecord semester(
            Semester semester, Sgpa sgpa, ExamRelease lastAttempt, SubjectResult... rows) {
        Map<String, ExamRelease> last = new LinkedHashMap<>();
        for (SubjectResult row : rows) {
            last.put(row.code(), lastAttempt);
        }
        return new Transcript.SemesterRecord(semester, List.of(rows), sgpa, last);
    }

    private static StudentReport report(Course course, HallTicket hallTicket, Transcript transcript) {
        return StudentReport.of(course, hallTicket, transcript, PromotionRules.shipped(), ExamCatalog.builtIn());
    }

    private static Sgpa awarded(String value) {
        return new Sgpa.Awarded(new BigDecimal(value));
    }

    @Test
    void credits_earned_count_passed_rows_and_failed_subjects_are_backlogs_with_their_last_attempt() {
        SubjectResult failed = row("153AK", "F", "0");
        SubjectResult absent = row("153AG", "Ab", "0");
        Transcript transcript = new Transcript(
                DETAILS,
                List.of(
                        semester(
                                Semester.S1_1,
                                awarded("8.00"),
                                REGULAR_2_1,
                                row("151AA", "A", "4"),
                                row("15102", "O", "1.5"),
                                row("151AM", "P", "0")),
                        semester(Semester.S2_1, new Sgpa.Fail(), SUPPLY_2_1, row("153AE", "B", "3"), failed, absent)),
                new Sgpa.Awarded(new BigDecimal("7.91")));

        StudentReport report = report(BTECH_R18, REGULAR, transcript);

        assertThat(report.semesters())
                .extracting(StudentReport.SemesterReport::creditsEarned)
                .usingElementComparator(BigDecimal::compareTo)
                .containsExactly(new BigDecimal("5.5"), new BigDecimal("3"));
        assertThat(report.semesters().get(0).creditsRegistered())
                .hasValueSatisfying(registered -> assertThat(registered).isEqualByComparingTo("5.5"));
        assertThat(report.semesters().get(1).creditsRegistered()).isEmpty();
        assertThat(report.semesters().get(1).failed())
                .extracting(backlog -> backlog.row().code())
                .containsExactly("153AK", "153AG");
        assertThat(report.backlogs())
                .containsExactlyElementsOf(report.semesters().get(1).failed());
        assertThat(report.backlogs()).allSatisfy(backlog -> {
            assertThat(backlog.semester()).isEqualTo(Semester.S2_1);
            assertThat(backlog.lastAttempt()).isEqualTo(SUPPLY_2_1);
        });
        assertThat(report.creditsEarned()).isEqualByComparingTo("8.5");
        assertThat(report.creditsRequired()).hasValue(160);
        assertThat(report.cgpa()).isEqualTo(new Sgpa.Awarded(new BigDecimal("7.91")));
        assertThat(report.percentage()).contains(new BigDecimal("74.10"));
        assertThat(report.lateralEntry()).isFalse();
    }

    @Test
    void a_withheld_row_is_a_backlog_and_earns_nothing() {
        Transcript transcript = new Transcript(
                DETAILS,
                List.of(semester(
                        Semester.S2_1,
                        new Sgpa.Fail(),
                        REGULAR_2_1,
                        new SubjectResult("153AK", "DATA STRUCTURES", "-", "-", "-", "-", "-"),
                        row("153AE", "A", "3"))),
                new Sgpa.Awarded(new BigDecimal("8.00")));

        StudentReport report = report(BTECH_R18, REGULAR, transcript);

        assertThat(report.backlogs())
                .extracting(backlog -> backlog.row().grade())
                .containsExactly("-");
        assertThat(report.creditsEarned()).isEqualByComparingTo("3");
    }

    @Test
    void other_programmes_have_their_own_credits_or_none_and_no_percentage() {
        Transcript transcript = new Transcript(
                DETAILS,
                List.of(semester(Semester.S2_1, awarded("9.00"), REGULAR_2_1, row("153AE", "A+", "3"))),
                new Sgpa.Awarded(new BigDecimal("9.00")));

        StudentReport pharmacy =
                report(new Course(Degree.BPHARMACY, Regulation.R22), new HallTicket("229A1R0501"), transcript);
        StudentReport mba = report(new Course(Degree.MBA, Regulation.R22), new HallTicket("229A1E0001"), transcript);

        assertThat(pharmacy.creditsRequired()).hasValue(209);
        assertThat(pharmacy.percentage()).isEmpty();
        assertThat(mba.creditsRequired()).isEmpty();
        assertThat(mba.percentage()).isEmpty();
        assertThat(mba.cgpa()).isEqualTo(new Sgpa.Awarded(new BigDecimal("9.00")));
    }

    @Test
    void lateral_entry_needs_123_credits_in_r18_and_120_in_r22() {
        Transcript transcript = new Transcript(
                DETAILS,
                List.of(semester(Semester.S2_1, awarded("9.00"), REGULAR_2_1, row("153AE", "A+", "3"))),
                new Sgpa.Awarded(new BigDecimal("9.00")));

        StudentReport report = report(BTECH_R18, LATERAL, transcript);

        assertThat(report.lateralEntry()).isTrue();
        assertThat(report.creditsRequired()).hasValue(123);
        assertThat(report(new Course(Degree.BTECH, Regulation.R22), new HallTicket("235A5A0501"), transcript)
                        .creditsRequired())
                .as("R22 lateral entry: 160 less the 40 first-year credits, as the promotion table settles it")
                .hasValue(120);
    }

    @Test
    void percentage_is_cgpa_minus_half_times_ten_and_never_negative() {
        assertThat(ReportRules.percentageOf(new BigDecimal("7.91"))).isEqualTo(new BigDecimal("74.10"));
        assertThat(ReportRules.percentageOf(new BigDecimal("10.00"))).isEqualTo(new BigDecimal("95.00"));
        assertThat(ReportRules.percentageOf(new BigDecimal("5.05"))).isEqualTo(new BigDecimal("45.50"));
        assertThat(ReportRules.percentageOf(new BigDecimal("0.50"))).isEqualTo(new BigDecimal("0.00"));
        assertThat(ReportRules.percentageOf(BigDecimal.ZERO)).isEqualTo(new BigDecimal("0.00"));
    }

    @Test
    void a_semester_record_must_know_the_last_attempt_of_every_subject() {
        assertThatThrownBy(() -> new Transcript.SemesterRecord(
                        Semester.S1_1, List.of(row("151AA", "A", "4")), awarded("8.00"), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("151AA");
    }

    @Test
    void reports_with_the_same_parts_are_equal() {
        Transcript transcript = new Transcript(
                DETAILS,
                List.of(semester(Semester.S2_1, new Sgpa.Fail(), SUPPLY_2_1, row("153AK", "F", "0"))),
                new Sgpa.Awarded(new BigDecimal("0.00")));

        assertThat(report(BTECH_R18, REGULAR, transcript))
                .isEqualTo(report(BTECH_R18, REGULAR, transcript))
                .hasSameHashCodeAs(report(BTECH_R18, REGULAR, transcript))
                .isNotEqualTo(report(BTECH_R18, LATERAL, transcript));
    }
}
