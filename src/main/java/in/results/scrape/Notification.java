package in.results.scrape;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One entry of the university's notification page ({@code /jsp/RCRVInfo.jsp}).
 *
 * @param date {@code DD-MM-YYYY}, as the page writes it (zero-padded)
 * @param description the entry's text after the date, whitespace collapsed and stripped
 */
public record Notification(String date, String description) {
    private static final Pattern DATE = Pattern.compile("\\d{2}-\\d{2}-\\d{4}");

    public Notification {
        Objects.requireNonNull(date, "date");
        if (!DATE.matcher(date).matches()) {
            throw new IllegalArgumentException("date must be DD-MM-YYYY: " + date);
        }
        description = Whitespace.collapse(Objects.requireNonNull(description, "description"));
    }
}
