package in.results.scrape;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One row of the university's release list ({@code /jsp/home.jsp}).
 *
 * @param title the exam title as shown, whitespace collapsed and stripped
 * @param releaseDate {@code DD-MON-YYYY} with an upper-case three-letter English month
 *     ({@code "05-MAY-2022"}), or {@code ""} when the row's date could not be read
 * @param query the link's own query string after {@code ?}, entities decoded and otherwise
 *     unchanged ({@code "degree=btech&examCode=1545&etype=r17&type=intgrade"})
 * @param linkParams the query's parameters in link order, values not percent-decoded; for a
 *     repeated name the first value; unmodifiable
 */
public record ReleaseListing(String title, String releaseDate, String query, Map<String, String> linkParams) {
    private static final Pattern DATE =
            Pattern.compile("\\d{2}-(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)-\\d{4}");

    public ReleaseListing {
        title = Whitespace.collapse(Objects.requireNonNull(title, "title"));
        Objects.requireNonNull(releaseDate, "releaseDate");
        if (!releaseDate.isEmpty() && !DATE.matcher(releaseDate).matches()) {
            throw new IllegalArgumentException("releaseDate must be DD-MON-YYYY or empty: " + releaseDate);
        }
        Objects.requireNonNull(query, "query");
        // Map.copyOf would lose the link's parameter order, which callers send back as is.
        linkParams = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(linkParams, "linkParams")));
    }
}
