package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import java.net.http.HttpRequest;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What browser clients on other sites need: CORS ({@code RESULTS_CORS_ORIGINS}) and conditional requests. */
class BrowserClientsIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final String APP = "https://results-app.example";

    private TestUniverse universe;

    @AfterEach
    void stop() {
        universe.close();
    }

    private ServiceClient start(Map<String, String> settings) {
        universe = TestUniverse.start(COHORT, Ticker.systemTicker(), settings);
        return universe.client();
    }

    private static HttpRequest.Builder get(ServiceClient client, String path) {
        return HttpRequest.newBuilder(client.uri(path)).GET();
    }

    private static HttpRequest preflight(ServiceClient client, String path, String origin, String method) {
        return HttpRequest.newBuilder(client.uri(path))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", origin)
                .header("Access-Control-Request-Method", method)
                .header("Access-Control-Request-Headers", "if-none-match")
                .build();
    }

    @Test
    void by_default_any_origin_may_read_answers_and_errors_and_the_freshness_headers() {
        ServiceClient client = start(Map.of());

        var answer = client.send(get(client, "/new/all").header("Origin", APP).build());
        var error =
                client.send(get(client, "/all-r18/short").header("Origin", APP).build());
        var sameOrigin = client.get("/new/all");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.header("Access-Control-Allow-Origin")).isEqualTo("*");
        assertThat(answer.header("Access-Control-Expose-Headers"))
                .contains("X-Cache", "Age", "ETag", "Retry-After", "Regulation", "Degree");
        assertThat(error.status()).isEqualTo(400);
        assertThat(error.header("Access-Control-Allow-Origin")).isEqualTo("*");
        assertThat(sameOrigin.header("Access-Control-Allow-Origin")).isNull();
    }

    @Test
    void a_preflight_is_answered_for_get_only() {
        ServiceClient client = start(Map.of());

        var forGet = client.send(preflight(client, "/api/calculate", APP, "GET"));
        var forPost = client.send(preflight(client, "/api/calculate", APP, "POST"));

        assertThat(forGet.status()).isEqualTo(204);
        assertThat(forGet.header("Access-Control-Allow-Origin")).isEqualTo("*");
        assertThat(forGet.header("Access-Control-Allow-Methods")).isEqualTo("GET");
        assertThat(forGet.header("Access-Control-Allow-Headers")).isEqualToIgnoringCase("If-None-Match");
        assertThat(forPost.status()).isEqualTo(405);
        assertThat(forPost.header("Access-Control-Allow-Methods")).isNull();
        assertThat(universe.primary().requestCount()).isZero();
    }

    @Test
    void configured_origins_are_allowed_by_name_and_others_get_no_cors_headers() {
        ServiceClient client = start(Map.of("RESULTS_CORS_ORIGINS", APP + ", http://localhost:3000"));

        var allowed =
                client.send(get(client, "/notifications").header("Origin", APP).build());
        var other = client.send(get(client, "/notifications")
                .header("Origin", "https://elsewhere.example")
                .build());
        var otherPreflight = client.send(preflight(client, "/notifications", "https://elsewhere.example", "GET"));

        assertThat(allowed.header("Access-Control-Allow-Origin")).isEqualTo(APP);
        assertThat(allowed.response().headers().allValues("Vary"))
                .anySatisfy(vary -> assertThat(vary).contains("Origin"));
        assertThat(other.status()).isEqualTo(200);
        assertThat(other.header("Access-Control-Allow-Origin")).isNull();
        assertThat(otherPreflight.header("Access-Control-Allow-Origin")).isNull();
        assertThat(otherPreflight.status()).isEqualTo(405);
    }

    @Test
    void cached_answers_carry_an_etag_and_a_matching_if_none_match_gets_304() {
        ServiceClient client = start(Map.of());
        UniversitySimulator primary = universe.primary();
        var first = client.get("/notifications");
        long asked = primary.requestCount();

        var unchanged = client.send(get(client, "/notifications")
                .header("If-None-Match", first.header("ETag"))
                .build());
        var listed = client.send(get(client, "/notifications")
                .header("If-None-Match", "W/\"older\", " + first.header("ETag"))
                .build());
        var changed = client.send(get(client, "/notifications")
                .header("If-None-Match", "W/\"older\"")
                .build());
        long askedAfter = primary.requestCount();
        var bulk = client.get("/api/bulk/calculate?hallticket_from=189A1A0501&hallticket_to=189A1A0502&examCode=1");

        assertThat(first.header("ETag")).matches("W/\"[A-Za-z0-9_-]+\"");
        assertThat(unchanged.status()).isEqualTo(304);
        assertThat(unchanged.response().body()).isEmpty();
        assertThat(unchanged.header("ETag")).isEqualTo(first.header("ETag"));
        assertThat(unchanged.header("Cache-Control")).startsWith("public, max-age=");
        assertThat(listed.status()).isEqualTo(304);
        assertThat(changed.status()).isEqualTo(200);
        assertThat(changed.json()).isEqualTo(first.json());
        assertThat(askedAfter).isEqualTo(asked);
        assertThat(bulk.header("ETag")).isNull(); // not a cached answer
    }
}
