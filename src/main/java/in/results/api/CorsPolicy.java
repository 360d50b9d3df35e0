package in.results.api;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.util.List;
import java.util.Locale;

/**
 * Cross-origin access to the JSON API ({@code RESULTS_CORS_ORIGINS}): browsers on the allowed origins may read GET
 * answers — errors included — and the headers that say how fresh an answer is. A preflight is answered (204) for
 * GET, with {@code If-None-Match} the only request header a client may add. Writes and their preflights follow
 * {@link WriteOrigins} instead. No credentials: the API has none.
 */
final class CorsPolicy {
    /** Headers beyond the CORS-safelisted ones that clients need to read. */
    static final String EXPOSED = "X-Cache, Age, ETag, Retry-After, X-Bulk-Missing, Regulation, Degree";

    private static final String PREFLIGHT_MAX_AGE_SECONDS = "600";

    private final List<String> origins;
    private final boolean anyOrigin;
    private final WriteOrigins writes;

    /**
     * @param origins {@code ["*"]} for any origin, else the allowed origins ({@code scheme://host[:port]}); none = off
     * @param writes  who may write
     */
    CorsPolicy(List<String> origins, WriteOrigins writes) {
        this.origins =
                origins.stream().map(origin -> origin.toLowerCase(Locale.ROOT)).toList();
        this.anyOrigin = this.origins.contains("*");
        this.writes = writes;
    }

    /**
     * Adds the CORS headers the request earns; answers a preflight it allows (204) and ends the request there. Throws
     * {@code ORIGIN_NOT_ALLOWED} for a write, or a write's preflight, from an origin not allowed to write.
     */
    void apply(Context ctx) {
        if (WriteOrigins.isWrite(ctx)) {
            writes.apply(ctx);
            return;
        }
        if (McpRoutes.PATH.equals(ctx.path())) {
            applyToMcp(ctx);
            return;
        }
        if (!anyOrigin && !origins.isEmpty()) {
            ctx.header("Vary", "Origin"); // the answer differs by origin: caches must keep them apart
        }
        String origin = ctx.header("Origin");
        if (origin == null || !allows(origin)) {
            return;
        }
        ctx.header("Access-Control-Allow-Origin", anyOrigin ? "*" : origin);
        if (ctx.method() != HandlerType.OPTIONS) {
            ctx.header("Access-Control-Expose-Headers", EXPOSED);
            return;
        }
        if ("GET".equals(ctx.header("Access-Control-Request-Method"))) {
            ctx.header("Access-Control-Allow-Methods", "GET");
            ctx.header("Access-Control-Allow-Headers", "If-None-Match");
            ctx.header("Access-Control-Max-Age", PREFLIGHT_MAX_AGE_SECONDS);
            ctx.status(204);
            ctx.skipRemainingHandlers();
        }
    }

    /**
     * The MCP endpoint: Streamable HTTP has servers refuse a request whose {@code Origin} they do not take (a page
     * rebinding a host name to this service), so an origin these settings do not allow gets 403
     * {@code ORIGIN_NOT_ALLOWED}, preflight or not. An allowed one gets its headers, and its preflight for
     * {@code POST} is answered with the headers the protocol's clients send. No {@code Origin}: not a browser page.
     */
    private void applyToMcp(Context ctx) {
        ctx.header("Vary", "Origin");
        String origin = ctx.header("Origin");
        if (origin == null) {
            return;
        }
        if (!allows(origin)) {
            throw ApiException.originNotAllowed("Pages of this origin may not call this service's MCP endpoint.");
        }
        ctx.header("Access-Control-Allow-Origin", anyOrigin ? "*" : origin);
        if (ctx.method() != HandlerType.OPTIONS) {
            ctx.header("Access-Control-Expose-Headers", EXPOSED);
            return;
        }
        if ("POST".equals(ctx.header("Access-Control-Request-Method"))) {
            ctx.header("Access-Control-Allow-Methods", "POST");
            ctx.header("Access-Control-Allow-Headers", "Content-Type, Accept, MCP-Protocol-Version");
            ctx.header("Access-Control-Max-Age", PREFLIGHT_MAX_AGE_SECONDS);
            ctx.status(204);
            ctx.skipRemainingHandlers();
        }
    }

    private boolean allows(String origin) {
        return anyOrigin || origins.contains(origin.toLowerCase(Locale.ROOT));
    }
}
