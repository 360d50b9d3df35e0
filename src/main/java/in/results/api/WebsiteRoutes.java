package in.results.api;

import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.staticfiles.Location;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

/**
 * The website: one HTML page for every view ({@code /}, {@code /student/<hallticket>}, {@code /class?<the bulk
 * parameters>}, {@code /releases}, {@code /compare?hallticket&other_hallticket}) whose script draws the view from the
 * URL by calling the public JSON API, its scripts and styles under {@code /assets/}, Chart.js from its WebJar under
 * {@code /webjars/}, and the service worker {@code /sw.js} that shows result notifications. All of it is served from
 * the jar; the page's Content-Security-Policy lets it load nothing from other hosts, run no inline script and connect
 * only to this service. Pages and files cost the university nothing, so they are not charged against the per-client
 * rate limit; the API calls the page makes are.
 */
final class WebsiteRoutes {
    static final List<String> PAGES = List.of("/", "/student/{hallticket}", "/class", "/releases", "/compare");
    static final String PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
    /**
     * The service worker. At the root because a worker's scope can be no wider than its own folder, and it must
     * cover the student pages ({@code /student/…}).
     */
    static final String SERVICE_WORKER = "/sw.js";
    /** The worker itself only shows notifications and opens pages: it loads and connects to nothing. */
    static final String SERVICE_WORKER_POLICY = "default-src 'none'";

    private static final String PAGE_RESOURCE = "/web/index.html";
    private static final String SERVICE_WORKER_RESOURCE = "/web/sw.js";
    private static final String ASSETS = "/assets";
    private static final String WEBJARS = "/webjars";

    private final byte[] page;
    private final byte[] serviceWorker;

    WebsiteRoutes() {
        this.page = resource(PAGE_RESOURCE);
        this.serviceWorker = resource(SERVICE_WORKER_RESOURCE);
    }

    void register(JavalinConfig config) {
        PAGES.forEach(path -> config.routes.get(path, this::page));
        config.routes.get(SERVICE_WORKER, this::serviceWorker);
        config.staticFiles.add(files -> {
            files.hostedPath = ASSETS;
            files.directory = "/web/assets";
            files.location = Location.CLASSPATH;
            // Not fingerprinted: browsers revalidate (ETag / Last-Modified) so a new version is seen at once.
            files.headers = Map.of("Cache-Control", "no-cache", "X-Content-Type-Options", "nosniff");
        });
        config.staticFiles.enableWebjars(); // versioned paths, cached for a year
    }

    /** Whether the request is for the website rather than the API (so it is not charged against the rate limit). */
    static boolean isWebsite(String path) {
        return path.equals("/")
                || path.equals("/class")
                || path.equals("/releases")
                || path.equals("/compare")
                || path.equals(SERVICE_WORKER)
                || path.startsWith("/student/")
                || path.startsWith(ASSETS + "/")
                || path.startsWith(WEBJARS + "/");
    }

    private void page(Context ctx) {
        ctx.header("Content-Security-Policy", PAGE_POLICY);
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("Referrer-Policy", "no-referrer");
        ctx.header("Cache-Control", "no-cache");
        ctx.status(200).contentType(DocsRoutes.HTML).result(page);
    }

    private void serviceWorker(Context ctx) {
        ctx.header("Content-Security-Policy", SERVICE_WORKER_POLICY);
        ctx.header("X-Content-Type-Options", "nosniff");
        // Browsers check a registered worker for updates anyway; no-cache makes them see a new version at once.
        ctx.header("Cache-Control", "no-cache");
        ctx.status(200).contentType("text/javascript; charset=utf-8").result(serviceWorker);
    }

    private static byte[] resource(String name) {
        try (InputStream in = WebsiteRoutes.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the website file " + name + " is missing from the classpath");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("the website file " + name + " could not be read", e);
        }
    }
}
