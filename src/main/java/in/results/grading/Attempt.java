package in.results.grading;

import in.results.scrape.SubjectResult;
import java.util.List;

/**
 * One release's result for a student in a semester: its own rows, and the rows of its RC/RV (recounting /
 * revaluation) page — empty when there was none.
 */
public record Attempt(List<SubjectResult> rows, List<SubjectResult> rcrvRows) {
    public Attempt {
        rows = List.copyOf(rows);
        rcrvRows = List.copyOf(rcrvRows);
    }
}
