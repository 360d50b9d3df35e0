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
    private static final long EXAM_CACHE_ENTRIES = 100_000;
    private static final long TRANSCRIPT_CACHE_ENTRIES = 20_000;

    private App() {}

    /**
     * Bulk jobs: 4 at once, holding at most three quarters of the per-host upstream slots (interactive lookups keep
     * the rest), at most 200 kept, kept 10 minutes (1 minute when hall tickets were left out), 2 minutes at most, 2 tries per hall
     * ticket (each already retried by the upstream client).
     */
    private static BulkJobs.Policy bulkPolicy(ServiceConfig config) {
        return new BulkJobs.Policy(4, Math.max(1, config.upstreamConcurrency() * 3 / 4), 200, Duration.ofMinutes(10),
                Duration.ofMinutes(1), Duration.ofMinutes(2), 2, Duration.ofMillis(500));
    }

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
        CatalogSource catalog = new CatalogSource(releases);
        SemesterLookup semesters = new SemesterLookup(catalog, exams, deadline);
        AllSemestersLookup allSemesters = new AllSemestersLookup(catalog, exams,
                new LookupCache<HallTicket, TranscriptAnswer>(TRANSCRIPT_CACHE_ENTRIES, STALE_FOR, deadline, ticker));
        BulkJobs bulk = new BulkJobs(exams, bulkPolicy(config), ticker);
        return new HttpApi(exams, semesters, allSemesters, bulk, releases, notifications, upstream, config, ticker)
                .server();
    }
}
