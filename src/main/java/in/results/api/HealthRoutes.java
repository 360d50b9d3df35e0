package in.results.api;

import in.results.alerts.AlertDispatcher;
import in.results.archive.Archive;
import in.results.archive.ArchiveHealth;
import in.results.redis.LinkState;
import in.results.store.StoreMode;
import in.results.upstream.BreakerState;
import in.results.upstream.HostHealth;
import in.results.upstream.UpstreamClient;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /health}: liveness (always 200 while the service runs) and, per upstream host, its circuit breaker
 * state and when it last answered usefully. {@code upstream_available} is false when every breaker is open, i.e.
 * new lookups are answered from stale copies or with 503 until a probe succeeds. {@code store} says where answers
 * are kept; with Redis, whether it answers ({@code UP}) or the instance serves from its own store ({@code DOWN}), and
 * whether the limits are the fleet's or, while Redis does not answer, this instance's.
 * {@code archive} says which database keeps every page read ({@code embedded} or {@code postgresql}), whether it
 * answers, how many pages it holds (an estimate counted at most once a minute; null until first counted) and how many
 * writes wait for it. Redis or the archive's database being down is not a failure of the instance: the status stays
 * {@code UP}.
 *
 * <p>{@code GET /health/ready}: readiness for a load balancer, {@link Readiness}: 503 while starting, then 200.
 */
final class HealthRoutes {
    private final UpstreamClient upstream;
    private final StoreMode storeMode;
    private final Archive archive;
    private final AlertDispatcher alerts;
    private final Readiness readiness;
    private final Clock clock;
    private final JsonWriter json;

    HealthRoutes(
            UpstreamClient upstream,
            StoreMode storeMode,
            Archive archive,
            AlertDispatcher alerts,
            Readiness readiness,
            Clock clock,
            JsonWriter json) {
        this.alerts = alerts;
        this.readiness = readiness;
        this.upstream = upstream;
        this.storeMode = storeMode;
        this.archive = archive;
        this.clock = clock;
        this.json = json;
    }

    void register(JavalinConfig config) {
        config.routes.get(HttpApi.HEALTH, this::health);
        config.routes.get(HttpApi.READY, this::ready);
    }

    private void ready(Context ctx) {
        ctx.header("Cache-Control", "no-store");
        if (readiness.ready()) {
            json.write(ctx, 200, Map.of("status", "READY"));
        } else {
            throw ApiException.starting(readiness.awaited());
        }
    }

    private void health(Context ctx) {
        List<HostHealth> hosts = upstream.health();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", "UP");
        body.put("upstream_available", hosts.stream().anyMatch(host -> host.state() != BreakerState.OPEN));
        body.put("upstream", hosts.stream().map(this::hostJson).toList());
        body.put("store", storeJson());
        body.put("archive", archiveJson());
        AlertDispatcher.State dispatch = alerts.state();
        body.put(
                "alerts",
                Map.of("releases_known", dispatch.releasesKnown(), "releases_waiting", dispatch.releasesWaiting()));
        ctx.header("Cache-Control", "no-store");
        json.write(ctx, 200, body);
    }

    private Map<String, Object> storeJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        switch (storeMode) {
            case StoreMode.Embedded embedded -> json.put("kind", "embedded");
            case StoreMode.Shared shared -> {
                LinkState state = shared.link().state();
                json.put("kind", "redis");
                json.put("redis", state.up() ? "UP" : "DOWN");
                json.put("redis_address", state.where());
                json.put("since", state.since().toString());
                json.put("problem", state.up() ? null : state.problem());
                json.put("limits", state.up() && upstream.limitsShared() ? "fleet" : "instance");
            }
        }
        return json;
    }

    /** The archive: its kind, whether its database answers, the pages kept (counted in the background, or null). */
    private Map<String, Object> archiveJson() {
        ArchiveHealth health = archive.health();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("kind", health.kind());
        json.put("reachable", health.reachable());
        json.put("rows", health.rows().isPresent() ? health.rows().getAsLong() : null);
        json.put("queued_writes", health.queued());
        return json;
    }

    private Map<String, Object> hostJson(HostHealth host) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("url", host.baseUrl().toString());
        json.put("breaker", host.state().name());
        switch (host.lastSuccess()) {
            case HostHealth.LastSuccess.Never never -> {
                json.put("last_success", null);
                json.put("last_success_age_seconds", null);
            }
            case HostHealth.LastSuccess.Ago ago -> {
                json.put("last_success", clock.instant().minus(ago.elapsed()).toString());
                json.put("last_success_age_seconds", ago.elapsed().toSeconds());
            }
        }
        return json;
    }
}
