package in.results.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class SemesterTest {

    @Test
    void eight_semesters_in_the_order_a_student_sits_them() {
        assertThat(Arrays.stream(Semester.values()).map(Semester::key))
                .containsExactly("1-1", "1-2", "2-1", "2-2", "3-1", "3-2", "4-1", "4-2");
    }

    @Test
    void year_and_half_match_the_key() {
        assertThat(Semester.S3_2.year()).isEqualTo(3);
        assertThat(Semester.S3_2.half()).isEqualTo(2);
        assertThat(Semester.S2_1.key()).isEqualTo("2-1");
        assertThat(Semester.S2_1).hasToString("2-1");
        for (Semester semester : Semester.values()) {
            assertThat(Semester.of(semester.year(), semester.half())).isSameAs(semester);
        }
    }

    @Test
    void sorting_puts_first_year_first_and_second_half_after_first() {
        List<Semester> shuffled = new ArrayList<>(List.of(Semester.S4_2, Semester.S1_2, Semester.S2_1, Semester.S1_1));
        Collections.sort(shuffled);

        assertThat(shuffled).containsExactly(Semester.S1_1, Semester.S1_2, Semester.S2_1, Semester.S4_2);
        assertThat(Semester.S1_2).isLessThan(Semester.S2_1);
    }

    @Test
    void api_year_parameter_form_y_comma_s_parses() {
        assertThat(Semester.parse("2,1")).contains(Semester.S2_1);
        assertThat(Semester.parse("4,2")).contains(Semester.S4_2);
        assertThat(Semester.parse(" 1 , 2 ")).contains(Semester.S1_2);
    }

    @Test
    void key_form_y_dash_s_parses() {
        assertThat(Semester.parse("2-1")).contains(Semester.S2_1);
        assertThat(Semester.parse("1-1")).contains(Semester.S1_1);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"0,1", "5,1", "2,0", "2,3", "21", "2 1", "2-1-1", "II,I", "2;1", "a,b"})
    void anything_else_is_not_a_semester(String text) {
        assertThat(Semester.parse(text)).isEmpty();
    }

    @Test
    void of_rejects_a_year_or_half_out_of_range() {
        assertThatThrownBy(() -> Semester.of(5, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("5-1");
        assertThatThrownBy(() -> Semester.of(1, 3)).isInstanceOf(IllegalArgumentException.class);
    }
}
