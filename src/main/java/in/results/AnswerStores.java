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
    private static final long EXAM_ENTRIES = 100_000;
    private static final long TRANSCRIPT_ENTRIES = 20_000;

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
                        key -> key.regulation().name() + ":" + key.hallTicket().value(),
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
