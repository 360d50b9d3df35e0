package in.results;

import in.results.core.Environment;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.ExamAnswer;
import in.results.lookup.ExamLookup;
import in.results.lookup.TranscriptAnswer;
import in.results.redis.SharedCopies;
import in.results.scrape.Notification;
import in.results.scrape.ReleaseListing;
import in.results.store.AnswerStore;
import in.results.store.EmbeddedStore;
import in.results.store.StoreMode;
import java.time.Duration;
import java.util.List;

/**
 * The service's answer stores: embedded (this process only) for a single instance, shared through Redis for a
 * fleet ({@link Deployment}). Both keep answers 7 days as stale copies and hold at most as many entries per process.
 */
record AnswerStores(
        AnswerStore<ExamLookup.ExamKey, ExamAnswer> exams,
        AnswerStore<AllSemestersLookup.TranscriptKey, TranscriptAnswer> transcripts,
        AnswerStore<String, List<ReleaseListing>> releaseList,
        AnswerStore<String, List<Notification>> notifications,
        StoreMode mode) {
    static final Duration STALE_FOR = Duration.ofDays(7);
    /**
     * Entries per process: 100,000 exam answers and 20,000 transcripts, or fewer when the heap cannot hold that many
     * (each store fills at most its share of the maximum heap; {@code jvm.options}' 256 MB holds about 50,000 and
     * 3,900). Measured on the simulator's pages with string deduplication, 953 students: a transcript takes about
     * 20 KB of heap with the rows it keeps, an exam answer less than 1 KB on average (most are "no result"); the rest
     * of the heap is for encoded answers (an eighth), requests in flight and the JVM's own objects (about 40 MB).
     */
    private static final long EXAM_ENTRIES = entriesFor(100_000, 0.20, 1024);

    static final long TRANSCRIPT_ENTRIES = entriesFor(20_000, 0.30, 20 * 1024);

    private static long entriesFor(long most, double heapShare, long bytesEach) {
        return Math.min(most, (long) (Runtime.getRuntime().maxMemory() * heapShare / bytesEach));
    }

    static AnswerStores embedded(Environment environment) {
        return new AnswerStores(
                new EmbeddedStore<>(EXAM_ENTRIES, STALE_FOR, environment.ticker(), environment.executor()),
                new EmbeddedStore<>(TRANSCRIPT_ENTRIES, STALE_FOR, environment.ticker(), environment.executor()),
                new EmbeddedStore<>(1, STALE_FOR, environment.ticker(), environment.executor()),
                new EmbeddedStore<>(1, STALE_FOR, environment.ticker(), environment.executor()),
                new StoreMode.Embedded());
    }

    static AnswerStores shared(Deployment.Fleet fleet) {
        return new AnswerStores(
                fleet.store(
                        "exam", StoredFormats.examAnswers(fleet.mapper()), StoredFormats::examKeyText, EXAM_ENTRIES),
                fleet.store(
                        "transcript",
                        StoredFormats.transcripts(fleet.mapper()),
                        AllSemestersLookup.TranscriptKey::text,
                        TRANSCRIPT_ENTRIES),
                fleet.store(
                        "releases", StoredFormats.listOf(fleet.mapper(), ReleaseListing.class), SharedCopies::part, 1),
                fleet.store(
                        "notifications",
                        StoredFormats.listOf(fleet.mapper(), Notification.class),
                        SharedCopies::part,
                        1),
                new StoreMode.Shared(fleet.link()));
    }
}
