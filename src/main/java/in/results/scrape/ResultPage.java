package in.results.scrape;

import java.util.List;
import java.util.Objects;

/** A parsed {@code /resultAction} answer: exam title (whitespace collapsed), student, marks rows in page order. */
public record ResultPage(String examTitle, StudentDetails details, List<SubjectResult> subjects) {
    public ResultPage {
        examTitle = Objects.requireNonNull(examTitle, "examTitle").strip().replaceAll("\\s+", " ");
        Objects.requireNonNull(details, "details");
        subjects = List.copyOf(subjects);
    }

    /**
     * Whether a row is withheld ({@code -} for a grade: malpractice, or a result under inquiry): the university fills
     * such rows in later under the same exam code, so the page is not final.
     */
    public boolean hasWithheldRow() {
        return subjects.stream().anyMatch(row -> row.grade().equals("-"));
    }
}
