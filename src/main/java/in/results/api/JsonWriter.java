package in.results.api;

import in.results.store.CachedAnswer;
import in.results.store.CacheStatus;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.javalin.http.Context;

/**
 * Writes JSON bodies as {@code application/json; charset=utf-8}; cached answers with the headers that say how fresh
 * they are ({@code Cache-Control: public, max-age=<seconds left>}, {@code X-Cache: HIT|MISS|STALE}).
 */
final class JsonWriter {
    static final String CONTENT_TYPE = "application/json; charset=utf-8";

    private final ObjectMapper mapper = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    void write(Context ctx, int status, Object body) {
        ctx.status(status).contentType(CONTENT_TYPE).result(bytesOf(body));
    }

    /**
     * 200 with {@code body} and the headers that say how fresh {@code answer} is, tagged with an {@code ETag}; a
     * request whose {@code If-None-Match} holds the tag gets {@code 304} with the same headers and no body.
     */
    void writeCached(Context ctx, CachedAnswer<?> answer, Object body) {
        ctx.header("X-Cache", answer.status().name());
        ctx.header("Cache-Control", "public, max-age=" + answer.freshLeft().toSeconds());
        // Age only on stale copies: caches subtract Age from max-age, and max-age already counts what is left.
        if (answer.status() == CacheStatus.STALE) {
            ctx.header("Age", Long.toString(answer.age().toSeconds()));
        }
        byte[] bytes = bytesOf(body);
        String tag = EntityTag.of(bytes);
        ctx.header("ETag", tag);
        if (EntityTag.matches(ctx.header("If-None-Match"), tag)) {
            ctx.status(304);
            return;
        }
        ctx.status(200).contentType(CONTENT_TYPE).result(bytes);
    }

    private byte[] bytesOf(Object body) {
        try {
            return mapper.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("answer could not be written as JSON", e);
        }
    }
}
