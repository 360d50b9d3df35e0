package in.results;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.api.HttpApi;
import in.results.cache.LookupCache;
import in.results.config.ServiceConfig;
import in.results.results.AllSemestersLookup;
import in.results.results.BulkJobs;
import in.results.results.CatalogSource;
import in.results.results.ExamAnswer;
import in.results.results.ExamLookup;
import in.results.results.PageFeed;
import in.results.results.SemesterLookup;
import in.results.results.TranscriptAnswer;
import in.results.scrape.Notification;
import in.results.scrape.NotificationParser;
import in.results.scrape.ReleaseListParser;
import in.results.scrape.ReleaseListing;
import in.results.upstream.HallTicket;
import in.results.upstream.UpstreamClient;
import in.results.upstream.UpstreamPolicy;
import io.javalin.Javalin;
import java.time.Duration;

/** The one wiring place: builds every part by constructor and returns the unstarted HTTP server. */
public final class App {
    static final Duration STALE_FOR = Duration.ofDays(7);
    private static final long EXAM_CACHE_ENTRIES = 200_000;
    private static final long TRANSCRIPT_CACHE_ENTRIES = 50_000;
    private static final int BULK_JOBS_AT_ONCE = 4;
    private static final Duration BULK_KEEP_FINISHED = Duration.ofMinutes(10);
    private static final Duration BULK_DEADLINE = Duration.ofMinutes(2);
    private static final BulkJobs.Retries BULK_RETRIES = new BulkJobs.Retries(3, Duration.ofMillis(500));

    private App() {}

    /** The service for {@code config}, not yet started; {@code Javalin#start()} listens on {@code config.port()}. */
    public static Javalin create(ServiceConfig config) {
        return create(config, Ticker.systemTicker());
    }

    /**
     * As {@link #create(ServiceConfig)}, with the time source of every cache and circuit breaker injected (tests
     * move it by hand).
     */
    public static Javalin create(ServiceConfig config, Ticker ticker) {
        return create(config, ticker, upstreamClient(config, ticker));
    }

    /** The client of the university for {@code config}: default breaker and retries, the configured budget. */
    public static UpstreamClient upstreamClient(ServiceConfig config, Ticker ticker) {
        UpstreamPolicy policy = UpstreamPolicy.defaults().withRequestsPerSecond(config.upstreamRequestsPerSecond());
        return new UpstreamClient(config.upstreamUrls(), config.upstreamConcurrency(), config.upstreamTimeout(),
                policy, ticker);
    }

    /** As {@link #create(ServiceConfig, Ticker)}, asking the university through {@code upstream}. */
    public static Javalin create(ServiceConfig config, Ticker ticker, UpstreamClient upstream) {
        Duration deadline = config.requestDeadline();
        ExamLookup exams = new ExamLookup(upstream,
                new LookupCache<ExamLookup.ExamKey, ExamAnswer>(EXAM_CACHE_ENTRIES, STALE_FOR, deadline, ticker));
        PageFeed<ReleaseListing> releases =
                new PageFeed<>(upstream, "/jsp/home.jsp", ReleaseListParser::parse, STALE_FOR, deadline, ticker);
        PageFeed<Notification> notifications =
                new PageFeed<>(upstream, "/jsp/RCRVInfo.jsp", NotificationParser::parse, STALE_FOR, deadline, ticker);
        CatalogSource catalog = new CatalogSource(releases, ticker);
        SemesterLookup semesters = new SemesterLookup(catalog, exams);
        AllSemestersLookup allSemesters = new AllSemestersLookup(catalog, exams,
                new LookupCache<HallTicket, TranscriptAnswer>(TRANSCRIPT_CACHE_ENTRIES, STALE_FOR, deadline, ticker));
        BulkJobs bulk = new BulkJobs(exams, BULK_JOBS_AT_ONCE, BULK_KEEP_FINISHED, BULK_DEADLINE, BULK_RETRIES, ticker);
        return new HttpApi(exams, semesters, allSemesters, bulk, releases, notifications, config, ticker).server();
    }
}
