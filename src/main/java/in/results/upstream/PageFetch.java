package in.results.upstream;

/** What the university answered for one of its plain pages (release list, notifications). */
public sealed interface PageFetch {
    /** The page's text, decoded. */
    record Fetched(String html) implements PageFetch {}

    /** No host answered with a 200 (retries included), or every host's circuit breaker is open. */
    record Unavailable(String reason) implements PageFetch {}
}
