package in.results.bulk;

import in.results.scrape.ResultPage;
import java.util.List;

/**
 * A finished exam job's result: the result pages of every hall ticket that has one, in roll order; {@code missing}
 * hall tickets are left out because the university failed for them even after retries (or the deadline hit).
 */
public record ExamResults(List<ResultPage> pages, int missing) {
    public ExamResults {
        pages = List.copyOf(pages);
    }
}
