package in.results.api;

import in.results.results.ExamLookup;
import in.results.results.PageFeed;
import in.results.scrape.Notification;
import in.results.scrape.ReleaseListing;
import io.javalin.Javalin;
import java.net.URI;
import java.util.List;

/** The HTTP face of the service: one Javalin server with every feature's routes and the error mapping. */
public final class HttpApi {
    private final ExamLookup exams;
    private final PageFeed<ReleaseListing> releases;
    private final PageFeed<Notification> notifications;
    private final List<URI> upstreamUrls;

    public HttpApi(ExamLookup exams, PageFeed<ReleaseListing> releases, PageFeed<Notification> notifications,
            List<URI> upstreamUrls) {
        this.exams = exams;
        this.releases = releases;
        this.notifications = notifications;
        this.upstreamUrls = List.copyOf(upstreamUrls);
    }

    /** An unstarted server on {@code port} (0 = any free port). */
    public Javalin server(int port) {
        JsonWriter json = new JsonWriter();
        return Javalin.create(config -> {
            config.jetty.port = port;
            config.concurrency.useVirtualThreads = true;
            config.startup.showJavalinBanner = false;
            config.http.prefer405over404 = true;
            new ErrorMapper(json).register(config);
            // Fixed paths first: the semester route /<hallticket>/<dob>/<year> would match /new/all/regular too.
            new ReleaseRoutes(releases, notifications, upstreamUrls, json).register(config);
            new ExamRoutes(exams, json).register(config);
        });
    }
}
