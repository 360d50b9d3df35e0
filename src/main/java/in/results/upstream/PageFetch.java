package in.results.upstream;

/** What the university answered for one of its plain pages (release list, notifications), parsed. */
public sealed interface PageFetch<T> {
    /** The page, read by the caller's parser. */
    record Fetched<T>(T value) implements PageFetch<T> {}

    /** Every host that answered sent a page the parser could not read. */
    record BadResponse<T>(String reason) implements PageFetch<T> {}

    /** No host answered with a 200 (retries included), or every host's circuit breaker is open. */
    record Unavailable<T>(String reason) implements PageFetch<T> {}
}
