package in.results.scrape;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;

/**
 * Reads the university's notification page ({@code /jsp/RCRVInfo.jsp}). Pure; thread-safe.
 *
 * <p>Each notification is an {@code <h3>} whose text reads {@code *(DD-MM-YYYY) description};
 * newer entries wrap the text in {@code <p>} and may carry an {@code <img>} badge, which has no
 * text and so does not matter. The {@code *} and the spaces are optional; the date may use
 * one-digit days and months and {@code /} or {@code .} separators. Other {@code <h3>}s
 * (headings) are skipped.
 */
public final class NotificationParser {
    static final String ENTRY_SELECTOR = "h3";
    private static final Pattern ENTRY =
            Pattern.compile("^\\*?\\s*\\(\\s*(\\d{1,2})\\s*[-/.]\\s*(\\d{1,2})\\s*[-/.]\\s*(\\d{4})\\s*\\)\\s*(.*)$");

    private NotificationParser() {}

    /**
     * Every notification, newest first; entries of the same date keep their page order. Dates
     * are compared as written (day, month, year), not checked against the calendar.
     *
     * @throws PageLayoutException when no {@code <h3>} reads {@code *(DD-MM-YYYY) description}
     */
    public static List<Notification> parse(String html) {
        List<Notification> notifications = new ArrayList<>();
        for (Element h3 : Jsoup.parse(Objects.requireNonNull(html, "html")).select(ENTRY_SELECTOR)) {
            Matcher m = ENTRY.matcher(Whitespace.collapse(h3.text()));
            if (m.matches()) {
                String date = "%02d-%02d-%s"
                        .formatted(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), m.group(3));
                notifications.add(new Notification(date, m.group(4)));
            }
        }
        if (notifications.isEmpty()) {
            throw new PageLayoutException("no <h3> notification reading *(DD-MM-YYYY) description");
        }
        // List.sort is stable, which keeps same-day entries in page order.
        notifications.sort(Comparator.comparingInt(NotificationParser::sortKey).reversed());
        return List.copyOf(notifications);
    }

    /** YYYYMMDD as a number, so that later dates compare greater. */
    private static int sortKey(Notification n) {
        String[] dmy = n.date().split("-");
        return Integer.parseInt(dmy[2]) * 10_000 + Integer.parseInt(dmy[1]) * 100 + Integer.parseInt(dmy[0]);
    }
}
