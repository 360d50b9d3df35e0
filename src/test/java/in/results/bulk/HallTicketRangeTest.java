package in.results.bulk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import in.results.core.HallTicket;
import java.util.List;
import org.junit.jupiter.api.Test;

class HallTicketRangeTest {

    private static HallTicketRange range(String first, String last) {
        return new HallTicketRange(new HallTicket(first), new HallTicket(last));
    }

    @Test
    void numeric_rolls_run_into_letter_rolls_with_i_and_o_included() {
        List<HallTicket> tickets = range("20S11A6698", "20S11A66J0").hallTickets();

        // 98, 99, then A0..A9, B0..B9, …, I0..I9, J0: 2 + 9×10 + 1 = 93
        assertThat(tickets).hasSize(93);
        assertThat(tickets.subList(0, 4))
                .extracting(HallTicket::value)
                .containsExactly("20S11A6698", "20S11A6699", "20S11A66A0", "20S11A66A1");
        assertThat(tickets)
                .extracting(HallTicket::value)
                .contains("20S11A66I5")
                .last()
                .isEqualTo("20S11A66J0");
    }

    @Test
    void size_of_the_biggest_range_is_359() {
        assertThat(range("20S11A6601", "20S11A66Z9").size()).isEqualTo(99 + 26 * 10);
    }

    @Test
    void lower_case_ends_are_normalised() {
        assertThat(range("20s11a6601", "20s11a6603").hallTickets())
                .extracting(HallTicket::value)
                .containsExactly("20S11A6601", "20S11A6602", "20S11A6603");
    }

    @Test
    void reversed_mixed_and_malformed_ranges_are_refused() {
        assertThatThrownBy(() -> range("20S11A6610", "20S11A6601")).hasMessageContaining("reversed");
        assertThatThrownBy(() -> range("20S11A6601", "20S11A0510")).hasMessageContaining("first 8");
        assertThatThrownBy(() -> range("20S11A6600", "20S11A6610")).hasMessageContaining("roll");
        assertThatThrownBy(() -> range("20S11A660A", "20S11A6610")).hasMessageContaining("roll");
    }

    @Test
    void ranges_compare_by_value() {
        assertThat(range("20S11A6601", "20S11A6603"))
                .isEqualTo(range("20s11a6601", "20s11a6603"))
                .isNotEqualTo(range("20S11A6601", "20S11A6604"));
    }
}
