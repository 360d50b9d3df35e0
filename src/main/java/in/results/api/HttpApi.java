package in.results.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.alerts.Alerts;
import in.results.archive.Archive;
import in.results.bulk.BulkJobs;
import in.results.bulk.ExamResults;
import in.results.catalog.Course;
import in.results.config.ServiceConfig;
import in.results.core.Environment;
import in.results.core.ExamQuery;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.ExamLookup;
import in.results.lookup.ReadAheadStats;
import in.results.lookup.SemesterLookup;
import in.results.lookup.SpecialProgrammeLookup;
import in.results.releases.ListPage;
import in.results.releases.ListWatch;
import in.results.report.ClassRecord;
import in.results.report.StudentReports;
import in.results.report.pdf.TranscriptPdf;
import in.results.scrape.Notification;
import in.results.scrape.ReleaseListing;
import in.results.store.StoreMode;
import in.results.upstream.UpstreamClient;
import io.javalin.Javalin;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The HTTP face of the service: one Javalin server with every feature's routes, the request guards and the error
 * mapping.
 *
 * @param reports makes students' reports (promotion table, release list)
 * @param bulkJobs the bulk jobs of ranges of hall tickets in one exam
 * @param classJobs the class jobs: ranges of hall tickets over every semester of their course
 * @param listWatch reads the list pages again every refresh interval while the server runs
 * @param alerts subscriptions, push, live pages, dispatch and deliveries of result alerts (run while the server runs)
 * @param archive every page read, kept for good (shown by {@code /health} and {@code /metrics}; written out and
 *     closed when the server stops)
 * @param storeMode where answers are kept (shown by {@code /health} and {@code /metrics}; closed when the server stops)
 * @param clientBuckets the per-client rate limit's buckets: this instance's, or the fleet's
 * @param config the settings the HTTP layer reads: port, upstream URLs (release links), bulk range, rate limit,
 *     CORS origins (reads and writes), public URL (the origin that may write)
 * @param environment time of the request deadlines and health ages
 */
