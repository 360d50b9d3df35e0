package in.results.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import in.results.scrape.ReleaseListParser;
import in.results.scrape.ReleaseListing;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The releases feed made from a release list, read by the real parser from rows written as the university does. */
class ReleaseFeedTest {
    private static final URI UNIVERSITY = URI.create("http://results.jntuh.ac.in");
    private static final String HOST = "results.example";
    private static final String SELF = "http://results.example/feeds/releases.atom";

    private static String row(String query, String title, String date) {
        return "<tr><td><a href=\"/jsp/SearchResult.jsp?" + query.replace("&", "&amp;") + "\"><b><p>"
                + title.replace("&", "&amp;") + "</p></b></a></td><td><b>" + date + "</b></td></tr>\n";
    }

    private static List<ReleaseListing> listOf(String... rows) {
        return ReleaseListParser.parse("<table><tbody>" + String.join("", rows) + "</tbody></table>");
    }

    /**
     * A list as the university pages it, one table per degree, newest first in each: B.Tech, MBA, then a programme
     * the catalog does not know. 1530's date cell holds no date; 1500 is listed twice; one row has no exam code.
     */
    private static final List<ReleaseListing> LIST = listOf(
            row(
                    "degree=btech&examCode=1560&etype=r17&result=gradercrv&type=rcrvintgrade",
                    "RC/RV B.Tech III Year II Semester (R22) Regular Examinations Results",
                    "20-FEB-2024"),
            row(
                    "degree=btech&examCode=1560&etype=r17&type=intgrade",
                    "B.Tech III Year II Semester (R22) Regular Examinations Results",
                    "15-JAN-2024"),
            row(
                    "degree=btech&examCode=1530&etype=r17&type=intgrade",
                    "B.Tech I Year I Semester (R22) Supplementary Examinations Results",
                    "to be announced"),
            row(
                    "degree=btech&examCode=1500&etype=r17&type=intgrade",
                    "B.Tech II Year I Semester (R18) Supplementary Examinations Results",
                    "05-DEC-2023"),
            row(
                    "degree=btech&examCode=1450&etype=r17&type=intgrade",
                    "B.Tech I Year II Semester (R18) Regular Examinations Results",
                    "10-MAR-2023"),
            row(
                    "degree=btech&examCode=1500&etype=r17&type=intgrade",
                    "B.Tech II Year I Semester (R18) Supplementary Examinations Results (again)",
                    "06-DEC-2023"),
            row(
                    "degree=btech&examCode=1400",
                    "B.Tech IV Year I Semester Supplementary Examinations Results",
                    "01-JUN-2022"),
            row("degree=btech&examCode=soon", "B.Tech Results will be announced here", "01-MAR-2024"),
            row(
                    "degree=mba&examCode=1555&etype=r17&type=intgrade",
                    "MBA I Semester (R22) Regular & Supplementary Examinations Results",
                    "01-FEB-2024"),
            row("degree=pharmd&examCode=1420", "Pharm.D V Year (R17) Regular Examinations Results", "01-JUL-2022"));

    private static AtomFeed feedOf(List<ReleaseListing> list, String degree, String regulation) {
        return ReleaseFeed.of(list, new ReleaseFeed.Filter(degree, regulation), HOST, SELF, UNIVERSITY);
    }

    private static List<String> idsOf(AtomFeed feed) {
        return feed.entries().stream().map(AtomFeed.Entry::id).toList();
    }

    private static List<String> updatedOf(AtomFeed feed) {
        return feed.entries().stream()
                .map(entry -> AtomFeed.rfc3339(entry.updated()))
                .toList();
    }

    @Test
    void every_release_once_newest_first_with_tag_ids() {
        AtomFeed feed = feedOf(LIST, "", "");

        assertThat(idsOf(feed))
                .containsExactly(
                        "tag:results.example,2026:btech/1560/rcrv",
                        "tag:results.example,2026:mba/1555/regular",
                        "tag:results.example,2026:btech/1560/regular",
                        "tag:results.example,2026:btech/1530/regular",
                        "tag:results.example,2026:btech/1500/regular",
                        "tag:results.example,2026:btech/1450/regular",
                        "tag:results.example,2026:pharmd/1420/regular",
                        "tag:results.example,2026:btech/1400/regular");
        assertThat(updatedOf(feed))
                .containsExactly(
                        "2024-02-20T00:00:00+05:30",
                        "2024-02-01T00:00:00+05:30",
                        "2024-01-15T00:00:00+05:30",
                        "2023-12-05T00:00:00+05:30", // 1530: no date, the latest of the codes below it (1500's)
                        "2023-12-05T00:00:00+05:30",
                        "2023-03-10T00:00:00+05:30",
                        "2022-07-01T00:00:00+05:30",
                        "2022-06-01T00:00:00+05:30");
        assertThat(feed.id()).isEqualTo("tag:results.example,2026:feeds/releases.atom");
        assertThat(feed.title()).isEqualTo("JNTUH result releases");
        assertThat(AtomFeed.rfc3339(feed.updated())).isEqualTo("2024-02-20T00:00:00+05:30");
        assertThat(feed.selfLink()).isEqualTo(SELF);
    }

