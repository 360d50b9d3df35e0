package in.results.api;

import in.results.alerts.LimitReached;
import in.results.alerts.LivePageRefused;
import in.results.alerts.TargetRejected;
import in.results.archive.DatabaseUnavailable;
import in.results.core.LookupFailure;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where failures become HTTP answers, always the body {@code {"error": <human sentence>, "code":
 * <UPPER_SNAKE>}} (503 and 429 also with {@code Retry-After}). Logged once here;
 * clients never see a stack trace, a class name or an HTML page.
 */
final class ErrorMapper {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorMapper.class);
    static final int RETRY_AFTER_SECONDS = 30;
    static final String NO_SUCH_ENDPOINT = "No such endpoint.";

    private final JsonWriter json;

    ErrorMapper(JsonWriter json) {
        this.json = json;
    }

    /**
     * A failure as a client is told it: the status, the code, the sentence and the seconds of {@code Retry-After}
     * (0 for none).
     */
    record ClientError(int status, String code, String message, long retryAfterSeconds) {}

    void register(JavalinConfig config) {
        config.routes.exception(Exception.class, (e, ctx) -> {
            ClientError error = errorOf(e, ctx.method() + " " + ctx.path());
            if (error.retryAfterSeconds() > 0) {
                ctx.header("Retry-After", Long.toString(error.retryAfterSeconds()));
            }
            send(ctx, error.status(), error.code(), error.message());
        });
        config.routes.error(404, "*", ctx -> {
            if (!isJsonError(ctx)) {
                send(ctx, 404, "NOT_FOUND", NO_SUCH_ENDPOINT);
            }
        });
        config.routes.error(
                405, "*", ctx -> send(ctx, 405, "METHOD_NOT_ALLOWED", "This endpoint does not take this method."));
    }

    /**
     * What the client is told of {@code e}, logged here when it is the service's or the university's trouble. Every
     * HTTP route and every MCP tool call answers its failures through this.
     *
     * @param where the request that failed, for the log ({@code GET /all/…}, {@code tools/call get_report})
     */
    static ClientError errorOf(Exception e, String where) {
        return switch (e) {
            case ApiException api ->
                new ClientError(api.status(), api.code(), api.getMessage(), api.retryAfterSeconds());
            case LookupFailure failure -> lookupFailure(failure, where);
            case TargetRejected rejected ->
                new ClientError(
                        400, rejected.code(), "Parameter '" + rejected.field() + "' " + rejected.getMessage() + ".", 0);
            case LimitReached limit ->
                new ClientError(429, "RATE_LIMITED", limit.getMessage(), limit.retryAfterSeconds());
            case LivePageRefused refused ->
                switch (refused.reason()) {
                    case PER_CLIENT ->
                        new ClientError(429, "RATE_LIMITED", refused.getMessage(), LivePageRefused.RETRY_AFTER_SECONDS);
                    case INSTANCE_FULL ->
                        new ClientError(
                                503, "LIVE_PAGES_FULL", refused.getMessage(), LivePageRefused.RETRY_AFTER_SECONDS);
                };
            case DatabaseUnavailable database -> {
                LOG.warn("database failure on {}: {}", where, database.getMessage());
                yield new ClientError(
                        503,
                        "DATABASE_UNAVAILABLE",
                        "The service's database is not answering; please retry later.",
                        RETRY_AFTER_SECONDS);
            }
            default -> {
                LOG.error("unexpected failure on {}", where, e);
                yield new ClientError(
                        500, "INTERNAL_ERROR", "The service failed unexpectedly; please try again later.", 0);
            }
        };
    }

    private static ClientError lookupFailure(LookupFailure e, String where) {
        return switch (e.kind()) {
            case NO_RESULT -> new ClientError(404, "RESULT_NOT_FOUND", e.getMessage(), 0);
            case UNAVAILABLE -> {
                LOG.warn("upstream failure on {}: {}", where, e.getMessage());
                yield new ClientError(
                        503,
                        "UPSTREAM_UNAVAILABLE",
                        "The university's result servers are not answering; please retry later.",
                        retryAfterSeconds(e));
            }
            case UNREADABLE -> {
                LOG.warn("upstream failure on {}: {}", where, e.getMessage());
                yield new ClientError(
                        502,
                        "UPSTREAM_BAD_RESPONSE",
                        "The university's result servers sent a page that could not be read.",
                        0);
            }
        };
    }

    /**
     * When the lookup that failed the caller goes on, its own bound (rounded up): by then its answer is stored, or it
     * has failed. Otherwise the university is failing, and {@value #RETRY_AFTER_SECONDS} s gives it room.
     */
    private static long retryAfterSeconds(LookupFailure e) {
        Duration after = e.retryAfter();
        return after.isZero() ? RETRY_AFTER_SECONDS : Math.max(1, (after.toMillis() + 999) / 1000);
    }

    private void send(Context ctx, int status, String code, String message) {
        Map<String, String> body = new LinkedHashMap<>();
        body.put("error", message);
        body.put("code", code);
        json.write(ctx, status, body);
    }

    /** A handler's own 404 (RESULT_NOT_FOUND) is already JSON; only unmatched paths get the NOT_FOUND body. */
    private static boolean isJsonError(Context ctx) {
        String type = ctx.res().getContentType();
        return type != null && type.startsWith("application/json");
    }
}
