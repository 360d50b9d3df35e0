package in.results.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import in.results.core.Regulation;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExamReleaseTest {
    private static final ReleaseDate MAY_5 = new ReleaseDate.Known(LocalDate.of(2022, 5, 5));
    private static final String TITLE = "B.Tech IV Year I Semester (R18) Regular Examinations Results";

    private static Map<String, String> params(String code) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", "btech");
        params.put("examCode", code);
        params.put("etype", "r17");
        params.put("type", "intgrade");
        return params;
    }

    private static ExamRelease release() {
        return new ExamRelease(
                "1545",
                Degree.BTECH,
                "R18",
                Semester.S4_1,
                ReleaseKind.REGULAR,
                false,
                MAY_5,
                params("1545"),
                TITLE,
                ReleaseSource.RELEASE_LIST);
    }

    @Test
    void releases_with_the_same_parts_are_equal() {
        assertThat(release()).isEqualTo(release()).hasSameHashCodeAs(release());
    }

    @Test
    void releases_differing_in_any_part_are_not_equal() {
        ExamRelease r = release();
        Map<String, String> otherParams = params("1545");
        otherParams.put("type", "grade17");

        assertThat(r)
                .isNotEqualTo(new ExamRelease(
                        "1546",
                        r.degree(),
                        r.regulation(),
                        r.term(),
                        r.kind(),
                        r.rcrv(),
                        r.releaseDate(),
                        params("1546"),
                        r.title(),
                        r.source()));
        assertThat(r)
                .isNotEqualTo(new ExamRelease(
                        r.code(),
                        Degree.UNKNOWN,
                        r.regulation(),
                        r.term(),
                        r.kind(),
                        r.rcrv(),
                        r.releaseDate(),
                        r.params(),
                        r.title(),
                        r.source()));
        assertThat(r)
                .isNotEqualTo(new ExamRelease(
                        r.code(),
                        r.degree(),
                        "R16",
                        r.term(),
                        r.kind(),
                        r.rcrv(),
                        r.releaseDate(),
                        r.params(),
                        r.title(),
                        r.source()));
        assertThat(r)
                .isNotEqualTo(new ExamRelease(
                        r.code(),
                        r.degree(),
                        r.regulation(),
                        Semester.S4_2,
                        r.kind(),
                        r.rcrv(),
                        r.releaseDate(),
                        r.params(),
                        r.title(),
                        r.source()));
        assertThat(r)
                .isNotEqualTo(new ExamRelease(
                        r.code(),
                        r.degree(),
                        r.regulation(),
                        r.term(),
                        ReleaseKind.UNKNOWN,
                        r.rcrv(),
                        r.releaseDate(),
                        r.params(),
                        r.title(),
                        r.source()));
        assertThat(r)
                .isNotEqualTo(new ExamRelease(
                        r.code(),
                        r.degree(),
                        r.regulation(),
                        r.term(),
                        r.kind(),
                        true,
                        r.releaseDate(),
                        r.params(),
                        r.title(),
                        r.source()));
        assertThat(r)
                .isNotEqualTo(new ExamRelease(
                        r.code(),
                        r.degree(),
                        r.regulation(),
                        r.term(),
                        r.kind(),
                        r.rcrv(),
                        ReleaseDate.UNKNOWN,
                        r.params(),
                        r.title(),
                        r.source()));
        assertThat(r)
                .isNotEqualTo(new ExamRelease(
                        r.code(),
                        r.degree(),
                        r.regulation(),
                        r.term(),
                        r.kind(),
                        r.rcrv(),
                        r.releaseDate(),
                        otherParams,
                        r.title(),
                        r.source()));
        assertThat(r)
                .isNotEqualTo(new ExamRelease(
                        r.code(),
                        r.degree(),
                        r.regulation(),
                        r.term(),
                        r.kind(),
                        r.rcrv(),
                        r.releaseDate(),
                        r.params(),
                        "",
                        r.source()));
        assertThat(r)
                .isNotEqualTo(new ExamRelease(
                        r.code(),
                        r.degree(),
                        r.regulation(),
                        r.term(),
                        r.kind(),
                        r.rcrv(),
                        r.releaseDate(),
                        r.params(),
                        r.title(),
                        ReleaseSource.BUILT_IN_TABLE));
    }

    @Test
    void parameters_keep_link_order_and_are_a_copy_that_cannot_change() {
        Map<String, String> params = params("1545");
        ExamRelease r = new ExamRelease(
                "1545",
                Degree.BTECH,
                "R18",
                Semester.S4_1,
                ReleaseKind.REGULAR,
                false,
                MAY_5,
                params,
                TITLE,
                ReleaseSource.RELEASE_LIST);
        params.put("result", "gradercrv");

        assertThat(r.params())
                .containsExactly(
                        Map.entry("degree", "btech"),
                        Map.entry("examCode", "1545"),
                        Map.entry("etype", "r17"),
                        Map.entry("type", "intgrade"));
        assertThatThrownBy(() -> r.params().put("grad", "null")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void parameters_must_carry_the_releases_own_exam_code() {
        assertThatThrownBy(() -> new ExamRelease(
                        "1545",
                        Degree.BTECH,
                        "R18",
                        Semester.S4_1,
                        ReleaseKind.REGULAR,
                        false,
                        MAY_5,
                        params("1546"),
                        TITLE,
                        ReleaseSource.RELEASE_LIST))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("examCode=1545");
    }

    @Test
    void code_must_be_digits_and_regulation_rnn_or_empty() {
        assertThatThrownBy(() -> new ExamRelease(
                        "15a5",
                        Degree.BTECH,
                        "R18",
                        Semester.S4_1,
                        ReleaseKind.REGULAR,
                        false,
                        MAY_5,
                        params("15a5"),
                        TITLE,
                        ReleaseSource.RELEASE_LIST))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ExamRelease(
                        "1545",
                        Degree.BTECH,
                        "18",
                        Semester.S4_1,
                        ReleaseKind.REGULAR,
                        false,
                        MAY_5,
                        params("1545"),
                        TITLE,
                        ReleaseSource.RELEASE_LIST))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void no_part_may_be_null() {
        assertThatThrownBy(() -> new ExamRelease(
                        "1545",
                        Degree.BTECH,
                        "R18",
                        null,
                        ReleaseKind.REGULAR,
                        false,
                        MAY_5,
                        params("1545"),
                        TITLE,
                        ReleaseSource.RELEASE_LIST))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new ExamRelease(
                        "1545",
                        Degree.BTECH,
                        "R18",
                        Semester.S4_1,
                        ReleaseKind.REGULAR,
                        false,
                        null,
                        params("1545"),
                        TITLE,
                        ReleaseSource.RELEASE_LIST))
                .isInstanceOf(NullPointerException.class);
        Map<String, String> withNull = params("1545");
        withNull.put("result", null);
        assertThatThrownBy(() -> new ExamRelease(
                        "1545",
                        Degree.BTECH,
                        "R18",
                        Semester.S4_1,
                        ReleaseKind.REGULAR,
                        false,
                        MAY_5,
                        withNull,
                        TITLE,
                        ReleaseSource.RELEASE_LIST))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void a_release_without_a_special_programme_is_one_of_the_degree_s_semesters_and_differs_from_a_minor_one() {
        ExamRelease r = release();
        ExamRelease minor = new ExamRelease(
                r.code(),
                r.degree(),
                r.regulation(),
                r.term(),
                r.kind(),
                SpecialProgramme.MINOR_DEGREE,
                r.rcrv(),
                r.releaseDate(),
                r.params(),
                r.title(),
                r.source());

        assertThat(r.special()).isEqualTo(SpecialProgramme.NONE);
        assertThat(minor).isNotEqualTo(r);
        assertThat(new Course(Degree.BTECH, Regulation.R18).holds(r)).isTrue();
        assertThat(new Course(Degree.BTECH, Regulation.R18).holds(minor)).isFalse();
        assertThatThrownBy(() -> new ExamRelease(
                        r.code(),
                        r.degree(),
                        r.regulation(),
                        r.term(),
                        r.kind(),
                        null,
                        r.rcrv(),
                        r.releaseDate(),
                        r.params(),
                        r.title(),
                        r.source()))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void semester_is_present_only_for_a_single_semester_term() {
        ExamRelease r = release();
        ExamRelease wholeYear = new ExamRelease(
                "1506",
                Degree.BTECH,
                "R15",
                new Term.WholeYear(1),
                ReleaseKind.SUPPLEMENTARY,
                false,
                MAY_5,
                Map.of("examCode", "1506"),
                "I B.Tech. (R15) Supplementary",
                ReleaseSource.RELEASE_LIST);

        assertThat(r.semester()).contains(Semester.S4_1);
        assertThat(wholeYear.semester()).isEmpty();
        assertThat(new Course(Degree.BTECH, Regulation.R18).holds(wholeYear)).isFalse();
        assertThat(new Course(Degree.BTECH, Regulation.R18).holds(r)).isTrue();
        assertThat(new Course(Degree.BTECH, Regulation.R22).holds(r)).isFalse();
    }

    @Test
    void release_dates_with_the_same_day_are_equal_and_unknown_is_one_value() {
        assertThat(new ReleaseDate.Known(LocalDate.of(2022, 5, 5)))
                .isEqualTo(MAY_5)
                .hasSameHashCodeAs(MAY_5);
        assertThat(new ReleaseDate.Known(LocalDate.of(2022, 5, 6))).isNotEqualTo(MAY_5);
        assertThat(new ReleaseDate.Unknown()).isEqualTo(ReleaseDate.UNKNOWN).isNotEqualTo(MAY_5);
        assertThat(MAY_5.toOptional()).contains(LocalDate.of(2022, 5, 5));
        assertThat(ReleaseDate.UNKNOWN.toOptional()).isEmpty();
    }
}
