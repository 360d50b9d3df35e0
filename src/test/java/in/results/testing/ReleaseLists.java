package in.results.testing;

import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.simulator.UniversitySimulator;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a release list page proves unreleased, read from its HTML without the service's parser: its newest exam code
 * (codes are handed out in increasing order) and the built-in codes above it, which no lookup may ask.
 */
public final class ReleaseLists {
    private static final Pattern LISTED_CODE = Pattern.compile("examCode=(\\d+)");

    private ReleaseLists() {}

    /** The release list page as {@code site} serves it (read here, not by the service). */
    public static String pageOf(UniversitySimulator site) throws IOException, InterruptedException {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(site.baseUrl().resolve("/jsp/home.jsp"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }

    /** The highest {@code examCode} the page links to; fails on a page without one. */
    public static int newestCode(String releaseListHtml) {
        int newest = 0;
        for (Matcher m = LISTED_CODE.matcher(releaseListHtml); m.find(); ) {
            newest = Math.max(newest, Integer.parseInt(m.group(1)));
        }
        if (newest == 0) {
            throw new IllegalStateException("no exam code on the release list");
        }
        return newest;
    }

    /** The codes of the built-in table above {@code newest}, each once. */
    public static List<String> builtInCodesAbove(int newest) {
        return ExamCatalog.builtIn().all().stream()
                .map(ExamRelease::code)
                .distinct()
                .filter(code -> Integer.parseInt(code) > newest)
                .toList();
    }
}
