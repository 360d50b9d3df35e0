package in.results.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StudentRegulationTest {

    @ParameterizedTest
    @CsvSource({
        "18BD1A0501, R18", "21S11A6601, R18", "22BD1A0501, R22", "25E31A66A0, R22",
        // lateral entry: the hall ticket carries the year of joining the second year, one after admission
        "19BD5A0501, R18", "22BD5A0501, R18", "23BD5A0501, R22", "26BD5A0501, R22"
    })
    void the_admission_year_decides_the_regulation(String hallTicket, Regulation regulation) {
        assertThat(StudentRegulation.of(new HallTicket(hallTicket)))
                .isEqualTo(new StudentRegulation.Served(regulation));
    }

    @ParameterizedTest
    @CsvSource({"17BD1A0501", "18BD5A0501", "05BD1A0501"})
    void students_admitted_before_2018_are_not_served(String hallTicket) {
        assertThat(StudentRegulation.of(new HallTicket(hallTicket)))
                .isInstanceOfSatisfying(
                        StudentRegulation.NotServed.class,
                        notServed ->
                                assertThat(notServed.reason()).contains("2018").doesNotContain(hallTicket));
    }

    @ParameterizedTest
    @CsvSource({"22BD1R0501", "23BD1D0501", "22BD1E0501"})
    void other_programmes_than_b_tech_are_not_served(String hallTicket) {
        assertThat(StudentRegulation.of(new HallTicket(hallTicket)))
                .isInstanceOfSatisfying(
                        StudentRegulation.NotServed.class,
                        notServed -> assertThat(notServed.reason()).contains("B.Tech"));
    }

    @ParameterizedTest
    @CsvSource({"ABCDEFGHIJ", "2XBD1A0501", "22BD2A0501", "22BDXA0501"})
    void a_hall_ticket_without_a_year_or_an_entry_digit_cannot_be_read(String hallTicket) {
        assertThat(StudentRegulation.of(new HallTicket(hallTicket)))
                .isInstanceOfSatisfying(
                        StudentRegulation.Unreadable.class,
                        unreadable -> assertThat(unreadable.rule())
                                .contains("admission year")
                                .contains("fifth"));
    }

    @Test
    void a_regulation_starts_with_its_first_batch() {
        assertThat(Regulation.ofAdmissionYear(2017)).isEmpty();
        assertThat(Regulation.ofAdmissionYear(2018)).contains(Regulation.R18);
        assertThat(Regulation.ofAdmissionYear(2021)).contains(Regulation.R18);
        assertThat(Regulation.ofAdmissionYear(2022)).contains(Regulation.R22);
        assertThat(Regulation.ofAdmissionYear(2030)).contains(Regulation.R22);
    }

    @Test
    void admission_year_is_one_less_for_lateral_entry_and_absent_without_a_year() {
        assertThat(new HallTicket("23BD5A0501").admissionYear()).hasValue(2022);
        assertThat(new HallTicket("23BD1A0501").admissionYear()).hasValue(2023);
        assertThat(new HallTicket("ABCDEFGHIJ").admissionYear()).isEmpty();
        assertThat(new HallTicket("23bd1a0501").programme()).isEqualTo('A');
    }

    @Test
    void outcomes_with_the_same_parts_are_equal() {
        assertThat(new StudentRegulation.Served(Regulation.R22))
                .isEqualTo(new StudentRegulation.Served(Regulation.R22))
                .hasSameHashCodeAs(new StudentRegulation.Served(Regulation.R22))
                .isNotEqualTo(new StudentRegulation.Served(Regulation.R18));
        assertThat(new StudentRegulation.NotServed("x")).isEqualTo(new StudentRegulation.NotServed("x"));
        assertThat(new StudentRegulation.Unreadable("x"))
                .isEqualTo(new StudentRegulation.Unreadable("x"))
                .isNotEqualTo(new StudentRegulation.NotServed("x"));
    }
}
