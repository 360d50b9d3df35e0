package in.results.api;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.store.CacheStatus;
import in.results.store.CachedAnswer;
import io.javalin.Javalin;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Cached answers on the wire, through a real server on loopback: encoded once, gzip when accepted, ETag and 304. */
class JsonWriterTest {
    private static final BodyShape SHAPE = new BodyShape("test");
    /** About 3 KB of JSON: above the size from which bodies go out compressed. */
    private static final List<String> LARGE = List.of("x".repeat(1000), "y".repeat(1000), "z".repeat(1000));

    private static final List<String> SMALL = List.of("tiny");

    private final HttpClient http = HttpClient.newHttpClient();
    private final AtomicInteger encodings = new AtomicInteger();
    private Javalin server;

    @BeforeEach
    void startServer() {
        JsonWriter json = new JsonWriter(Duration.ofHours(3));
        CachedAnswer<List<String>> large =
                new CachedAnswer<>(LARGE, CacheStatus.HIT, Duration.ofMinutes(1), Duration.ofMinutes(29));
        CachedAnswer<List<String>> small =
                new CachedAnswer<>(SMALL, CacheStatus.HIT, Duration.ZERO, Duration.ofMinutes(30));
        server = Javalin.create(config -> {
                    config.jetty.port = 0;
                    config.startup.showJavalinBanner = false;
                    config.routes.get("/large", ctx -> json.writeCached(ctx, large, SHAPE, () -> body(large.value())));
                    config.routes.get("/small", ctx -> json.writeCached(ctx, small, SHAPE, () -> body(small.value())));
                })
                .start();
    }

    private Map<String, Object> body(List<String> value) {
        encodings.incrementAndGet();
        return Map.of("data", value);
    }

    @AfterEach
    void stopServer() {
        server.stop();
    }

    private HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String header(HttpResponse<?> response, String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    private static String gunzip(byte[] bytes) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void a_cached_answer_is_encoded_once_however_often_and_however_it_is_asked_for() throws Exception {
        HttpResponse<byte[]> plain = get("/large");
        HttpResponse<byte[]> again = get("/large");
        HttpResponse<byte[]> compressed = get("/large", "Accept-Encoding", "gzip");

        assertThat(encodings).hasValue(1);
        assertThat(again.body()).isEqualTo(plain.body());
        assertThat(gunzip(compressed.body())).isEqualTo(new String(plain.body(), StandardCharsets.UTF_8));
    }

    @Test
    void gzip_is_sent_to_a_client_that_accepts_it_and_to_no_other() throws Exception {
        HttpResponse<byte[]> plain = get("/large");
        HttpResponse<byte[]> compressed = get("/large", "Accept-Encoding", "deflate, GZIP;q=0.5");
        HttpResponse<byte[]> refused = get("/large", "Accept-Encoding", "gzip;q=0, identity");

        String json = new String(plain.body(), StandardCharsets.UTF_8);
        assertThat(json)
                .isEqualTo("{\"data\":[\"" + LARGE.get(0) + "\",\"" + LARGE.get(1) + "\",\"" + LARGE.get(2) + "\"]}");
        assertThat(header(plain, "Content-Encoding")).isNull();
        assertThat(header(plain, "Content-Length")).isEqualTo(Integer.toString(plain.body().length));
        assertThat(header(compressed, "Content-Encoding")).isEqualTo("gzip");
        assertThat(header(compressed, "Content-Length")).isEqualTo(Integer.toString(compressed.body().length));
        assertThat(compressed.body().length).isLessThan(plain.body().length / 4);
        assertThat(gunzip(compressed.body())).as("compressed once, not twice").isEqualTo(json);
        assertThat(header(refused, "Content-Encoding")).isNull();
        assertThat(refused.body()).isEqualTo(plain.body());
        for (HttpResponse<byte[]> response : List.of(plain, compressed, refused)) {
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(header(response, "Content-Type")).isEqualToIgnoringWhitespace(JsonWriter.CONTENT_TYPE);
            assertThat(response.headers().allValues("Vary")).contains("Accept-Encoding");
        }
    }

    @Test
    void a_small_answer_goes_out_as_it_is_even_to_a_client_that_accepts_gzip() throws Exception {
        HttpResponse<byte[]> small = get("/small", "Accept-Encoding", "gzip");

        assertThat(header(small, "Content-Encoding")).isNull();
        assertThat(new String(small.body(), StandardCharsets.UTF_8)).isEqualTo("{\"data\":[\"tiny\"]}");
        assertThat(small.headers().allValues("Vary")).doesNotContain("Accept-Encoding");
    }

    @Test
    void both_forms_carry_one_entity_tag_and_either_client_holding_it_gets_304() throws Exception {
        HttpResponse<byte[]> plain = get("/large");
        HttpResponse<byte[]> compressed = get("/large", "Accept-Encoding", "gzip");
        String tag = header(plain, "ETag");

        HttpResponse<byte[]> unchanged = get("/large", "If-None-Match", tag);
        HttpResponse<byte[]> unchangedCompressed = get("/large", "If-None-Match", tag, "Accept-Encoding", "gzip");
        HttpResponse<byte[]> changed = get("/large", "If-None-Match", "W/\"other\"");

        assertThat(tag).isEqualTo(EntityTag.of(plain.body()));
        assertThat(header(compressed, "ETag")).isEqualTo(tag);
        for (HttpResponse<byte[]> response : List.of(unchanged, unchangedCompressed)) {
            assertThat(response.statusCode()).isEqualTo(304);
            assertThat(response.body()).isEmpty();
            assertThat(header(response, "ETag")).isEqualTo(tag);
            assertThat(header(response, "X-Cache")).isEqualTo("HIT");
            assertThat(header(response, "Cache-Control")).isEqualTo("public, max-age=1740");
        }
        assertThat(changed.statusCode()).isEqualTo(200);
        assertThat(changed.body()).isEqualTo(plain.body());
    }

    @Test
    void accept_encoding_is_read_by_coding_and_weight() {
        assertThat(JsonWriter.acceptsGzip("gzip")).isTrue();
        assertThat(JsonWriter.acceptsGzip("br, gzip, deflate")).isTrue();
        assertThat(JsonWriter.acceptsGzip("Gzip;q=0.001")).isTrue();
        assertThat(JsonWriter.acceptsGzip("gzip;q=0")).isFalse();
        assertThat(JsonWriter.acceptsGzip("gzip; q=0.000")).isFalse();
        assertThat(JsonWriter.acceptsGzip("identity, deflate")).isFalse();
        assertThat(JsonWriter.acceptsGzip("x-gzip")).isFalse();
        assertThat(JsonWriter.acceptsGzip("")).isFalse();
        assertThat(JsonWriter.acceptsGzip(null)).isFalse();
    }
}
