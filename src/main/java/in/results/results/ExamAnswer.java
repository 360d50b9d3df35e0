package in.results.results;

import in.results.scrape.ResultPage;

/** What is known about one hall ticket in one exam; both cases are cached. */
public sealed interface ExamAnswer {
    /** The university has a result. */
    record Found(ResultPage page) implements ExamAnswer {}

    /** The university has no result for this hall ticket in this exam. */
    record NotFound() implements ExamAnswer {}
}
