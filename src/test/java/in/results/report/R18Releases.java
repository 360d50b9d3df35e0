package in.results.report;

import in.results.catalog.Degree;
import in.results.catalog.ExamRelease;
import in.results.catalog.ReleaseDate;
import in.results.catalog.ReleaseKind;
import in.results.catalog.ReleaseSource;
import in.results.catalog.Semester;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;

/** The R18 B.Tech 2-1 releases the report tests name as a subject's latest attempt. */
final class R18Releases {
    /** The 2-1 regular exam of 20 March 2022. */
    static final ExamRelease REGULAR_2_1 = release("1560", ReleaseKind.REGULAR, LocalDate.of(2022, 3, 20));
    /** The 2-1 supplementary exam of 14 September 2022. */
    static final ExamRelease SUPPLY_2_1 = release("1610", ReleaseKind.SUPPLEMENTARY, LocalDate.of(2022, 9, 14));

    private R18Releases() {}

    private static ExamRelease release(String code, ReleaseKind kind, LocalDate date) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", "btech");
        params.put("examCode", code);
        return new ExamRelease(
                code,
                Degree.BTECH,
                "R18",
                Semester.S2_1,
                kind,
                false,
                new ReleaseDate.Known(date),
                params,
                "B.Tech II Year I Semester (R18) " + kind + " Examinations Results",
                ReleaseSource.RELEASE_LIST);
    }
}
