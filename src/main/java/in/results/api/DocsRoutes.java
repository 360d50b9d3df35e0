package in.results.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.config.JavalinConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /openapi.json}, the documented contract exactly as written in {@code src/main/resources/openapi.json},
 * and {@code GET /docs}, the same document rendered by {@link ApiDocsPage}. Both are read and rendered once, at
 * start-up: a missing or unreadable document stops the service from starting instead of failing per request.
 */
final class DocsRoutes {
    static final String DOCUMENT = "/openapi.json";
    static final String PAGE = "/docs";
    static final String HTML = "text/html; charset=utf-8";
    /** The page runs nothing and loads nothing; its only style is inline. */
    static final String PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

    private final byte[] document;
    private final byte[] page;

    DocsRoutes() {
        this(documentResource());
    }

    DocsRoutes(byte[] document) {
        this.document = document.clone();
        this.page = ApiDocsPage.htmlOf(parse(this.document)).getBytes(StandardCharsets.UTF_8);
    }

    void register(JavalinConfig config) {
        config.routes.get(
                DOCUMENT,
                ctx -> ctx.status(200).contentType(JsonWriter.CONTENT_TYPE).result(document));
        config.routes.get(
                PAGE,
                ctx -> ctx.status(200)
                        .header("Content-Security-Policy", PAGE_POLICY)
                        .contentType(HTML)
                        .result(page));
    }

    /** The OpenAPI document shipped with the service, as written. */
    static byte[] documentResource() {
        try (InputStream in = DocsRoutes.class.getResourceAsStream(DOCUMENT)) {
            if (in == null) {
                throw new IllegalStateException("the API document " + DOCUMENT + " is missing from the classpath");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("the API document " + DOCUMENT + " could not be read", e);
        }
    }

    static JsonNode parse(byte[] document) {
        try {
            return new ObjectMapper().readTree(document);
        } catch (IOException e) {
            throw new IllegalStateException("the API document " + DOCUMENT + " is not valid JSON", e);
        }
    }
}
