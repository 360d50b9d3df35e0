package in.results.api;

import in.results.bulk.BulkJobs;
import in.results.bulk.BulkStatus;
import in.results.bulk.HallTicketRange;
import in.results.core.HallTicket;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What every bulk endpoint does with a request, whatever its kind of job: read the range, start or follow the job
 * (a request that starts one is charged extra), and answer 202 with progress while it runs, 429 when too many run,
 * or the finished result.
 */
final class JobRequests {
    static final String FROM = "hallticket_from";
    static final String TO = "hallticket_to";
    private static final String POLL_AFTER_SECONDS = "2";
    /** A request that starts a job counts as 10 against the client's rate limit (1 is charged for every request). */
    private static final int JOB_START_EXTRA_COST = 9;

    private final int maxRange;
    private final ClientRateLimiter limiter;
    private final JsonWriter json;

    JobRequests(int maxRange, ClientRateLimiter limiter, JsonWriter json) {
        this.maxRange = maxRange;
        this.limiter = limiter;
        this.json = json;
    }

    /** The range of {@code hallticket_from} and {@code hallticket_to}: 400 when malformed, reversed or too large. */
    HallTicketRange range(Context ctx) {
        return range(Params.query(ctx, FROM), Params.query(ctx, TO));
    }

    /** The range from {@code from} to {@code to} as given ({@code ""} when absent), checked as {@link #range(Context)}. */
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

    /** The status of the job for {@code range} and {@code target}, starting it when there is none (charged extra). */
    <T, R> BulkStatus<R> status(Context ctx, BulkJobs<T, R> jobs, HallTicketRange range, T target) {
        if (!jobs.hasJob(range, target)) {
            limiter.charge(ctx, JOB_START_EXTRA_COST);
        }
        return jobs.request(range, target);
    }

    /**
     * Answers {@code status}: 202 {@code {"result":"loading","done","total"}} with {@code Retry-After} while the job
     * runs, 429 when it could not start; a finished job's result is written by {@code finished}.
     */
    <R> void answer(Context ctx, BulkStatus<R> status, Consumer<R> finished) {
        switch (status) {
            case BulkStatus.Loading<R> loading -> {
                ctx.header("Retry-After", POLL_AFTER_SECONDS);
                json.write(ctx, 202, loadingBody(loading));
            }
            case BulkStatus.Finished<R> done -> finished.accept(done.result());
            case BulkStatus.Busy<R> busy -> throw ApiException.tooManyJobs();
        }
    }

    /** {@code {"result":"loading","done","total"}}: a running job's progress, also a tool's answer. */
    static Map<String, Object> loadingBody(BulkStatus.Loading<?> loading) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("result", "loading");
        body.put("done", loading.done());
        body.put("total", loading.total());
        return body;
    }
}
