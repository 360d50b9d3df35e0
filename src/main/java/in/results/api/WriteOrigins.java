package in.results.api;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which browser pages may write: subscribe and unsubscribe ({@code POST} and {@code DELETE} under
 * {@code /api/subscriptions} and {@code /api/push}). A write that carries an {@code Origin} is taken only from the
 * service's own origin — {@code RESULTS_PUBLIC_URL}'s; when unset, {@code localhost}, {@code 127.0.0.1} and
 * {@code [::1]} on the port the request came in on (never the {@code Host} header, which the sender writes) — and from
 * {@code RESULTS_CORS_WRITE_ORIGINS}; any other gets 403 {@code ORIGIN_NOT_ALLOWED} and no
 * {@code Access-Control-Allow-Origin}, so that a page of another site can neither subscribe its visitors nor read the
 * answer. A write without {@code Origin} (an app's backend, curl) is not a browser page's and is taken. The preflight
 * of a write is answered in the same way: the methods and headers for an allowed origin, 403 for another.
 */
final class WriteOrigins {
    private static final List<String> WRITE_PATHS = List.of("/api/subscriptions", "/api/push");
    private static final Set<String> WRITE_METHODS = Set.of("POST", "DELETE");
    private static final String PREFLIGHT_MAX_AGE_SECONDS = "600";

    private final List<String> listed;
    /** RESULTS_PUBLIC_URL's origin; "" when unset (then the loopback origins of the request's port). */
    private final String own;

    /**
     * @param listed    {@code RESULTS_CORS_WRITE_ORIGINS}, lower case
     * @param publicUrl {@code RESULTS_PUBLIC_URL}, "" when unset
     */
    WriteOrigins(List<String> listed, String publicUrl) {
        this.listed = listed.stream().map(WriteOrigins::canonical).toList();
        this.own = publicUrl.isEmpty() ? "" : originOf(URI.create(publicUrl));
    }

    /** Whether the request is a write, or a browser's preflight asking to send one. */
    static boolean isWrite(Context ctx) {
        String path = ctx.path();
        boolean writePath =
                WRITE_PATHS.stream().anyMatch(prefix -> path.equals(prefix) || path.startsWith(prefix + "/"));
        if (!writePath) {
            return false;
        }
        if (ctx.method() == HandlerType.OPTIONS) {
            String asked = ctx.header("Access-Control-Request-Method");
            return asked != null && WRITE_METHODS.contains(asked);
        }
        return WRITE_METHODS.contains(ctx.method().name());
    }

    /**
     * Lets a write from an allowed origin on (with its CORS headers) and answers its preflight (204); throws
     * {@code ORIGIN_NOT_ALLOWED} for any other origin.
     */
    void apply(Context ctx) {
        ctx.header("Vary", "Origin");
        String origin = ctx.header("Origin");
        if (origin == null) {
            return;
        }
        if (!allows(canonical(origin), ctx.req().getLocalPort())) {
            throw ApiException.originNotAllowed();
        }
        ctx.header("Access-Control-Allow-Origin", origin);
        if (ctx.method() != HandlerType.OPTIONS) {
            ctx.header("Access-Control-Expose-Headers", CorsPolicy.EXPOSED);
            return;
        }
        ctx.header("Access-Control-Allow-Methods", "POST, DELETE");
        // Content-Type for the JSON bodies, Authorization for a subscription's secret
        ctx.header("Access-Control-Allow-Headers", "Content-Type, Authorization");
        ctx.header("Access-Control-Max-Age", PREFLIGHT_MAX_AGE_SECONDS);
        ctx.status(204);
        ctx.skipRemainingHandlers();
    }

    private boolean allows(String origin, int localPort) {
        return listed.contains(origin) || ownOrigins(localPort).contains(origin);
    }

    private List<String> ownOrigins(int localPort) {
        if (!own.isEmpty()) {
            return List.of(own);
        }
        List<String> loopback = new ArrayList<>();
        for (String host : List.of("localhost", "127.0.0.1", "[::1]")) {
            loopback.add(canonical("http://" + host + ":" + localPort));
        }
        return loopback;
    }

    private static String originOf(URI url) {
        String port = url.getPort() < 0 ? "" : ":" + url.getPort();
        return canonical(url.getScheme() + "://" + url.getHost() + port);
    }

    /** Lower case, without the scheme's default port: the form browsers send. */
    private static String canonical(String origin) {
        String lower = origin.strip().toLowerCase(Locale.ROOT);
        if (lower.startsWith("http://") && lower.endsWith(":80")) {
            return lower.substring(0, lower.length() - 3);
        }
        if (lower.startsWith("https://") && lower.endsWith(":443")) {
            return lower.substring(0, lower.length() - 4);
        }
        return lower;
    }
}