public record HttpApi(
        ExamLookup exams,
        SemesterLookup semesters,
        AllSemestersLookup allSemesters,
        SpecialProgrammeLookup specialProgrammes,
        StudentReports reports,
        BulkJobs<ExamQuery, ExamResults> bulkJobs,
        BulkJobs<Course, ClassRecord> classJobs,
        ListPage<ReleaseListing> releases,
        ListPage<Notification> notifications,
        ListWatch listWatch,
        ReadAheadStats readAhead,
        Alerts alerts,
        Archive archive,
        Readiness readiness,
        UpstreamClient upstream,
        StoreMode storeMode,
        ClientBuckets clientBuckets,
        ServiceConfig config,
        Environment environment) {

    static final String HEALTH = "/health";
    static final String READY = "/health/ready";
    private static final long STOP_TIMEOUT_MILLIS = 5_000;
    static final String METRICS = "/metrics";
    private static final Set<String> MONITORING = Set.of(HEALTH, READY, METRICS);

    /** An unstarted server on the configured port (0 = any free port). */
    public Javalin server() {
        JsonWriter json = new JsonWriter(config.listRefresh());
        ClientRateLimiter limiter = new ClientRateLimiter(config.trustedProxies(), clientBuckets);
        JobRequests jobRequests = new JobRequests(config.bulkMaxRange(), limiter, json);
        BulkRoutes bulk = new BulkRoutes(bulkJobs, jobRequests, json);
        ServiceMetrics metrics = new ServiceMetrics(upstream, storeMode, archive.stats(), readAhead, alerts.live());
        ReleaseRoutes releaseRoutes = new ReleaseRoutes(releases, notifications, config.upstreamUrls(), json);
        AttemptsRoutes attempts = new AttemptsRoutes(allSemesters, specialProgrammes, json);
        ReportRoutes report = new ReportRoutes(
                allSemesters,
                specialProgrammes,
                reports,
                archive,
                json,
                new TranscriptPdf(),
                config.upstreamUrls().getFirst(),
                environment.clock());
        CompareRoutes compare = new CompareRoutes(allSemesters, reports, environment.executor(), limiter, json);
        FeedRoutes feed = new FeedRoutes(releases, config.upstreamUrls().getFirst(), json);
        McpRoutes mcp = new McpRoutes(
                new McpTools(Stream.of(
                                new StudentTools(allSemesters, attempts, report, compare).tools(),
                                new ReleaseTools(releases, releaseRoutes, exams).tools(),
                                new ClassTools(bulkJobs, classJobs, jobRequests).tools())
                        .flatMap(List::stream)
                        .toList()),
                new FeedResource(feed),
                JsonWriter.MAPPER);
        CorsPolicy cors = new CorsPolicy(
                config.corsOrigins(),
                new WriteOrigins(config.corsWriteOrigins(), config.alerts().publicUrl()));
        return Javalin.create(javalin -> {
            javalin.jetty.port = config.port();
            javalin.concurrency.useVirtualThreads = true;
            javalin.startup.showJavalinBanner = false;
            javalin.http.prefer405over404 = true;
            // Javalin copies a body set with ctx.result (errors, /health, bulk) to Jetty through a fresh buffer of this
            // size; the default, Jetty's whole 32 KB output buffer, costs more to allocate than most bodies are long.
            javalin.http.responseBufferSize = 8 * 1024;
            // Jetty's per-connection cache of request header fields takes about 100 KB of heap per connection, kept as
            // long as the connection and then left for a full collection: with many clients coming and going it filled
            // the old generation (resident memory 380 MB instead of 200 MB after the wire benchmark), for no CPU saved.
            javalin.jetty.modifyHttpConfiguration(http -> {
                http.setHeaderCacheSize(0);
                // After the answer Jetty reads what is left of a request's body to keep the connection (16 reads by
                // default: 56 KB more of a body refused as too large). One read is enough to see the end of a body
                // read whole (every request but a refused one); past it the connection is closed instead, so a client
                // streaming a huge body has about one input buffer read past what the handler took. 0 would close
                // every connection: the first read is what tells a finished body.
                http.setMaxUnconsumedRequestContentReads(1);
            });
            javalin.jetty.modifyServer(server -> {
                server.setErrorHandler(new JettyErrorJson());
                server.setStopTimeout(STOP_TIMEOUT_MILLIS); // answers in flight get this long at shutdown
            });
            javalin.events.serverStarted(listWatch::start);
            javalin.events.serverStarted(alerts::start);
            javalin.events.serverStopping(listWatch::stop);
            javalin.events.serverStopping(alerts::stop);
            javalin.events.serverStopping(bulkJobs::stop);
            javalin.events.serverStopping(classJobs::stop);
            javalin.events.serverStopped(archive::close);
            javalin.events.serverStopped(storeMode::close);
            javalin.requestLogger.http(metrics::record);
            new ErrorMapper(json).register(javalin);
            javalin.routes.before(cors::apply); // first: a preflight ends here
            javalin.routes.before(ctx -> {
                RequestDeadline.start(ctx, config.requestDeadline(), environment.ticker());
                RequestGuard.check(ctx);
                // Monitoring must not be rate limited; the website's pages and files cost the university nothing. The
                // release feed is charged: each request builds its XML, and a feed reader asks far less often.
                if (!MONITORING.contains(ctx.path()) && !WebsiteRoutes.isWebsite(ctx.path())) {
                    limiter.charge(ctx, 1);
                }
            });
            new HealthRoutes(upstream, storeMode, archive, alerts.dispatcher(), readiness, environment.clock(), json)
                    .register(javalin);
            javalin.routes.get(METRICS, metrics::scrape);
            new DocsRoutes().register(javalin);
            new WebsiteRoutes().register(javalin);
            // Fixed paths first: the semester route /<hallticket>/<dob>/<year> would match /new/all/regular too.
            releaseRoutes.register(javalin);
            feed.register(javalin);
            bulk.register(javalin);
            new ClassSummaryRoutes(bulk, json).register(javalin);
            new ClassRecordRoutes(classJobs, jobRequests, json).register(javalin);
            new ExamRoutes(exams, bulk, json).register(javalin);
            new AllSemestersRoutes(allSemesters, json).register(javalin);
            report.register(javalin);
            attempts.register(javalin);
            mcp.register(javalin);
            new AlertRoutes(alerts.subscriptions(), alerts.push(), alerts.live(), limiter, new ObjectMapper(), json)
                    .register(javalin);
            // Before the semester route, which would take /compare/<hallticket>/<other_hallticket> for its own.
            compare.register(javalin);
            new SemesterRoutes(semesters, json).register(javalin);
        });
    }
}
