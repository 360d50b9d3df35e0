package in.results.simulator;

import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One row of the release list. {@code title} is the text exactly as the list shows it (RC/RV rows
 * keep their leading space). {@code linkParams} are the query parameters of the row's link, in the
 * link's order ({@code degree}, {@code examCode}, then any of {@code etype}, {@code result},
 * {@code type}). An RC/RV release is a separate entry with its exam's code and {@code rcrv} set.
 * {@code semester} is {@code "y-s"}, or {@code ""} for year-wise releases.
 */
public record Exam(
        String code,
        String title,
        LocalDate releaseDate,
        Map<String, String> linkParams,
        String degree,
        String regulation,
        String semester,
        ExamKind kind,
        boolean rcrv,
        MarksLayout layout) {

    private static final Pattern CODE = Pattern.compile("\\d{3,5}");
    private static final Pattern SEMESTER = Pattern.compile("|[1-4]-[1-2]");

    public Exam {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(releaseDate, "releaseDate");
        Objects.requireNonNull(degree, "degree");
        Objects.requireNonNull(regulation, "regulation");
        Objects.requireNonNull(semester, "semester");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(layout, "layout");
        if (!CODE.matcher(code).matches()) {
            throw new IllegalArgumentException("exam code must be digits: " + code);
        }
        if (title.isBlank()) {
            throw new IllegalArgumentException("exam " + code + " has no title");
        }
        if (!SEMESTER.matcher(semester).matches()) {
            throw new IllegalArgumentException("semester must look like 2-1: " + semester);
        }
        // Copy keeping the link's order: parsers and tests compare the parameter sequence.
        linkParams = Collections.unmodifiableMap(new LinkedHashMap<>(linkParams));
        if (!degree.equals(linkParams.get("degree")) || !code.equals(linkParams.get("examCode"))) {
            throw new IllegalArgumentException(
                    "link of " + code + " must carry its degree and examCode: " + linkParams);
        }
    }

    /** The row's link as the release list writes it, before HTML escaping. */
    public String link() {
        StringBuilder link = new StringBuilder("/jsp/SearchResult.jsp?");
        linkParams.forEach((name, value) -> {
            if (link.charAt(link.length() - 1) != '?') {
                link.append('&');
            }
            link.append(name).append('=').append(value);
        });
        return link.toString();
    }
}
