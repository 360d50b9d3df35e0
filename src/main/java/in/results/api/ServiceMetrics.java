package in.results.api;

import in.results.alerts.LivePageRefused;
import in.results.alerts.LiveStreams;
import in.results.archive.ArchiveStats;
import in.results.lookup.ReadAheadStats;
import in.results.redis.RedisLink;
import in.results.store.StoreMode;
import in.results.upstream.BreakerState;
import in.results.upstream.HostHealth;
import in.results.upstream.UpstreamClient;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.router.Endpoint;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code GET /metrics} in the Prometheus text format: HTTP requests by route, status and cache outcome
 * ({@code results_http_requests}), what the university was sent ({@code results_upstream_*}, from the upstream
 * client's counters), each host's breaker state, Redis ({@code results_redis_*}, with {@code RESULTS_REDIS_URL}
 * only), the live pages open and refused ({@code results_live_streams_*}), and the JVM's memory, threads and CPU.
 */
final class ServiceMetrics {
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    private static final String UNMATCHED = "unmatched";
    /** Turned away before routing: rate limit, size limits. */
    private static final String REJECTED = "rejected";

    private static final String STATIC_FILE = "static";
    private static final String PREFLIGHT = "preflight";

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    /**
     * The request timers met so far, found without building a meter id per request. Bounded: routes are the
     * registered patterns and the four above, statuses the few the service answers, cache outcomes four.
     */
    private final Map<RequestKind, Timer> timers = new ConcurrentHashMap<>();

    ServiceMetrics(
            UpstreamClient upstream,
            StoreMode storeMode,
            ArchiveStats archive,
            ReadAheadStats readAhead,
            LiveStreams live) {
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        FunctionCounter.builder(
                        "results_upstream_requests", upstream, u -> u.stats().requests())
                .description("requests sent to the university")
                .register(registry);
        FunctionCounter.builder(
                        "results_upstream_retries", upstream, u -> u.stats().retries())
                .description("host sequences tried again after every host failed")
                .register(registry);
        FunctionCounter.builder(
                        "results_upstream_breaker_opens",
                        upstream,
                        u -> u.stats().breakerOpens())
                .description("times a host's circuit breaker opened")
                .register(registry);
        FunctionCounter.builder(
                        "results_upstream_short_circuits",
                        upstream,
                        u -> u.stats().shortCircuits())
                .description("calls refused without sending because every host was open")
                .register(registry);
        List<HostHealth> hosts = upstream.health();
        for (int i = 0; i < hosts.size(); i++) {
            int index = i;
            Gauge.builder(
                            "results_upstream_breaker_open",
                            upstream,
                            u -> u.health().get(index).state() == BreakerState.CLOSED ? 0 : 1)
                    .tag("host", hosts.get(i).baseUrl().toString())
                    .description("1 while the host's circuit breaker is open or probing")
                    .register(registry);
        }
        for (ArchiveStats.ReadOutcome outcome : ArchiveStats.ReadOutcome.values()) {
            FunctionCounter.builder("results_archive_reads", archive, a -> a.reads(outcome))
                    .tag("outcome", outcome.label())
                    .description("archive reads: hit (rows found), miss (none), unavailable (no answer in time)")
                    .register(registry);
        }
        FunctionCounter.builder("results_archive_writes", archive, ArchiveStats::writes)
                .description("rows written to the archive (pages and lookup records)")
                .register(registry);
        FunctionCounter.builder("results_archive_changed_pages", archive, ArchiveStats::changedPages)
                .description("kept pages replaced by a re-read that differs")
                .register(registry);
        FunctionCounter.builder("results_archive_dropped_writes", archive, ArchiveStats::droppedWrites)
                .description(
                        "archive writes dropped: the queue was full while the database did not answer, or it refused the row")
                .register(registry);
        for (ReadAheadStats.Outcome outcome : ReadAheadStats.Outcome.values()) {
            FunctionCounter.builder("results_read_ahead_students", readAhead, r -> r.students(outcome))
                    .tag("outcome", outcome.label())
                    .description("students read ahead before a new release list was used: ready, failed (looked up"
                            + " when they ask), not_started (the list was used first), not_fitted (beyond the warm-up's"
                            + " plan: its share of the request budget, RESULTS_READ_AHEAD_MAX or half the transcripts"
                            + " kept)")
                    .register(registry);
        }
        FunctionCounter.builder("results_archive_unreadable_rows", archive, ArchiveStats::unreadableRows)
                .description("archive rows read as a miss: a newer format, or not readable")
                .register(registry);
        Gauge.builder("results_live_streams_open", live, LiveStreams::openPages)
                .description("live pages (/events/student/...) open on this instance")
                .register(registry);
        for (LivePageRefused.Reason reason : LivePageRefused.Reason.values()) {
            FunctionCounter.builder("results_live_streams_refused", live, l -> l.refused(reason))
                    .tag("reason", reason.label())
                    .description("live pages refused: per_client (RESULTS_LIVE_PER_CLIENT, 429), instance_full"
                            + " (RESULTS_LIVE_MAX, 503)")
                    .register(registry);
        }
        if (storeMode instanceof StoreMode.Shared shared) {
            RedisLink link = shared.link();
            Gauge.builder("results_redis_up", link, l -> l.state().up() ? 1 : 0)
                    .description("1 while Redis answers; 0 while this instance serves from its own store")
                    .register(registry);
            FunctionCounter.builder("results_redis_errors", link, l -> l.state().errors())
                    .description("Redis commands without a reply in time or without a connection")
                    .register(registry);
            FunctionCounter.builder(
                            "results_redis_unreadable", link, l -> l.state().unreadable())
                    .description("copies in Redis read as a miss: another format version, not JSON, another type")
                    .register(registry);
        }
    }

    /** Records one answered request (Javalin's request logger calls this after every request). */
    void record(Context ctx, Float millis) {
        String cache = ctx.res().getHeader("X-Cache");
        RequestKind kind = new RequestKind(
                routeOf(ctx, ctx.endpoints().lastHttpEndpoint()), ctx.statusCode(), cache == null ? "none" : cache);
        Timer timer = timers.get(kind);
        if (timer == null) {
            timer = timers.computeIfAbsent(kind, this::timerOf);
        }
        timer.record((long) (millis * 1_000_000), TimeUnit.NANOSECONDS);
    }

    private Timer timerOf(RequestKind kind) {
        return Timer.builder("results_http_requests")
                .tag("route", kind.route())
                .tag("status", Integer.toString(kind.status()))
                .tag("cache", kind.cache())
                .register(registry);
    }

    /** The tags of one request's timer. */
    private record RequestKind(String route, int status, String cache) {}

    /**
     * The route pattern; without one: {@code unmatched} (404), the website's static files ({@code static}), CORS
     * preflights ({@code preflight}), or requests turned away before routing ({@code rejected}).
     */
    private static String routeOf(Context ctx, Endpoint endpoint) {
        if (endpoint != null) {
            return endpoint.path;
        }
        if (ctx.statusCode() == 404) {
            return UNMATCHED;
        }
        if (ctx.statusCode() < 400) {
            return ctx.method() == HandlerType.OPTIONS ? PREFLIGHT : STATIC_FILE;
        }
        return REJECTED;
    }

    void scrape(Context ctx) {
        ctx.header("Cache-Control", "no-store").contentType(CONTENT_TYPE).result(registry.scrape());
    }
}
