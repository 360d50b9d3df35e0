package in.results.testing;

import in.results.scrape.ReleaseListing;
import java.util.LinkedHashMap;
import java.util.Map;

/** Rows of the university's release list as its parser reads them, for tests that build a list by hand. */
public final class Listings {
    private Listings() {}

    /**
     * A B.Tech release of {@code examCode} as the list links it: {@code degree=btech&examCode=…&etype=…&type=…}.
     *
     * @param etype the link's {@code etype}, such as {@code r17} (R18's pages) or {@code r22}
     * @param type the link's {@code type}, such as {@code intgrade} or {@code grade22}
     */
    public static ReleaseListing btech(String examCode, String etype, String type, String title, String date) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("degree", "btech");
        params.put("examCode", examCode);
        params.put("etype", etype);
        params.put("type", type);
        return new ReleaseListing(
                title, date, "degree=btech&examCode=" + examCode + "&etype=" + etype + "&type=" + type, params);
    }
}
