package in.results.api;

import in.results.results.ExamLookup;
import io.javalin.Javalin;

/** The HTTP face of the service: one Javalin server with every feature's routes and the error mapping. */
public final class HttpApi {
    private final ExamLookup exams;

    public HttpApi(ExamLookup exams) {
        this.exams = exams;
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
            new ExamRoutes(exams, json).register(config);
        });
    }
}
