package in.results.scrape;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.parser.Parser;

/**
 * Reads the university's release list ({@code /jsp/home.jsp}). Pure; thread-safe.
 *
 * <p>A release is a table row holding a link to {@code SearchResult.jsp}: the link's cell gives
 * the title, the first later cell of the row holding a readable date gives the release date.
 * Every table of the page is read (newer pages hold one per degree), rows in page order; rows
 * without such a link (headings, spacers) are skipped. The markup around the title
 * ({@code <b><p>}, {@code <p><b>}, leading spaces) and HTML comments between rows do not matter.
 */
public final class ReleaseListParser {
    static final String RELEASE_LINK = "a[href*=SearchResult.jsp]";
    static final String ROW = "tr";
    static final String CELL = "td, th";

    /**
     * A date anywhere in the date cell, so that text glued to it ({@code Updated on 19-Aug-2023},
     * {@code RCRV:05-MAY-2022}) does not hide it. The month is a number or an English month name
     * or abbreviation of any case ({@code OCT}, {@code Aug}, {@code AUGUST}, {@code JULY}).
     */
    private static final Pattern DATE =
            Pattern.compile("(?<!\\d)(\\d{1,2})\\s*[-/.]\\s*(\\d{1,2}|[A-Za-z]{3,9})\\s*[-/.]\\s*(\\d{4})(?!\\d)");

    private static final List<String> MONTHS = List.of(
            "JANUARY",
            "FEBRUARY",
            "MARCH",
            "APRIL",
            "MAY",
            "JUNE",
            "JULY",
            "AUGUST",
            "SEPTEMBER",
            "OCTOBER",
            "NOVEMBER",
            "DECEMBER");

    private ReleaseListParser() {}

    /**
     * Every release on the page, in page order. A row whose date cannot be read is kept with
     * {@code releaseDate ""}: a release the list links to still has results, and dropping it
     * would hide them; callers that need a date decide what to do with it.
     *
     * @throws PageLayoutException when the page has no table row with a {@code SearchResult.jsp}
     *     link (a changed layout or not the release list at all)
     */
    public static List<ReleaseListing> parse(String html) {
        Element root = tableRoot(Objects.requireNonNull(html, "html"));
        Set<Element> seenRows = Collections.newSetFromMap(new IdentityHashMap<>());
        List<ReleaseListing> releases = new ArrayList<>();
        for (Element link : root.select(RELEASE_LINK)) {
            Element row = link.closest(ROW);
            Element cell = link.closest(CELL);
            if (row == null || cell == null || !seenRows.add(row)) {
                continue; // not in a table row, or a second link in a row already read
            }
            String query = queryOf(link.attr("href"));
            releases.add(new ReleaseListing(cell.text(), releaseDateAfter(cell, row), query, paramsOf(query)));
        }
        if (releases.isEmpty()) {
            throw new PageLayoutException("no release rows: no table row with a SearchResult.jsp link");
        }
        return releases;
    }

    /**
     * The parsed page. A saved list may be only the inside of a table (what a browser serialises
     * as a table's inner HTML, starting at {@code <tbody>}); HTML drops row and cell tags outside
     * a table, so such input is parsed again the way its table would have parsed it.
     */
    private static Element tableRoot(String html) {
        Document doc = Jsoup.parse(html);
        if (!doc.select("table").isEmpty()) {
            return doc;
        }
        Element table = new Element("table");
        List<Node> nodes = Parser.parseFragment(html, table, "");
        table.appendChildren(nodes);
        return table;
    }

    /** The date in the first cell after {@code titleCell} that holds one, or {@code ""}. */
    private static String releaseDateAfter(Element titleCell, Element row) {
        for (Element cell = titleCell.nextElementSibling(); cell != null; cell = cell.nextElementSibling()) {
            if (cell.parent() == row && cell.is(CELL)) {
                String date = dateIn(cell.text());
                if (!date.isEmpty()) {
                    return date;
                }
            }
        }
        return "";
    }

    /** The first real date in {@code text} as {@code DD-MON-YYYY}, or {@code ""}. */
    static String dateIn(String text) {
        Matcher m = DATE.matcher(text);
        while (m.find()) {
            int month = monthOf(m.group(2));
            if (month == 0) {
                continue;
            }
            int day = Integer.parseInt(m.group(1));
            int year = Integer.parseInt(m.group(3));
            try {
                LocalDate.of(year, month, day); // rejects 31-APR and the like
            } catch (DateTimeException e) {
                continue;
            }
            return "%02d-%s-%04d".formatted(day, MONTHS.get(month - 1).substring(0, 3), year);
        }
        return "";
    }

    /** 1–12, or 0 when {@code month} is neither a month number nor a month name's first letters. */
    private static int monthOf(String month) {
        if (Character.isDigit(month.charAt(0))) {
            int n = Integer.parseInt(month);
            return n >= 1 && n <= 12 ? n : 0;
        }
        String upper = month.toUpperCase(Locale.ROOT);
        for (int i = 0; i < MONTHS.size(); i++) {
            if (MONTHS.get(i).startsWith(upper)) {
                return i + 1;
            }
        }
        return 0;
    }

    /** What follows the first {@code ?} of the link, without any {@code #fragment}. */
    private static String queryOf(String href) {
        String link = href.strip();
        int hash = link.indexOf('#');
        if (hash >= 0) {
            link = link.substring(0, hash);
        }
        int question = link.indexOf('?');
        return question < 0 ? "" : link.substring(question + 1);
    }

    private static Map<String, String> paramsOf(String query) {
        Map<String, String> params = new LinkedHashMap<>();
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            params.putIfAbsent(name, value);
        }
        return params;
    }
}
