package in.results.lookup;

import in.results.archive.ArchivedAnswer;
import in.results.scrape.ResultPage;
import java.time.Instant;
import java.util.Objects;

/**
 * What the service knows about one hall ticket in one exam, and when the university said it; both cases are cached.
 * The time is the archive's ({@link ArchivedAnswer#readAt}): an answer handed on from the store is kept with the time
 * it was read, never with the time it was passed on.
 */
public sealed interface ExamAnswer {
    Instant readAt();

    /** The answer as the archive keeps it. */
    ArchivedAnswer archived();

    /** The university has a result. */
    record Found(ResultPage page, Instant readAt) implements ExamAnswer {
        public Found {
            Objects.requireNonNull(page, "page");
            Objects.requireNonNull(readAt, "readAt");
        }

        @Override
        public ArchivedAnswer archived() {
            return new ArchivedAnswer.Found(page, readAt);
        }
    }

    /** The university has no result for this hall ticket in this exam. */
    record NoResult(Instant readAt) implements ExamAnswer {
        public NoResult {
            Objects.requireNonNull(readAt, "readAt");
        }

        @Override
        public ArchivedAnswer archived() {
            return new ArchivedAnswer.NoResult(readAt);
        }
    }
}
