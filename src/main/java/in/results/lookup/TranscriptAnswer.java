package in.results.lookup;

/** What the service knows about a hall ticket across all semesters; both cases are cached. */
public sealed interface TranscriptAnswer {
    /** At least one semester has a result. */
    record Found(Transcript transcript) implements TranscriptAnswer {}

    /** No B.Tech release of the regulation asked has a result for the hall ticket. */
    record NoResult() implements TranscriptAnswer {}
}