    @Test
    void entries_have_the_title_as_listed_and_the_university_link_of_the_release() {
        AtomFeed feed = feedOf(LIST, "", "");

        AtomFeed.Entry rcrv = feed.entries().getFirst();
        AtomFeed.Entry mba = feed.entries().get(1);
        AtomFeed.Entry repeated = feed.entries().get(4);
        assertThat(rcrv.title()).isEqualTo("RC/RV B.Tech III Year II Semester (R22) Regular Examinations Results");
        assertThat(rcrv.link())
                .isEqualTo("http://results.jntuh.ac.in/jsp/SearchResult.jsp?"
                        + "degree=btech&examCode=1560&etype=r17&result=gradercrv&type=rcrvintgrade");
        assertThat(mba.title()).isEqualTo("MBA I Semester (R22) Regular & Supplementary Examinations Results");
        assertThat(repeated.title()).isEqualTo("B.Tech II Year I Semester (R18) Supplementary Examinations Results");
    }

    @Test
    void a_degree_keeps_its_releases() {
        assertThat(idsOf(feedOf(LIST, "btech", "")))
                .containsExactly(
                        "tag:results.example,2026:btech/1560/rcrv",
                        "tag:results.example,2026:btech/1560/regular",
                        "tag:results.example,2026:btech/1530/regular",
                        "tag:results.example,2026:btech/1500/regular",
                        "tag:results.example,2026:btech/1450/regular",
                        "tag:results.example,2026:btech/1400/regular");
    }

    @Test
    void a_regulation_keeps_the_releases_whose_title_names_it_and_never_those_naming_none() {
        assertThat(idsOf(feedOf(LIST, "", "R22")))
                .containsExactly(
                        "tag:results.example,2026:btech/1560/rcrv",
                        "tag:results.example,2026:mba/1555/regular",
                        "tag:results.example,2026:btech/1560/regular",
                        "tag:results.example,2026:btech/1530/regular");
        assertThat(idsOf(feedOf(LIST, "btech", "R18")))
                .containsExactly(
                        "tag:results.example,2026:btech/1500/regular", "tag:results.example,2026:btech/1450/regular");
    }

    @Test
    void a_filtered_feed_has_its_own_id_and_title_and_the_same_entries_as_the_whole_feed() {
        AtomFeed filtered = feedOf(LIST, "btech", "R22");
        AtomFeed whole = feedOf(LIST, "", "");

        assertThat(filtered.id()).isEqualTo("tag:results.example,2026:feeds/releases.atom?degree=btech&regulation=R22");
        assertThat(filtered.title()).isEqualTo("JNTUH result releases: btech, R22");
        assertThat(whole.entries()).containsAll(filtered.entries());
        assertThat(filtered.entries()).hasSize(3);
    }

    @Test
    void a_feed_nothing_matches_is_empty_and_dated_1970() {
        AtomFeed feed = feedOf(LIST, "mca", "");

        assertThat(feed.entries()).isEmpty();
        assertThat(AtomFeed.rfc3339(feed.updated())).isEqualTo("1970-01-01T00:00:00+05:30");
    }

    @Test
    void an_undated_release_below_every_dated_code_takes_the_earliest_date_and_a_list_without_dates_1970() {
        List<ReleaseListing> list = listOf(
                row(
                        "degree=btech&examCode=1500",
                        "B.Tech II Year I Semester (R18) Regular Examinations",
                        "05-DEC-2023"),
                row("degree=btech&examCode=1400", "B.Tech I Year I Semester (R18) Regular Examinations", "01-JUN-2022"),
                row("degree=btech&examCode=1300", "B.Tech I Year II Semester (R18) Regular Examinations", "n/a"));
        List<ReleaseListing> undated = listOf(
                row("degree=btech&examCode=1300", "B.Tech I Year II Semester (R18) Regular Examinations", "n/a"));

        assertThat(updatedOf(feedOf(list, "", "")))
                .containsExactly("2023-12-05T00:00:00+05:30", "2022-06-01T00:00:00+05:30", "2022-06-01T00:00:00+05:30");
        assertThat(idsOf(feedOf(list, "", "")).getLast()).isEqualTo("tag:results.example,2026:btech/1300/regular");
        assertThat(updatedOf(feedOf(undated, "", ""))).containsExactly("1970-01-01T00:00:00+05:30");
    }

    @Test
    void the_same_list_gives_the_same_bytes() {
        assertThat(feedOf(LIST, "", "").xml())
                .isEqualTo(feedOf(List.copyOf(LIST), "", "").xml());
    }

    @Test
    void a_filter_takes_only_known_degrees_and_regulations_as_titles_write_them() {
        assertThatThrownBy(() -> new ReleaseFeed.Filter("bsc", "")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ReleaseFeed.Filter("BTECH", "")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ReleaseFeed.Filter("", "r22")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ReleaseFeed.Filter("", "R2")).isInstanceOf(IllegalArgumentException.class);
        assertThat(new ReleaseFeed.Filter("mpharmacy", "R99").query()).isEqualTo("?degree=mpharmacy&regulation=R99");
    }
}
