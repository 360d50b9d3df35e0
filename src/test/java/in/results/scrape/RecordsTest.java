package in.results.scrape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Value semantics and validation of the scrape records. */
class RecordsTest {

    private static Map<String, String> rcrvParams() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", "btech");
        params.put("examCode", "1503");
        params.put("etype", "r17");
        params.put("result", "gradercrv");
        params.put("type", "rcrvintgrade");
        return params;
    }

    @Test
    void release_listings_with_equal_fields_are_equal() {
        var a = new ReleaseListing(" RC/RV  B.Tech ", "07-FEB-2022", "degree=btech&examCode=1503", rcrvParams());
        var b = new ReleaseListing("RC/RV B.Tech", "07-FEB-2022", "degree=btech&examCode=1503", rcrvParams());

        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(new ReleaseListing("RC/RV B.Tech", "", "degree=btech&examCode=1503", rcrvParams()));
        assertThat(a).isNotEqualTo(new ReleaseListing("RC/RV B.Tech", "07-FEB-2022", "degree=btech", rcrvParams()));
        assertThat(a)
                .isNotEqualTo(
                        new ReleaseListing("RC/RV B.Tech", "07-FEB-2022", "degree=btech&examCode=1503", Map.of()));
    }

    @Test
    void release_listing_keeps_link_order_and_is_not_changed_by_the_callers_map() {
        Map<String, String> params = rcrvParams();
        var release = new ReleaseListing("t", "", "q", params);
        params.put("grad", "null");

        assertThat(release.linkParams().keySet()).containsExactly("degree", "examCode", "etype", "result", "type");
        assertThatThrownBy(() -> release.linkParams().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void release_listing_rejects_unnormalised_dates_and_nulls() {
        assertThatThrownBy(() -> new ReleaseListing("t", "19-Aug-2023", "q", Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("DD-MON-YYYY");
        assertThatThrownBy(() -> new ReleaseListing(null, "", "q", Map.of())).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new ReleaseListing("t", "", null, Map.of())).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new ReleaseListing("t", "", "q", null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void notifications_with_equal_fields_are_equal() {
        var a = new Notification("25-01-2023", " RESULTS  PUBLISHED ");
        var b = new Notification("25-01-2023", "RESULTS PUBLISHED");

        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(new Notification("26-01-2023", "RESULTS PUBLISHED"));
        assertThat(a).isNotEqualTo(new Notification("25-01-2023", "RESULTS"));
    }

    @Test
    void notification_rejects_other_date_forms() {
        assertThatThrownBy(() -> new Notification("2023-01-25", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Notification("5-1-2023", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Notification(null, "x")).isInstanceOf(NullPointerException.class);
    }

    @Test
    void result_records_compare_by_their_trimmed_fields() {
        var subject = new SubjectResult(" 153AK", "DATA STRUCTURES ", "25", "42", "67", "B+", "4");
        var details = new StudentDetails("20S11A6601 ", "ANANYA KUMARI", "K RAMESH", "S1");
        List<SubjectResult> rows = new ArrayList<>(List.of(subject));
        var page = new ResultPage("II B.Tech.\n\tI Semester", details, rows);
        rows.clear();

        assertThat(subject).isEqualTo(new SubjectResult("153AK", "DATA STRUCTURES", "25", "42", "67", "B+", "4"));
        assertThat(details).isEqualTo(new StudentDetails("20S11A6601", "ANANYA KUMARI", "K RAMESH", "S1"));
        assertThat(page)
                .isEqualTo(new ResultPage("II B.Tech. I Semester", details, List.of(subject)))
                .hasSameHashCodeAs(new ResultPage("II B.Tech. I Semester", details, List.of(subject)));
        assertThat(page).isNotEqualTo(new ResultPage("II B.Tech. I Semester", details, List.of()));
    }
}
