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
}
