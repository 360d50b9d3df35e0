package in.results.lookup;

import java.util.List;
import java.util.Objects;

/**
 * What the service knows about a hall ticket across all semesters; both cases are cached, each with the release list
 * it was built on ({@link ListMark}).
 */
public sealed interface TranscriptAnswer {
    ListMark mark();

    /**
     * At least one semester has a result: the merged transcript, and every page the lookup read, oldest first
     * (release date, then exam code; an RC/RV page after its exam's).
     */
    record Found(Transcript transcript, List<AttemptPage> pages, ListMark mark) implements TranscriptAnswer {
        public Found {
            Objects.requireNonNull(transcript, "transcript");
            pages = List.copyOf(pages);
            Objects.requireNonNull(mark, "mark");
        }
    }

    /** No B.Tech release of the regulation asked has a result for the hall ticket. */
    record NoResult(ListMark mark) implements TranscriptAnswer {
        public NoResult {
            Objects.requireNonNull(mark, "mark");
        }
    }
}
