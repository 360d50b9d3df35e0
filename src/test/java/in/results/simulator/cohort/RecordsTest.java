package in.results.simulator.cohort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecordsTest {

    private static Mark mark(String grade) {
        return new Mark("153AE", "BUSINESS ECONOMICS & FINANCIAL ANALYSIS", "17", "32", "49", grade, "3", "");
    }

    @Test
    void marks_are_equal_by_value_and_know_when_they_fail() {
        assertThat(mark("C")).isEqualTo(mark("C")).hasSameHashCodeAs(mark("C")).isNotEqualTo(mark("B"));
        assertThat(mark("C").failed()).isFalse();
        assertThat(List.of(mark("F"), mark("Ab"), mark("-"))).allMatch(Mark::failed);
    }

    @Test
    void marks_reject_unknown_grades_and_remarks() {
        assertThatThrownBy(() -> mark("P"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("P");
        assertThatThrownBy(() -> new Mark("153AE", "X", "1", "2", "3", "F", "0", "Revalued"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void students_copy_their_pages_and_check_their_hall_ticket() {
        Map<String, List<Mark>> pages = new LinkedHashMap<>();
        List<Mark> rows = new ArrayList<>(List.of(mark("C")));
        pages.put("1560", rows);
        Student student = new Student(
                "20S11A6601", "ANANYA KUMARI", "K RAMESH", "S1", "R18", 2020, false, false, pages, Map.of());
        rows.add(mark("F"));
        pages.put("1565", List.of(mark("F")));

        assertThat(student.results()).containsOnlyKeys("1560");
        assertThat(student.results().get("1560")).containsExactly(mark("C"));
        assertThat(student)
                .isEqualTo(new Student(
                        "20S11A6601",
                        "ANANYA KUMARI",
                        "K RAMESH",
                        "S1",
                        "R18",
                        2020,
                        false,
                        false,
                        Map.of("1560", List.of(mark("C"))),
                        Map.of()));
        assertThatThrownBy(
                        () -> new Student("20S11A660", "A", "B", "S1", "R18", 2020, false, false, Map.of(), Map.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(
                        () -> new Student("20S15A6601", "A", "B", "S1", "R18", 2019, false, false, Map.of(), Map.of()))
                .hasMessageContaining("lateral");
    }

    @Test
    void roll_numbers_run_from_01_to_99_then_letter_and_digit() {
        assertThat(RollNumbers.roll(1, false)).isEqualTo("01");
        assertThat(RollNumbers.roll(99, false)).isEqualTo("99");
        assertThat(RollNumbers.roll(100, false)).isEqualTo("A0");
        assertThat(RollNumbers.roll(187, false)).isEqualTo("J7"); // H is followed by J when I is skipped
        assertThat(RollNumbers.roll(187, true)).isEqualTo("I7");
    }
}
