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

class StudentComparisonTest {
    private static final Course BTECH_R18 = new Course(Degree.BTECH, Regulation.R18);
    private static final HallTicket REGULAR = new HallTicket("189A1A0501");
    private static final HallTicket LATERAL = new HallTicket("199A5A0502");
    private static final ExamRelease RELEASE = R18Releases.REGULAR_2_1;

    private static SubjectResult row(String code, String grade) {
        return new SubjectResult(code, "SUBJECT " + code, "20", "40", "60", grade, "3");
    }

    private static Transcript.SemesterRecord semester(Semester semester, Sgpa sgpa, SubjectResult... rows) {
        Map<String, ExamRelease> last = new LinkedHashMap<>();
        for (SubjectResult row : rows) {
            last.put(row.code(), RELEASE);
        }
        return new Transcript.SemesterRecord(semester, List.of(rows), sgpa, last);
    }

    private static Transcript transcript(HallTicket hallTicket, Transcript.SemesterRecord... semesters) {
        return new Transcript(
                new StudentDetails(hallTicket.value(), "STUDENT " + hallTicket, "FATHER", "9A"),
                List.of(semesters),
                new Sgpa.Awarded(new BigDecimal("8.00")));
    }

    private static StudentComparison comparisonOf(
            HallTicket first, Transcript firstTranscript, HallTicket second, Transcript secondTranscript) {
        return StudentComparison.of(
                StudentReport.of(BTECH_R18, first, firstTranscript, PromotionRules.shipped(), ExamCatalog.builtIn()),
                firstTranscript,
                StudentReport.of(BTECH_R18, second, secondTranscript, PromotionRules.shipped(), ExamCatalog.builtIn()),
                secondTranscript);
    }

    private static Sgpa awarded(String value) {
        return new Sgpa.Awarded(new BigDecimal(value));
    }

    @Test
    void semesters_are_those_either_student_has_in_course_order_with_each_ones_sgpa_or_none() {
        Transcript regular = transcript(
                REGULAR,
                semester(Semester.S1_1, awarded("8.50"), row("151AA", "A")),
                semester(Semester.S2_1, new Sgpa.Fail(), row("153AK", "F")));
        Transcript lateral = transcript(
                LATERAL,
                semester(Semester.S2_2, awarded("7.00"), row("154AA", "B+")),
                semester(Semester.S2_1, awarded("9.00"), row("153AK", "A+")));

        StudentComparison comparison = comparisonOf(REGULAR, regular, LATERAL, lateral);

        assertThat(comparison.semesters()).containsExactly(Semester.S1_1, Semester.S2_1, Semester.S2_2);
        assertThat(comparison.firstSgpaOf(Semester.S1_1)).contains(awarded("8.50"));
        assertThat(comparison.secondSgpaOf(Semester.S1_1)).isEmpty();
        assertThat(comparison.firstSgpaOf(Semester.S2_1)).contains(new Sgpa.Fail());
        assertThat(comparison.secondSgpaOf(Semester.S2_1)).contains(awarded("9.00"));
        assertThat(comparison.firstSgpaOf(Semester.S2_2)).isEmpty();
        assertThat(comparison.firstSgpaOf(Semester.S4_2)).isEmpty();
    }

    @Test
    void common_subjects_are_matched_by_code_in_the_first_students_order_with_each_ones_row_and_semester() {
        Transcript first = transcript(
                REGULAR,
                semester(Semester.S1_1, awarded("8.00"), row("151AA", "A"), row("15102", "O"), row("151AB", "B")),
                semester(Semester.S2_1, new Sgpa.Fail(), row("153AK", "F"), row("153AE", "C")));
        Transcript second = transcript(
                LATERAL,
                semester(Semester.S2_1, awarded("9.00"), row("153AE", "A+"), row("153AK", "B")),
                semester(Semester.S2_2, awarded("6.00"), row("151AB", "B")));

        StudentComparison comparison = comparisonOf(REGULAR, first, LATERAL, second);

        assertThat(comparison.commonSubjects())
                .extracting(StudentComparison.CommonSubject::code)
                .containsExactly("151AB", "153AK", "153AE");
        StudentComparison.CommonSubject backlog = comparison.commonSubjects().get(1);
        assertThat(backlog.first()).isEqualTo(new StudentComparison.Taken(Semester.S2_1, row("153AK", "F")));
        assertThat(backlog.second()).isEqualTo(new StudentComparison.Taken(Semester.S2_1, row("153AK", "B")));
        StudentComparison.CommonSubject movedSemester =
                comparison.commonSubjects().getFirst();
        assertThat(movedSemester.first().semester()).isEqualTo(Semester.S1_1);
        assertThat(movedSemester.second().semester()).isEqualTo(Semester.S2_2);
    }

    @Test
    void students_without_a_subject_code_in_common_have_no_common_subjects() {
        Transcript first = transcript(REGULAR, semester(Semester.S1_1, awarded("8.00"), row("151AA", "A")));
        Transcript second = transcript(LATERAL, semester(Semester.S1_1, awarded("8.00"), row("BP101T", "A")));

        assertThat(comparisonOf(REGULAR, first, LATERAL, second).commonSubjects())
                .isEmpty();
    }

    @Test
    void a_code_a_transcript_holds_twice_counts_once_in_its_first_semester() {
        Transcript first = transcript(
                REGULAR,
                semester(Semester.S1_1, awarded("8.00"), row("151AA", "A")),
                semester(Semester.S1_2, awarded("9.00"), row("151AA", "A+")));
        Transcript second = transcript(
                LATERAL,
                semester(Semester.S2_1, awarded("6.00"), row("151AA", "B")),
                semester(Semester.S2_2, awarded("5.00"), row("151AA", "C")));

        List<StudentComparison.CommonSubject> common =
                comparisonOf(REGULAR, first, LATERAL, second).commonSubjects();

        assertThat(common)
                .containsExactly(new StudentComparison.CommonSubject(
                        new StudentComparison.Taken(Semester.S1_1, row("151AA", "A")),
                        new StudentComparison.Taken(Semester.S2_1, row("151AA", "B"))));
    }

    @Test
    void a_common_subject_is_one_code_on_both_sides() {
        assertThatThrownBy(() -> new StudentComparison.CommonSubject(
                        new StudentComparison.Taken(Semester.S1_1, row("151AA", "A")),
                        new StudentComparison.Taken(Semester.S1_1, row("151AB", "A"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("151AA")
                .hasMessageContaining("151AB");
    }
}
