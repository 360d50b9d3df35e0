package in.results.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import in.results.core.Regulation;
import org.junit.jupiter.api.Test;

class CourseTest {

    @Test
    void each_programme_has_its_own_semesters() {
        assertThat(new Course(Degree.BTECH, Regulation.R25).semesters())
                .extracting(Semester::key)
                .containsExactly("1-1", "1-2", "2-1", "2-2", "3-1", "3-2", "4-1", "4-2");
        assertThat(new Course(Degree.MBA, Regulation.R22).semesters())
                .extracting(Semester::key)
                .containsExactly("1-1", "1-2", "2-1", "2-2");
        assertThat(new Course(Degree.MCA, Regulation.R19).semesters())
                .extracting(Semester::key)
                .containsExactly("1-1", "1-2", "2-1", "2-2", "3-1", "3-2");
        assertThat(new Course(Degree.MCA, Regulation.R20).semesters()).hasSize(4);
    }

    @Test
    void credits_are_known_for_b_tech_and_b_pharmacy_only() {
        // R18 and R22 B.Tech: the promotion table's degree rows say (PromotionRulesTest), never a second number here
        assertThat(new Course(Degree.BTECH, Regulation.R18).creditsRequired(false))
                .isEmpty();
        assertThat(new Course(Degree.BTECH, Regulation.R22).creditsRequired(true))
                .isEmpty();
        assertThat(new Course(Degree.BTECH, Regulation.R25).creditsRequired(true))
                .hasValue(123);
        assertThat(new Course(Degree.BPHARMACY, Regulation.R17).creditsRequired(false))
                .hasValue(196);
        assertThat(new Course(Degree.BPHARMACY, Regulation.R22).creditsRequired(false))
                .hasValue(209);
        assertThat(new Course(Degree.BPHARMACY, Regulation.R22).creditsRequired(true))
                .isEmpty();
        assertThat(new Course(Degree.BPHARMACY, Regulation.R25).creditsRequired(false))
                .isEmpty();
        assertThat(new Course(Degree.MTECH, Regulation.R22).creditsRequired(false))
                .isEmpty();
        assertThat(new Course(Degree.BTECH, Regulation.R22).hasKnownPercentage())
                .isTrue();
        assertThat(new Course(Degree.BPHARMACY, Regulation.R22).hasKnownPercentage())
                .isFalse();
    }

    @Test
    void a_programme_and_regulation_the_university_never_paired_is_not_a_course() {
        assertThatThrownBy(() -> new Course(Degree.BTECH, Regulation.R17)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Course(Degree.MBA, Regulation.R25)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Course(Degree.UNKNOWN, Regulation.R22))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Course.all()).hasSize(15).contains(new Course(Degree.MCA, Regulation.R20));
    }
}
