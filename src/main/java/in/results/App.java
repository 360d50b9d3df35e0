package in.results;

import in.results.api.HttpApi;
import in.results.bulk.BulkJobs;
import in.results.config.ServiceConfig;
import in.results.core.Environment;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.ExamAnswer;
import in.results.lookup.ExamLookup;
import in.results.lookup.SemesterLookup;
import in.results.lookup.TranscriptAnswer;
import in.results.releases.CatalogSource;
import in.results.releases.ListPage;
import in.results.scrape.Notification;
import in.results.scrape.NotificationParser;
import in.results.scrape.ReleaseListParser;
import in.results.scrape.ReleaseListing;
import in.results.store.EmbeddedStore;
import in.results.upstream.UpstreamClient;
import in.results.upstream.UpstreamPolicy;
import io.javalin.Javalin;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/** The one wiring place: builds every part by constructor and returns the unstarted HTTP server. */
public final class App {
    static final Duration STALE_FOR = Duration.ofDays(7);
    private static final long EXAM_STORE_ENTRIES = 100_000;
    private static final long TRANSCRIPT_STORE_ENTRIES = 20_000;

    private App() {}

    /**
     * Bulk jobs: 4 at once, holding at most three quarters of the per-host upstream slots (interactive lookups keep
     * the rest), at most 200 kept, kept 10 minutes (1 minute when hall tickets were left out), 2 minutes at most, 2
     * tries per hall ticket (each already retried by the upstream client).
     */
    private static BulkJobs.Policy bulkPolicy(ServiceConfig config) {
        return new BulkJobs.Policy(4, Math.max(1, config.upstreamConcurrency() * 3 / 4), 200, Duration.ofMinutes(10),
                Duration.ofMinutes(1), Duration.ofMinutes(2), 2, Duration.ofMillis(500));
    }

    /** The service for {@code config}, not yet started; {@code Javalin#start()} listens on {@code config.port()}. */
    public static Javalin create(ServiceConfig config) {
        return create(config, Environment.system());
    }

    /** As {@link #create(ServiceConfig)}, with time and threads from {@code environment}. */
    public static Javalin create(ServiceConfig config, Environment environment) {
        return create(config, environment, upstreamClient(config, environment));
    }

    /** The client of the university for {@code config}: default breaker and retries, the configured budget. */
    public static UpstreamClient upstreamClient(ServiceConfig config, Environment environment) {
        UpstreamPolicy policy = UpstreamPolicy.defaults().withRequestsPerSecond(config.upstreamRequestsPerSecond());
        return new UpstreamClient(config.upstreamUrls(), config.upstreamConcurrency(), config.upstreamTimeout(),
                policy, environment.ticker());
    }

    /** As {@link #create(ServiceConfig, Environment)}, asking the university through {@code upstream}. */
    public static Javalin create(ServiceConfig config, Environment environment, UpstreamClient upstream) {
        ExamLookup exams = new ExamLookup(upstream,
                new EmbeddedStore<ExamLookup.ExamKey, ExamAnswer>(EXAM_STORE_ENTRIES, STALE_FOR, environment.ticker(),
                        environment.executor()));
        ListPage<ReleaseListing> releases =
                listPage(upstream, "/jsp/home.jsp", ReleaseListParser::parse, config, environment);
        ListPage<Notification> notifications =
                listPage(upstream, "/jsp/RCRVInfo.jsp", NotificationParser::parse, config, environment);
        CatalogSource catalog = new CatalogSource(releases);
        SemesterLookup semesters = new SemesterLookup(catalog, exams, environment.executor());
        // One store for every regulation: its key holds the regulation, so /all-r22 and /all-r18 answers never mix.
        AllSemestersLookup allSemesters = new AllSemestersLookup(catalog, exams,
                new EmbeddedStore<AllSemestersLookup.TranscriptKey, TranscriptAnswer>(TRANSCRIPT_STORE_ENTRIES,
                        STALE_FOR, environment.ticker(), environment.executor()),
                environment.executor(), config.upstreamConcurrency(), environment.ticker());
        BulkJobs bulk = new BulkJobs(exams, bulkPolicy(config), environment);
        return new HttpApi(exams, semesters, allSemesters, bulk, releases, notifications, upstream, config, environment)
                .server();
    }

    private static <T> ListPage<T> listPage(UpstreamClient upstream, String path,
            Function<String, List<T>> parser, ServiceConfig config, Environment environment) {
        return new ListPage<>(upstream, path, parser,
                new EmbeddedStore<String, List<T>>(1, STALE_FOR, environment.ticker(), environment.executor()),
                environment.ticker(), environment.executor(), config.requestDeadline());
    }
}
