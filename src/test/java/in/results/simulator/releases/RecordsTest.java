package in.results.simulator.releases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecordsTest {

    private static Map<String, String> link(String code) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", "btech");
        params.put("examCode", code);
        params.put("etype", "r17");
        params.put("type", "intgrade");
        return params;
    }

    @Test
    void exams_keep_link_parameter_order_and_are_equal_by_value() {
        Map<String, String> params = link("1545");
        Exam exam = new Exam(
                "1545",
                "B.Tech IV Year I Semester (R18) Regular Examinations Results",
                LocalDate.of(2022, 5, 5),
                params,
                "btech",
                "R18",
                "4-1",
                ExamKind.REGULAR,
                false,
                MarksLayout.SEVEN_COLUMN);
        params.put("result", "changed after construction");

        assertThat(exam.linkParams().keySet()).containsExactly("degree", "examCode", "etype", "type");
        assertThat(exam)
                .isEqualTo(new Exam(
                        "1545",
                        exam.title(),
                        exam.releaseDate(),
                        link("1545"),
                        "btech",
                        "R18",
                        "4-1",
                        ExamKind.REGULAR,
                        false,
                        MarksLayout.SEVEN_COLUMN));
    }

    @Test
    void exams_reject_links_without_their_code_and_bad_semesters() {
        assertThatThrownBy(() -> new Exam(
                        "1545",
                        "T",
                        LocalDate.of(2022, 5, 5),
                        link("1546"),
                        "btech",
                        "R18",
                        "4-1",
                        ExamKind.REGULAR,
                        false,
                        MarksLayout.SEVEN_COLUMN))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Exam(
                        "1545",
                        "T",
                        LocalDate.of(2022, 5, 5),
                        link("1545"),
                        "btech",
                        "R18",
                        "IV-I",
                        ExamKind.REGULAR,
                        false,
                        MarksLayout.SEVEN_COLUMN))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void notices_need_a_text() {
        assertThat(new Notice(LocalDate.of(2023, 1, 25), "RESULTS PUBLISHED"))
                .isEqualTo(new Notice(LocalDate.of(2023, 1, 25), "RESULTS PUBLISHED"));
        assertThatThrownBy(() -> new Notice(LocalDate.of(2023, 1, 25), " "))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void grade_scale_follows_the_legend_at_its_boundaries() {
        assertThat(GradeScale.BTECH.gradeOf(90, 100)).isEqualTo("O");
        assertThat(GradeScale.BTECH.gradeOf(89, 100)).isEqualTo("A+");
        assertThat(GradeScale.BTECH.gradeOf(40, 100)).isEqualTo("C");
        assertThat(GradeScale.BTECH.gradeOf(39, 100)).isEqualTo("F");
        assertThat(GradeScale.BTECH.gradeOf(46, 50)).isEqualTo("O");
        assertThat(GradeScale.BTECH.gradeOf(20, 50)).isEqualTo("C");
    }

    @Test
    void the_btech_scale_prints_the_legend_of_the_real_pages() {
        assertThat(GradeScale.BTECH.legend())
                .containsExactly(
                        List.of("Greater than or equal to 90 %", "O (Outstanding)", "10"),
                        List.of("80 and Less than 90 %", "A+ (Excellent)", "9"),
                        List.of("70 and Less than 80 %", "A (Very Good)", "8"),
                        List.of("60 and Less than 70 %", "B+ (Good)", "7"),
                        List.of("50 and Less than 60 %", "B (Average)", "6"),
                        List.of("40 and Less than 50 %", "C (Pass)", "5"),
                        List.of("Below 40 %", "F (Fail)", "0"),
                        List.of("Absent", "Ab", "0"));
    }

    @Test
    void bpharmacy_r22_passes_with_d_at_six_points_and_r25_btech_keeps_the_btech_scale() {
        GradeScale bpharmacy = GradeScale.of(Programme.BPHARMACY, "R22");

        assertThat(bpharmacy.gradeOf(50, 100)).isEqualTo("D");
        assertThat(bpharmacy.pointsOf("D")).isEqualTo(6);
        assertThat(bpharmacy.pointsOf("C")).isEqualTo(7);
        assertThat(bpharmacy.gradeOf(49, 100)).isEqualTo("F");
        assertThat(bpharmacy.passMark(100)).isEqualTo(50);
        assertThat(GradeScale.of(Programme.BTECH, "R25")).isEqualTo(GradeScale.BTECH);
        assertThat(GradeScale.of(Programme.MCA, "R22").legend()).last().isEqualTo(List.of("Absent", "Ab", "0"));
    }

    @Test
    void list_titles_are_read_past_their_traps() {
        assertThat(ListedTitle.read(Programme.BTECH, "II B.Tech. I Semester (R16)  Supplementary Examinations Results"))
                .isEqualTo(new ListedTitle("R16", "2-1", ExamKind.SUPPLEMENTARY));
        assertThat(ListedTitle.read(Programme.MTECH, "M.Tech. III Semester (R22) Supplementary Examinations Results"))
                .isEqualTo(new ListedTitle("R22", "2-1", ExamKind.SUPPLEMENTARY));
        assertThat(ListedTitle.read(
                        Programme.BTECH,
                        "III B.Tech Year II Semester (R18) (Minor degree) Regular Examinations Results"))
                .isEqualTo(new ListedTitle("R18", "3-2", ExamKind.REGULAR));
        assertThat(ListedTitle.read(Programme.BPHARMACY, "B.Pharmacy I Year II Semester (R22) Regular Examinations"))
                .isEqualTo(new ListedTitle("R22", "1-2", ExamKind.REGULAR));
        assertThat(ListedTitle.read(
                                Programme.MBA, "Phd Course work M.B.A. II Semester (R19) Regular Examinations Results")
                        .semester())
                .isEmpty();
    }
}
