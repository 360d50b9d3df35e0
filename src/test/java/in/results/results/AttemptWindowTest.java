package in.results.results;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.Semester;
import in.results.scrape.ReleaseListing;
import in.results.upstream.HallTicket;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AttemptWindowTest {

    private static ReleaseListing listing(String code, String title, String date) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", "btech");
        params.put("examCode", code);
        params.put("etype", "r17");
        params.put("type", "intgrade");
        return new ReleaseListing(title, date, "degree=btech&examCode=" + code + "&etype=r17&type=intgrade", params);
    }

    private static final ExamCatalog CATALOG = ExamCatalog.from(List.of(
            listing("1467", "B.Tech I Year I Semester (R18) Regular Examinations Results", "20-MAY-2021"),
            listing("1404", "B.Tech I Year I Semester (R18) Regular Examinations Results", "28-DEC-2020"),
            listing("1323", "B.Tech I Year I Semester (R18) Regular Examinations Results", "15-MAR-2019")));

    private static List<String> codes(List<ExamRelease> releases) {
        return releases.stream().map(ExamRelease::code).toList();
    }

    @Test
    void releases_before_the_batch_could_sit_the_semester_are_skipped() {
        // batch 2020: first-year results appear from 1 January 2021 on → 1323 (2019) and 1404 (2020) cannot hold them
        AttemptWindow window = new AttemptWindow(new HallTicket("20S11A6601"));

        assertThat(codes(window.possible(Semester.of(1, 1), CATALOG.r18BtechRegularReleases(Semester.of(1, 1)))))
                .contains("1467").doesNotContain("1323", "1404");
    }

    @Test
    void the_first_batch_may_have_every_release() {
        AttemptWindow window = new AttemptWindow(new HallTicket("18S11A6601"));

        assertThat(codes(window.possible(Semester.of(1, 1), CATALOG.r18BtechRegularReleases(Semester.of(1, 1)))))
                .contains("1323", "1404", "1467");
    }

    @Test
    void lateral_entry_has_no_first_year_and_counts_from_the_year_before_joining() {
        // lateral 21…5…: joined 2nd year in 2021, so admission year 2020 for the rule
        AttemptWindow window = new AttemptWindow(new HallTicket("21S15A6601"));

        assertThat(window.mayHaveResults(Semester.of(1, 1))).isFalse();
        assertThat(window.possible(Semester.of(1, 1), CATALOG.r18BtechRegularReleases(Semester.of(1, 1)))).isEmpty();
        assertThat(window.mayHaveResults(Semester.of(2, 1))).isTrue();
    }
}
