package in.results.archive;

import in.results.scrape.ResultPage;
import java.time.Instant;
import java.util.Objects;

/** What the university answered for one {@link PageKey}, and when it was read. */
public sealed interface ArchivedAnswer {
    Instant readAt();

    /** A result page, as parsed. */
    record Found(ResultPage page, Instant readAt) implements ArchivedAnswer {
        public Found {
            Objects.requireNonNull(page, "page");
            Objects.requireNonNull(readAt, "readAt");
        }
    }

    /** The university's search form: no result for the hall ticket in that release when it was read. */
    record NoResult(Instant readAt) implements ArchivedAnswer {
        public NoResult {
            Objects.requireNonNull(readAt, "readAt");
        }
    }
}
