package in.results.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.alerts.LiveStreams;
import in.results.alerts.PushSender;
import in.results.alerts.PushSubscription;
import in.results.alerts.Subscription;
import in.results.alerts.Subscriptions;
import in.results.core.HallTicket;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Result alerts: webhook subscriptions of apps ({@code /api/subscriptions}), browsers' push subscriptions
 * ({@code /api/push}, {@code /api/push/key}) and a student's live page ({@code /events/student/<hallticket>},
 * Server-Sent Events).
 */
final class AlertRoutes {
    /** A comment line on an open live page this often keeps proxies from closing it. */
    static final Duration HEARTBEAT = Duration.ofSeconds(20);
    /** How long a browser waits before reconnecting a dropped live page, in milliseconds. */
    static final long RECONNECT_AFTER_MILLIS = 5_000;

    /** A browser's push authentication secret: 16 bytes in base64url (22 characters), padded or not. */
    private static final Pattern PUSH_AUTH = Pattern.compile("[A-Za-z0-9_-]{22}(==)?");

    private final Subscriptions subscriptions;
    private final PushSender push;
    private final LiveStreams live;
    private final ClientRateLimiter limiter;
    private final JsonBodyReader jsonBody;
    private final JsonWriter json;

    AlertRoutes(
            Subscriptions subscriptions,
            PushSender push,
            LiveStreams live,
            ClientRateLimiter limiter,
            ObjectMapper mapper,
            JsonWriter json) {
        this.subscriptions = subscriptions;
        this.push = push;
        this.live = live;
        this.limiter = limiter;
        this.jsonBody = new JsonBodyReader(mapper);
        this.json = json;
    }

    void register(JavalinConfig config) {
        config.routes.post("/api/subscriptions", this::subscribe);
        config.routes.get("/api/subscriptions/{id}", this::subscription);
        config.routes.delete("/api/subscriptions/{id}", this::unsubscribe);
        config.routes.get("/api/push/key", this::pushKey);
        config.routes.post("/api/push", this::subscribePush);
        config.routes.delete("/api/push", this::unsubscribePush);
        config.routes.get("/events/student/{hallticket}", this::livePage);
    }

    private void subscribe(Context ctx) {
        JsonNode body = jsonBody.objectOf(ctx);
        HallTicket hallTicket = Params.hallTicket("hallticket", text(body, "hallticket"));
        Subscriptions.Created created = subscriptions.subscribe(
                hallTicket, text(body, "webhook_url"), limiter.clientOf(ctx), RequestDeadline.of(ctx));
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", created.id());
        answer.put("secret", created.secret());
        answer.put("token", created.token());
        answer.put("status", created.status().text());
        json.write(ctx, 201, answer);
    }

    private void subscription(Context ctx) {
        Subscription found = subscriptions
                .find(ctx.pathParam("id"), bearer(ctx), RequestDeadline.of(ctx))
                .orElseThrow(ApiException::noSuchSubscription);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", found.id());
        answer.put("hallticket", found.hallTicket().value());
        answer.put("status", found.status().text());
        answer.put("last_delivery", lastDelivery(found.lastDelivery()));
        ctx.header("Cache-Control", "no-store");
        json.write(ctx, 200, answer);
    }

    private static Object lastDelivery(Subscription.LastDelivery last) {
        if (last.isNone()) {
            return null;
        }
        Map<String, Object> delivery = new LinkedHashMap<>();
        delivery.put("at", DateTimeFormatter.ISO_INSTANT.format(last.at()));
        delivery.put("status", last.status());
        return delivery;
    }

    private void unsubscribe(Context ctx) {
        if (!subscriptions.unsubscribe(ctx.pathParam("id"), bearer(ctx), RequestDeadline.of(ctx))) {
            throw ApiException.noSuchSubscription();
        }
        ctx.status(204);
    }

    private void pushKey(Context ctx) {
        json.write(ctx, 200, Map.of("public_key", push.publicKey(RequestDeadline.of(ctx))));
    }

    private void subscribePush(Context ctx) {
        JsonNode body = jsonBody.objectOf(ctx);
        HallTicket hallTicket = Params.hallTicket("hallticket", text(body, "hallticket"));
        PushSubscription browser;
        try {
            browser = PushSubscription.fromJson(body.path("subscription"));
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidParameter(
                    "subscription", "must be the browser's PushSubscription: " + e.getMessage());
        }
        subscriptions.subscribePush(hallTicket, browser, limiter.clientOf(ctx), RequestDeadline.of(ctx));
        json.write(ctx, 201, Map.of("hallticket", hallTicket.value(), "status", Subscription.Status.ACTIVE.text()));
    }

    private void unsubscribePush(Context ctx) {
        JsonNode body = jsonBody.objectOf(ctx);
        String endpoint = text(body, "endpoint");
        if (endpoint.isEmpty()) {
            throw ApiException.missingParameter("endpoint");
        }
        String auth = text(body, "auth");
        if (auth.isEmpty()) {
            throw ApiException.missingParameter("auth");
        }
        if (!PUSH_AUTH.matcher(auth).matches()) {
            throw ApiException.invalidParameter("auth", "must be the subscription's keys.auth (16 bytes, base64url)");
        }
        if (!subscriptions.unsubscribePush(endpoint, auth, RequestDeadline.of(ctx))) {
            throw ApiException.noSuchSubscription();
        }
        ctx.status(204);
    }

    /**
     * A student's live page (refused while the client or this instance holds as many as it may): {@code retry:} first, then each new result as {@code event: result.published} with its
     * id, and a comment every {@link #HEARTBEAT}, until the browser leaves or the server stops.
     */
    private void livePage(Context ctx) throws IOException {
        HallTicket hallTicket = Params.hallTicket("hallticket", ctx.pathParam("hallticket"));
        String lastEventId = Optional.ofNullable(ctx.header("Last-Event-ID")).orElse("");
        try (LiveStreams.Page page = live.open(hallTicket, lastEventId, limiter.clientOf(ctx))) {
            ctx.status(200);
            ctx.contentType("text/event-stream; charset=utf-8");
            ctx.header("Cache-Control", "no-store");
            ctx.header("X-Accel-Buffering", "no"); // a proxy in front must pass events on at once
            OutputStream out = ctx.res().getOutputStream();
            send(out, "retry: " + RECONNECT_AFTER_MILLIS + "\n\n");
            while (true) {
                Optional<LiveStreams.Message> message = page.next(HEARTBEAT);
                send(
                        out,
                        message.map(event -> "id: " + event.id() + "\nevent: result.published\ndata: " + event.json()
                                        + "\n\n")
                                .orElse(": heartbeat\n\n"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the server stops: the stream ends
        } catch (IOException e) {
            // the browser left
        }
    }

    private static void send(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** The text of {@code field}; "" when missing; 400 naming it when it is not a string. */
    private static String text(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return "";
        }
        if (!value.isTextual()) {
            throw ApiException.invalidParameter(field, "must be a string");
        }
        return value.asText();
    }

    /** The bearer token; 401 when the request has none. */
    private static String bearer(Context ctx) {
        String authorization = ctx.header("Authorization");
        if (authorization == null
                || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)
                || authorization.substring(7).isBlank()) {
            ctx.header("WWW-Authenticate", "Bearer");
            throw ApiException.unauthorized();
        }
        return authorization.substring(7).strip();
    }
}
