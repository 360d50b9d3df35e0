package in.results.bulk;

import in.results.scrape.ResultPage;
import java.util.List;

/** What a bulk request sees of its job. */
public sealed interface BulkStatus {
    /** The job runs: {@code done} of {@code total} hall tickets answered so far. */
    record Loading(int done, int total) implements BulkStatus {}

    /**
     * The job ended: the result pages of every hall ticket that has one, in roll order; {@code missing} hall
     * tickets are left out because the university failed for them even after retries (or the deadline hit).
     */
    record Finished(List<ResultPage> pages, int missing) implements BulkStatus {
        public Finished {
            pages = List.copyOf(pages);
        }
    }

    /** Too many jobs run already; the request should be retried later. */
    record Busy() implements BulkStatus {}
}
