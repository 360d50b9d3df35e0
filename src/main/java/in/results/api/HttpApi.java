package in.results.api;

import in.results.results.AllSemestersLookup;
import in.results.results.BulkJobs;
import in.results.results.ExamLookup;
import in.results.results.PageFeed;
import in.results.results.SemesterLookup;
import in.results.scrape.Notification;
import in.results.scrape.ReleaseListing;
import io.javalin.Javalin;
import java.net.URI;
import java.util.List;

/**
 * The HTTP face of the service: one Javalin server with every feature's routes and the error mapping.
 *
 * @param upstreamUrls the university's base URLs, for the links of release objects
 * @param bulkMaxRange the largest bulk range accepted
 */
public record HttpApi(
        ExamLookup exams,
        SemesterLookup semesters,
        AllSemestersLookup allSemesters,
        BulkJobs bulkJobs,
        PageFeed<ReleaseListing> releases,
        PageFeed<Notification> notifications,
        List<URI> upstreamUrls,
        int bulkMaxRange) {

    public HttpApi {
        upstreamUrls = List.copyOf(upstreamUrls);
    }

    /** An unstarted server on {@code port} (0 = any free port). */
    public Javalin server(int port) {
        JsonWriter json = new JsonWriter();
        BulkRoutes bulk = new BulkRoutes(bulkJobs, bulkMaxRange, json);
        return Javalin.create(config -> {
            config.jetty.port = port;
            config.concurrency.useVirtualThreads = true;
            config.startup.showJavalinBanner = false;
            config.http.prefer405over404 = true;
            new ErrorMapper(json).register(config);
            // Fixed paths first: the semester route /<hallticket>/<dob>/<year> would match /new/all/regular too.
            new ReleaseRoutes(releases, notifications, upstreamUrls, json).register(config);
            bulk.register(config);
            new ExamRoutes(exams, bulk, json).register(config);
            new AllSemestersRoutes(allSemesters, json).register(config);
            new SemesterRoutes(semesters, json).register(config);
        });
    }
}
