package in.results.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.core.HallTicket;
import in.results.core.Regulation;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StudentCourseTest {

    @ParameterizedTest
    @CsvSource({
        "18BD1A0501, BTECH, R18",
        "21S11A6601, BTECH, R18",
        "22BD1A0501, BTECH, R22",
        "24E31A66A0, BTECH, R22",
        "25E31A66A0, BTECH, R25",
        "30BD1A0501, BTECH, R25",
        // lateral entry: the hall ticket carries the year of joining the second year, one after admission
        "19BD5A0501, BTECH, R18",
        "22BD5A0501, BTECH, R18",
        "23BD5A0501, BTECH, R22",
        "25BD5A0501, BTECH, R22",
        "26BD5A0501, BTECH, R25",
        // B.Pharmacy: R17 from 2017, R22 from 2022, R25 from 2025; laterals as B.Tech's
        "17BD1R0501, BPHARMACY, R17",
        "21BD1R0501, BPHARMACY, R17",
        "22BD1R0501, BPHARMACY, R22",
        "25BD5R0501, BPHARMACY, R22",
        "25BD1R0501, BPHARMACY, R25",
        // postgraduate: R19 2019–2021, R22 from 2022 (R25 not confirmed: R22 goes on)
        "19BD1D0501, MTECH, R19",
        "22BD1D5801, MTECH, R22",
        "25BD1D5801, MTECH, R22",
        "20BD1E0001, MBA, R19",
        "23BD1E0001, MBA, R22",
        "21BD1S0001, MPHARMACY, R19",
        "24BD1S0001, MPHARMACY, R22",
        // MCA: the three-year R19 batch of 2019, R20 2020–2021, R22 from 2022
        "19BD1F0001, MCA, R19",
        "20BD1F0001, MCA, R20",
        "21BD1F0001, MCA, R20",
        "22BD1F0001, MCA, R22"
    })
    void programme_letter_and_admission_year_decide_the_course(
            String hallTicket, Degree degree, Regulation regulation) {
        assertThat(StudentCourse.of(new HallTicket(hallTicket)))
                .isEqualTo(new StudentCourse.Served(new Course(degree, regulation)));
    }

    @ParameterizedTest
    @CsvSource({"17BD1A0501, 2018", "18BD5A0501, 2018", "05BD1A0501, 2018", "16BD1R0501, 2017", "18BD1E0001, 2019"})
    void students_admitted_before_the_first_served_regulation_are_not_served(String hallTicket, String firstYear) {
        assertThat(StudentCourse.of(new HallTicket(hallTicket)))
                .isInstanceOfSatisfying(
                        StudentCourse.NotServed.class,
                        notServed -> assertThat(notServed.reason())
                                .contains(firstYear)
                                .doesNotContain(hallTicket));
    }

    @ParameterizedTest
    @CsvSource({"22BD1T0501", "23BD1B0501", "22BD1Z0501", "22BD119501"})
    void an_unknown_programme_letter_is_unreadable_and_the_rule_names_the_accepted_ones(String hallTicket) {
        assertThat(StudentCourse.of(new HallTicket(hallTicket)))
                .isInstanceOfSatisfying(
                        StudentCourse.Unreadable.class,
                        unreadable -> assertThat(unreadable.rule())
                                .contains("sixth")
                                .contains("A (B.Tech)", "R (B.Pharmacy)", "D (M.Tech)", "E (MBA)", "F (MCA)")
                                .contains("S (M.Pharmacy)"));
    }

    @ParameterizedTest
    @CsvSource({"23BD5D0501", "23BD5E0001", "23BD5F0001", "23BD5S0001"})
    void postgraduate_programmes_have_no_lateral_entry(String hallTicket) {
        assertThat(StudentCourse.of(new HallTicket(hallTicket)))
                .isInstanceOfSatisfying(
                        StudentCourse.Unreadable.class,
                        unreadable -> assertThat(unreadable.rule()).contains("lateral"));
    }

    @ParameterizedTest
    @CsvSource({"ABCDEFGHIJ", "2XBD1A0501", "22BD2A0501", "22BDXA0501"})
    void a_hall_ticket_without_a_year_or_an_entry_digit_cannot_be_read(String hallTicket) {
        assertThat(StudentCourse.of(new HallTicket(hallTicket)))
                .isInstanceOfSatisfying(
                        StudentCourse.Unreadable.class,
                        unreadable -> assertThat(unreadable.rule())
                                .contains("admission year")
                                .contains("fifth"));
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
        Course r22 = new Course(Degree.BTECH, Regulation.R22);
        assertThat(new StudentCourse.Served(r22))
                .isEqualTo(new StudentCourse.Served(new Course(Degree.BTECH, Regulation.R22)))
                .hasSameHashCodeAs(new StudentCourse.Served(r22))
                .isNotEqualTo(new StudentCourse.Served(new Course(Degree.BTECH, Regulation.R18)))
                .isNotEqualTo(new StudentCourse.Served(new Course(Degree.BPHARMACY, Regulation.R22)));
        assertThat(new StudentCourse.NotServed("x")).isEqualTo(new StudentCourse.NotServed("x"));
        assertThat(new StudentCourse.Unreadable("x"))
                .isEqualTo(new StudentCourse.Unreadable("x"))
                .isNotEqualTo(new StudentCourse.NotServed("x"));
    }

    @Test
    void the_first_hall_ticket_of_another_programme_or_batch_is_named_and_one_course_names_none() {
        Course r18 = new Course(Degree.BTECH, Regulation.R18);
        List<HallTicket> oneSection = List.of(new HallTicket("20BD1A0501"), new HallTicket("20BD1A0502"));
        List<HallTicket> mixed = List.of(
                new HallTicket("20BD1A0501"),
                new HallTicket("20BD1R0502"), // B.Pharmacy
                new HallTicket("22BD1A0503")); // R22

        assertThat(StudentCourse.firstNotOf(r18, oneSection)).isEmpty();
        assertThat(StudentCourse.firstNotOf(r18, mixed)).contains(new HallTicket("20BD1R0502"));
        assertThat(StudentCourse.firstNotOf(r18, List.of(new HallTicket("22BD1A0503"))))
                .contains(new HallTicket("22BD1A0503"));
    }
}
