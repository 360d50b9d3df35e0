package in.results.api;

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
 * new lookups are answered from stale copies or with 503 until a probe succeeds.
 */
final class HealthRoutes {
    private final UpstreamClient upstream;
    private final Clock clock;
    private final JsonWriter json;

    HealthRoutes(UpstreamClient upstream, Clock clock, JsonWriter json) {
        this.upstream = upstream;
        this.clock = clock;
        this.json = json;
    }

    void register(JavalinConfig config) {
        config.routes.get(HttpApi.HEALTH, this::health);
    }

    private void health(Context ctx) {
        List<HostHealth> hosts = upstream.health();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", "UP");
        body.put("upstream_available", hosts.stream().anyMatch(host -> host.state() != BreakerState.OPEN));
        body.put("upstream", hosts.stream().map(this::hostJson).toList());
        ctx.header("Cache-Control", "no-store");
        json.write(ctx, 200, body);
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
