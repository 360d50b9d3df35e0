package in.results.releases;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.scrape.ReleaseListing;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UnclassifiedReleasesTest {

    private static ExamRelease release(String degree, String code, String title) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", degree);
        params.put("examCode", code);
        String query = "degree=" + degree + "&examCode=" + code;
        return ExamCatalog.releaseOf(new ReleaseListing(title, "01-MAR-2024", query, params))
                .orElseThrow();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // titles of the real list: a programme, but no regulation or no semester to place them by
                "mba | 111 | M.B.A. Examinations Results | true",
                "mca | 250 | MCA II Semester Supplementary Examinations Results | true",
                "btech | 1600 | B.Tech Examinations Results (R18) | true",
                // placed: a programme, a regulation and a semester
                "mba | 240 | MBA II Semester (R22) Regular Examinations Results | false",
                "btech | 1662 | B.Tech I Year I Semester (R22) Regular Examinations Results | false",
                // special programmes are placed elsewhere, and a title naming no programme is not one of a programme
                "btech | 1861 | B.Tech IV Year I Semester (R18) Minor Degree Program Regular Examinations Results | false",
                "mtech | 124 | PHD COURSE WORK M.Tech I YEAR II SEMESTER REGULAR AUG/SEP-2023 Examinations Results | false"
            })
    void a_release_of_a_known_programme_without_regulation_or_semester_is_unclassified(
            String degree, String code, String title, boolean unclassified) {
        assertThat(UnclassifiedReleases.isUnclassified(release(degree, code, title)))
                .isEqualTo(unclassified);
    }
}
