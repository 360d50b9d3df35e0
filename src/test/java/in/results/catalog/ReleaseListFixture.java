package in.results.catalog;

import in.results.scrape.ReleaseListParser;
import in.results.scrape.ReleaseListing;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The real release list of May 2022 ({@code src/test/resources/catalog/}, a byte-for-byte copy
 * of shared/fixtures/upstream), and inline one-row lists, both read by the real parser.
 */
final class ReleaseListFixture {
    static final String MAY_2022 = "/upstream/home-jsp-releases-table-2022-05.html";

    private static final List<ReleaseListing> MAY_2022_LISTINGS = read(MAY_2022);

    private ReleaseListFixture() {}

    /** The 351 rows of the May 2022 list, in page order; parsed once, the list is immutable. */
    static List<ReleaseListing> may2022() {
        return MAY_2022_LISTINGS;
    }

    private static List<ReleaseListing> read(String resource) {
        try (InputStream in = ReleaseListFixture.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + resource);
            }
            // The saved page is plain ASCII.
            return List.copyOf(ReleaseListParser.parse(new String(in.readAllBytes(), StandardCharsets.US_ASCII)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One list row as the university writes it: link query (after {@code ?}), title, date cell. */
    static String row(String query, String title, String date) {
        return "<tr><td><a href=\"/jsp/SearchResult.jsp?" + query.replace("&", "&amp;") + "\"><b><p>" + title
                + "</p></b></a></td><td><b>" + date + "</b></td></tr>\n";
    }

    /** The listings of the given rows, in order. */
    static List<ReleaseListing> listOf(String... rows) {
        return ReleaseListParser.parse("<table><tbody>" + String.join("", rows) + "</tbody></table>");
    }
}
