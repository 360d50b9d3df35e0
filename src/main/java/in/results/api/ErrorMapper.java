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

    void register(JavalinConfig config) {
        config.routes.exception(ApiException.class, (e, ctx) -> {
            if (e.retryAfterSeconds() > 0) {
                ctx.header("Retry-After", Long.toString(e.retryAfterSeconds()));
            }
            send(ctx, e.status(), e.code(), e.getMessage());
        });
        config.routes.exception(LookupFailure.class, this::lookupFailure);
        config.routes.exception(
                TargetRejected.class,
                (e, ctx) -> send(ctx, 400, e.code(), "Parameter '" + e.field() + "' " + e.getMessage() + "."));
        config.routes.exception(LimitReached.class, (e, ctx) -> {
            ctx.header("Retry-After", Long.toString(e.retryAfterSeconds()));
            send(ctx, 429, "RATE_LIMITED", e.getMessage());
        });
        config.routes.exception(LivePageRefused.class, (e, ctx) -> {
            ctx.header("Retry-After", Long.toString(LivePageRefused.RETRY_AFTER_SECONDS));
            switch (e.reason()) {
                case PER_CLIENT -> send(ctx, 429, "RATE_LIMITED", e.getMessage());
                case INSTANCE_FULL -> send(ctx, 503, "LIVE_PAGES_FULL", e.getMessage());
            }
        });
        config.routes.exception(DatabaseUnavailable.class, (e, ctx) -> {
            LOG.warn("database failure on {}: {}", ctx.path(), e.getMessage());
            ctx.header("Retry-After", Long.toString(RETRY_AFTER_SECONDS));
            send(ctx, 503, "DATABASE_UNAVAILABLE", "The service's database is not answering; please retry later.");
        });
        config.routes.exception(Exception.class, (e, ctx) -> {
            LOG.error("unexpected failure on {} {}", ctx.method(), ctx.path(), e);
            send(ctx, 500, "INTERNAL_ERROR", "The service failed unexpectedly; please try again later.");
        });
        config.routes.error(404, "*", ctx -> {
            if (!isJsonError(ctx)) {
                send(ctx, 404, "NOT_FOUND", NO_SUCH_ENDPOINT);
            }
        });
        config.routes.error(
                405, "*", ctx -> send(ctx, 405, "METHOD_NOT_ALLOWED", "This endpoint does not take this method."));
    }

    private void lookupFailure(LookupFailure e, Context ctx) {
        switch (e.kind()) {
            case NO_RESULT -> send(ctx, 404, "RESULT_NOT_FOUND", e.getMessage());
            case UNAVAILABLE -> {
                LOG.warn("upstream failure on {}: {}", ctx.path(), e.getMessage());
                ctx.header("Retry-After", Long.toString(retryAfterSeconds(e)));
                send(
                        ctx,
                        503,
                        "UPSTREAM_UNAVAILABLE",
                        "The university's result servers are not answering; please retry later.");
            }
            case UNREADABLE -> {
                LOG.warn("upstream failure on {}: {}", ctx.path(), e.getMessage());
                send(
                        ctx,
                        502,
                        "UPSTREAM_BAD_RESPONSE",
                        "The university's result servers sent a page that could not be read.");
            }
        }
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
