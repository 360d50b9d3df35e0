package in.results.core;

import java.util.Objects;

/**
 * What the university said when asked for one page: the only vocabulary of the upstream boundary. The parsers
 * give the first three cases (a page is read, or recognised as the search form, or cannot be read); the upstream
 * client adds {@link Unavailable} when no host answered. Callers switch over it exhaustively.
 */
public sealed interface Reply<T> {
    /** A page that was read. */
    record Answered<T>(T value) implements Reply<T> {
        public Answered {
            Objects.requireNonNull(value, "value");
        }
    }

    /** The university has no result for this hall ticket in this exam: it answered with its search form. */
    record NoResult<T>() implements Reply<T> {}

    /** A host answered 200 with a page that is neither what was asked nor the search form. */
    record Unreadable<T>(String reason) implements Reply<T> {}

    /**
     * No host answered usefully (connection errors, timeouts, other statuses, retries included), or every host's
     * circuit breaker is open and nothing was sent.
     */
    record Unavailable<T>(String reason) implements Reply<T> {}
}
