package in.results.api;

import in.results.bulk.BulkJobs;
import in.results.bulk.BulkStatus;
import in.results.bulk.HallTicketRange;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Bulk results: {@code GET /api?hallticket_from&hallticket_to&…} and its alias {@code GET /api/bulk/calculate}.
 * The first request starts a job and answers 202 "loading" with progress; the same request answers the finished
 * array (200) once the job ends.
 */
final class BulkRoutes {
    static final String FROM = "hallticket_from";
    static final String TO = "hallticket_to";
    private static final String POLL_AFTER_SECONDS = "2";
    /** A request that starts a job counts as 10 against the client's rate limit (1 is charged for every request). */
    private static final int JOB_START_EXTRA_COST = 9;

    private final BulkJobs jobs;
    private final int maxRange;
    private final ClientRateLimiter limiter;
    private final JsonWriter json;

    BulkRoutes(BulkJobs jobs, int maxRange, ClientRateLimiter limiter, JsonWriter json) {
        this.jobs = jobs;
        this.maxRange = maxRange;
        this.limiter = limiter;
        this.json = json;
    }

    void register(JavalinConfig config) {
        config.routes.get("/api/bulk/calculate", this::bulk);
    }

    /** Whether an {@code /api} request is a bulk one. */
    static boolean isBulk(Context ctx) {
        return ctx.queryParam(FROM) != null || ctx.queryParam(TO) != null;
    }

    void bulk(Context ctx) {
        switch (status(ctx)) {
            case BulkStatus.Loading loading -> writeLoading(ctx, loading);
            case BulkStatus.Finished finished -> {
                ctx.header("X-Bulk-Missing", Integer.toString(finished.missing()));
                List<Object> entries = finished.pages().stream()
                        .map(page -> (Object) ResultJson.calculated(page, ResultJson.Form.FULL))
                        .toList();
                json.write(ctx, 200, entries);
            }
            case BulkStatus.Busy busy -> throw ApiException.tooManyJobs();
        }
    }

    /**
     * The status of the job the request names (range and exam), starting it when there is none; a request that
     * starts a job is charged extra. Every bulk view (results, summary) goes through here, so they share jobs.
     */
    BulkStatus status(Context ctx) {
        return status(ctx, range(Params.query(ctx, FROM), Params.query(ctx, TO)), ExamRoutes.examQuery(ctx));
    }

    /**
     * The status of the job of {@code range} in {@code exam}, starting it when there is none, charged to the client
     * of {@code ctx}. Never waits for the job.
     */
    BulkStatus status(Context ctx, HallTicketRange range, ExamQuery exam) {
        if (!jobs.hasJob(range, exam)) {
            limiter.charge(ctx, JOB_START_EXTRA_COST);
        }
        return jobs.request(range, exam);
    }

    /** 202 {@code {"result":"loading","done","total"}} with {@code Retry-After}: the job runs. */
    void writeLoading(Context ctx, BulkStatus.Loading loading) {
        ctx.header("Retry-After", POLL_AFTER_SECONDS);
        json.write(ctx, 202, loadingBody(loading));
    }

    /** {@code {"result":"loading","done","total"}}. */
    static Map<String, Object> loadingBody(BulkStatus.Loading loading) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("result", "loading");
        body.put("done", loading.done());
        body.put("total", loading.total());
        return body;
    }

    /** The range from {@code hallticket_from} to {@code hallticket_to} as given, checked as the bulk endpoints do. */
    HallTicketRange range(String from, String to) {
        HallTicket first = Params.hallTicket(FROM, from);
        HallTicket last = Params.hallTicket(TO, to);
        HallTicketRange range;
        try {
            range = new HallTicketRange(first, last);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidParameter(FROM + "/" + TO, e.getMessage());
        }
        if (range.size() > maxRange) {
            throw ApiException.invalidParameter(FROM + "/" + TO, "span at most " + maxRange + " hall tickets");
        }
        return range;
    }
}
