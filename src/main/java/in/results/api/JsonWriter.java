package in.results.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import in.results.store.CacheStatus;
import in.results.store.CachedAnswer;
import io.javalin.http.Context;
import java.io.IOException;
import java.time.Duration;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes JSON bodies as {@code application/json; charset=utf-8}; cached answers with the headers that say how fresh
 * they are ({@code Cache-Control: public, max-age=<seconds left>}, {@code X-Cache: HIT|MISS|STALE}). {@code max-age}
 * never exceeds the release list's refresh interval: an answer is fresh while the list shows nothing new for it, which
 * only the service can tell, so browsers and proxies ask again at least that often (and no
 * {@code stale-while-revalidate}: they would show an answer without the new release). A cached answer
 * is encoded once — JSON, entity tag, gzip form — and kept with the answer ({@link EncodedBodies}), so serving it
 * again costs little more than writing its bytes. Bodies of other media types built from a cached answer (the Atom
 * feed) go out with the same headers.
 */
final class JsonWriter {
    static final String CONTENT_TYPE = "application/json; charset=utf-8";
    private static final Logger LOG = LoggerFactory.getLogger(JsonWriter.class);
    /** The status Javalin records for a request whose client closed the connection before the answer was written. */
    private static final int CLIENT_CLOSED_REQUEST = 499;
    /** The weight that refuses a coding (RFC 9110 §12.4.2: {@code q=0}, {@code q=0.000}). */
    private static final Pattern REFUSED = Pattern.compile("[qQ]\\s*=\\s*0(\\.0{0,3})?");
    /** Room for a few thousand transcripts of about 10 KB: the answers asked often stay encoded. */
    private static final long ENCODED_BYTES =
            Math.max(4L << 20, Runtime.getRuntime().maxMemory() / 8);

    /** How every JSON body is written; shared, as an {@code ObjectMapper} is safe to share once configured. */
    static final ObjectMapper MAPPER = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private final ObjectMapper mapper = MAPPER;
    private final EncodedBodies encoded;
    private final Duration longestMaxAge;

    /** @param longestMaxAge the most {@code max-age} said of a cached answer: the list's refresh interval */
    JsonWriter(Duration longestMaxAge) {
        this(ENCODED_BYTES, longestMaxAge);
    }

    /** @param encodedBytes how many bytes of encoded cached answers are kept */
    JsonWriter(long encodedBytes, Duration longestMaxAge) {
        this.encoded = new EncodedBodies(encodedBytes);
        this.longestMaxAge = longestMaxAge;
    }

    void write(Context ctx, int status, Object body) {
        ctx.status(status).contentType(CONTENT_TYPE).result(bytesOf(body));
    }

    /**
     * 200 with the body of {@code answer} in {@code shape} and the headers that say how fresh the answer is, tagged
     * with an {@code ETag}; a request whose {@code If-None-Match} holds the tag gets {@code 304} with the same headers
     * and no body. {@code body} makes the body the first time this answer is written in this shape; it must follow
     * from the answer's value alone (see {@link EncodedBodies}). A client that accepts gzip gets the gzip form of a
     * body of {@link EncodedBody#MIN_GZIP_BYTES} or more.
     */
    void writeCached(Context ctx, CachedAnswer<?> answer, BodyShape shape, Supplier<?> body) {
        writeTagged(ctx, answer, encoded.of(answer.value(), shape, () -> bytesOf(body.get())), CONTENT_TYPE);
    }

    /**
     * As {@link #writeCached(Context, CachedAnswer, BodyShape, Supplier)}, for a JSON body that follows from more than
     * the answer's value (a student's attempts with their minor-degree pages): made for this request, not kept.
     */
    void writeCached(Context ctx, CachedAnswer<?> answer, Object body) {
        writeCached(ctx, answer, CONTENT_TYPE, bytesOf(body));
    }

    /**
     * As {@link #writeCached(Context, CachedAnswer, BodyShape, Supplier)} — the same freshness headers, {@code ETag},
     * {@code 304} and gzip — for a body of another media type made for this request alone (it depends on more than
     * the answer's value, such as the Atom feed on the request's host), so it is tagged and compressed here and not
     * kept.
     */
    void writeCached(Context ctx, CachedAnswer<?> answer, String contentType, byte[] body) {
        writeTagged(ctx, answer, new EncodedBody(body), contentType);
    }

    private void writeTagged(Context ctx, CachedAnswer<?> answer, EncodedBody encodedBody, String contentType) {
        ctx.header("X-Cache", answer.status().name());
        Duration maxAge = answer.freshLeft().compareTo(longestMaxAge) < 0 ? answer.freshLeft() : longestMaxAge;
        ctx.header("Cache-Control", "public, max-age=" + maxAge.toSeconds());
        // Age only on stale copies: caches subtract Age from max-age, and max-age already counts what is left.
        if (answer.status() == CacheStatus.STALE) {
            ctx.header("Age", Long.toString(answer.age().toSeconds()));
        }
        ctx.header("ETag", encodedBody.tag());
        boolean gzip = false;
        if (encodedBody.compressible()) {
            ctx.res().addHeader("Vary", "Accept-Encoding"); // added: CORS may have said Vary: Origin
            gzip = acceptsGzip(ctx.header("Accept-Encoding"));
        }
        if (EntityTag.matches(ctx.header("If-None-Match"), encodedBody.tag())) {
            ctx.status(304);
            return;
        }
        byte[] bytes = gzip ? encodedBody.gzip() : encodedBody.json();
        ctx.status(200).contentType(contentType);
        if (gzip) {
            ctx.header("Content-Encoding", "gzip");
        }
        ctx.header("Content-Length", Integer.toString(bytes.length));
        // Straight to Jetty's stream: through ctx.result the bytes would be copied via a fresh 32 KB buffer, and
        // Javalin's compressing stream would be asked whether to compress them again.
        try {
            ctx.res().getOutputStream().write(bytes);
        } catch (IOException e) { // the client went away: as Javalin answers a write that fails
            LOG.debug("client went away while {} was written", ctx.path(), e);
            ctx.status(CLIENT_CLOSED_REQUEST);
        }
    }

    /**
     * Whether an {@code Accept-Encoding} header value accepts gzip: a {@code gzip} coding without {@code q=0}. A
     * missing header accepts nothing but the body as it is.
     */
    static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        for (String coding : acceptEncoding.split(",")) {
            String[] parts = coding.split(";");
            if (parts[0].strip().equalsIgnoreCase("gzip")) {
                for (int i = 1; i < parts.length; i++) {
                    if (REFUSED.matcher(parts[i].strip()).matches()) {
                        return false;
                    }
                }
                return true;
            }
        }
        return false;
    }

    private byte[] bytesOf(Object body) {
        try {
            return mapper.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("answer could not be written as JSON", e);
        }
    }
}
