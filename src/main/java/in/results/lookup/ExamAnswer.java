package in.results.lookup;

import in.results.scrape.ResultPage;

/** What the service knows about one hall ticket in one exam; both cases are cached. */
public sealed interface ExamAnswer {
    /** The university has a result. */
    record Found(ResultPage page) implements ExamAnswer {}

    /** The university has no result for this hall ticket in this exam. */
    record NoResult() implements ExamAnswer {}
}
