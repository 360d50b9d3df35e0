package in.results.api;

import in.results.bulk.BulkJobs;
import in.results.bulk.BulkStatus;
import in.results.bulk.ExamResults;
import in.results.core.ExamQuery;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.util.List;
import java.util.function.Consumer;

/**
 * Bulk results: {@code GET /api?hallticket_from&hallticket_to&…} and its alias {@code GET /api/bulk/calculate}.
 * The first request starts a job and answers 202 "loading" with progress; the same request answers the finished
 * array (200) once the job ends.
 */
final class BulkRoutes {
    private final BulkJobs<ExamQuery, ExamResults> jobs;
    private final JobRequests requests;
    private final JsonWriter json;

    BulkRoutes(BulkJobs<ExamQuery, ExamResults> jobs, JobRequests requests, JsonWriter json) {
        this.jobs = jobs;
        this.requests = requests;
        this.json = json;
    }

    void register(JavalinConfig config) {
        config.routes.get("/api/bulk/calculate", this::bulk);
    }

    /** Whether an {@code /api} request is a bulk one. */
    static boolean isBulk(Context ctx) {
        return ctx.queryParam(JobRequests.FROM) != null || ctx.queryParam(JobRequests.TO) != null;
    }

    void bulk(Context ctx) {
        answer(ctx, results -> {
            List<Object> entries = results.pages().stream()
                    .map(page -> (Object) ResultJson.calculated(page, ResultJson.Form.FULL))
                    .toList();
            json.write(ctx, 200, entries);
        });
    }

    /**
     * Follows the job the request names (range and exam), starting it when there is none, and answers as
     * {@link JobRequests#answer}; the finished results go to {@code finished} after {@code X-Bulk-Missing} is set.
     * Every view of an exam job (results, summary) goes through here, so they share jobs.
     */
    void answer(Context ctx, Consumer<ExamResults> finished) {
        BulkStatus<ExamResults> status = requests.status(ctx, jobs, requests.range(ctx), ExamRoutes.examQuery(ctx));
        requests.answer(ctx, status, results -> {
            ctx.header("X-Bulk-Missing", Integer.toString(results.missing()));
            finished.accept(results);
        });
    }
}
