package in.results.scrape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class NotificationParserTest {
    /**
     * An RCRVInfo.jsp-style page built from entries of notifications-parsed-2023-01.json, out of
     * date order, in the page's variants: plain {@code *(date) text}; wrapped in {@code <p>} with
     * an {@code <img>} badge before or after; without the {@code *}; one-digit day; a heading
     * that is not an entry.
     */
    private static final String PAGE = """
            <html><body>
            <h3 align="center">Notifications</h3>
            <h3>*(05-01-2023) B.TECH / B.PHARM I-YEAR, I-I &amp; I-II SUPPLEMENTARY OCT-2022 EXAMINATIONS RESULTS PUBLISHED. LAST DATE TO APPLY FOR RECOUNTING/ REVALUATION : 12-01-2023.</h3>
            <h3><p>*(25-01-2023) B.TECH / B.PHARM I-II Regular Nov-2022 EXAMINATIONS RESULTS PUBLISHED.
                LAST DATE TO APPLY FOR RECOUNTING/ REVALUATION : 01-02-2023. <img src="/images/new.gif" alt=""></p></h3>
            <h3> ( 02-11-2022 )  B.TECH / B.PHARMACY II-II REGULAR / SUPPLY AUGUST 2022  EXAMINATIONS RESULTS PUBLISHED. LAST DATE TO APPLY FOR RECOUNTING/ REVALUATION : 09-11-2022.</h3>
            <h3>*(22-10-2022) B.TECH / B.PHARMACY III-II REGULAR / SUPPLY EXAMINATIONS RESULTS PUBLISHED. LAST DATE TO APPLY FOR RECOUNTING/ REVALUATION : 29-10-2022.</h3>
            <h3><img src="/images/new.gif"><p>* (2-11-2022) B.TECH / B.PHARMACY IV-I  SUPPLEMENTARY JULY 2022 EXAMINATIONS RCRV RESULTS PUBLISHED. LAST DATE TO APPLY FOR CHALLENGE VALUATION : 09-11-2022.</p></h3>
            <h3>*(12-12-2022) B.TECH II-I SUPPLEMENTARY, B.PHARM III-II REGULAR / SUPPLEMENTARY &amp; II-I SUPPLEMENTARY AND  B.PHARM IV-II ADV. SUPPLEMENTARY AUG / SEP-2022 EXAMINATIONS RCRV RESULTS PUBLISHED. LAST DATE TO APPLY FOR CHALLENGE VALUATION : 19-12-2022.</h3>
            </body></html>
            """;

    @Test
    void entries_are_parsed_newest_first_keeping_page_order_for_equal_dates() {
        List<Notification> notifications = NotificationParser.parse(PAGE);

        assertThat(notifications)
                .containsExactly(
                        new Notification(
                                "25-01-2023",
                                "B.TECH / B.PHARM I-II Regular Nov-2022 EXAMINATIONS RESULTS PUBLISHED. LAST DATE TO APPLY FOR RECOUNTING/ REVALUATION : 01-02-2023."),
                        new Notification(
                                "05-01-2023",
                                "B.TECH / B.PHARM I-YEAR, I-I & I-II SUPPLEMENTARY OCT-2022 EXAMINATIONS RESULTS PUBLISHED. LAST DATE TO APPLY FOR RECOUNTING/ REVALUATION : 12-01-2023."),
                        new Notification(
                                "12-12-2022",
                                "B.TECH II-I SUPPLEMENTARY, B.PHARM III-II REGULAR / SUPPLEMENTARY & II-I SUPPLEMENTARY AND B.PHARM IV-II ADV. SUPPLEMENTARY AUG / SEP-2022 EXAMINATIONS RCRV RESULTS PUBLISHED. LAST DATE TO APPLY FOR CHALLENGE VALUATION : 19-12-2022."),
                        new Notification(
                                "02-11-2022",
                                "B.TECH / B.PHARMACY II-II REGULAR / SUPPLY AUGUST 2022 EXAMINATIONS RESULTS PUBLISHED. LAST DATE TO APPLY FOR RECOUNTING/ REVALUATION : 09-11-2022."),
                        new Notification(
                                "02-11-2022",
                                "B.TECH / B.PHARMACY IV-I SUPPLEMENTARY JULY 2022 EXAMINATIONS RCRV RESULTS PUBLISHED. LAST DATE TO APPLY FOR CHALLENGE VALUATION : 09-11-2022."),
                        new Notification(
                                "22-10-2022",
                                "B.TECH / B.PHARMACY III-II REGULAR / SUPPLY EXAMINATIONS RESULTS PUBLISHED. LAST DATE TO APPLY FOR RECOUNTING/ REVALUATION : 29-10-2022."));
    }

    @Test
    void year_outranks_day_and_month_when_sorting() {
        String html = "<h3>*(31-12-2022) old</h3><h3>*(01-01-2023) new</h3><h3>*(15-06-2022) older</h3>";

        assertThat(NotificationParser.parse(html))
                .extracting(Notification::description)
                .containsExactly("new", "old", "older");
    }

    @Test
    void page_without_entries_fails_naming_the_expected_form() {
        assertThatThrownBy(
                        () -> NotificationParser.parse("<html><body><h3>Notifications</h3><p>none</p></body></html>"))
                .isInstanceOf(PageLayoutException.class)
                .hasMessageContaining("*(DD-MM-YYYY)");
    }
}
