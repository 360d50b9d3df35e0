package in.results.upstream;

import in.results.scrape.ResultPage;

/** What the university answered for one hall ticket in one exam. Callers switch over it exhaustively. */
public sealed interface ResultFetch {
    /** A result page, parsed. */
    record Found(ResultPage page) implements ResultFetch {}

    /** The university has no result for this hall ticket in this exam (it answered with its search form). */
    record NoResult() implements ResultFetch {}

    /**
     * No host answered usefully (connection errors, timeouts, non-200 answers on every host, retries included),
     * or every host's circuit breaker is open and nothing was sent.
     */
    record Unavailable(String reason) implements ResultFetch {}

    /** A host answered 200 with a page that is neither a result nor the search form. */
    record BadResponse(String reason) implements ResultFetch {}
}
