package in.results.simulator;

import io.javalin.config.JavalinConfig;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GET /admin/requests}: how many requests the site has received since it started, in all and for result pages
 * ({@code /resultAction}), for a test that reaches the simulator only over HTTP (in a container) and must tell
 * whether the service asked the university again. Not counted itself.
 */
final class RequestReport {
    static final String PATH = "/admin/requests";

    private final UniversitySimulator simulator;

    RequestReport(UniversitySimulator simulator) {
        this.simulator = simulator;
    }

    void register(JavalinConfig config) {
        config.routes.get(PATH, ctx -> {
            Map<String, Long> body = new LinkedHashMap<>();
            body.put("total", simulator.requestCount());
            body.put("result_pages", simulator.requestCount("/resultAction"));
            DateControl.send(ctx, 200, body);
        });
    }
}
