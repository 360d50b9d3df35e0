package in.results.scrape;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A parsed {@code /resultAction} answer: exam title (whitespace collapsed), student, marks rows in page order, and the
 * grade legend the page prints.
 *
 * @param legend letter grade (upper case, {@code "A+"}, {@code "AB"}) → grade points, in the legend's order; empty
 *     when the page prints no legend or one that could not be read. Equality ignores the order.
 */
public record ResultPage(
        String examTitle, StudentDetails details, List<SubjectResult> subjects, Map<String, Integer> legend) {
    public ResultPage {
        examTitle = Objects.requireNonNull(examTitle, "examTitle").strip().replaceAll("\\s+", " ");
        Objects.requireNonNull(details, "details");
        subjects = List.copyOf(subjects);
        legend = Collections.unmodifiableMap(new LinkedHashMap<>(legend));
    }

    /** A page without a grade legend. */
    public ResultPage(String examTitle, StudentDetails details, List<SubjectResult> subjects) {
        this(examTitle, details, subjects, Map.of());
    }

    /**
     * Whether a row is withheld ({@code -} for a grade: malpractice, or a result under inquiry): the university fills
     * such rows in later under the same exam code, so the page is not final.
     */
    public boolean hasWithheldRow() {
        return subjects.stream().anyMatch(row -> row.grade().equals("-"));
    }
}
