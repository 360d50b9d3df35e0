package in.results.api;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import io.javalin.http.Context;
import java.time.Duration;

/**
 * The one deadline of a request, created when the request arrives and handed to the lookups it calls: the
 * longest the request waits for the university before the stale copy or 503 is answered.
 */
final class RequestDeadline {
    private static final String ATTRIBUTE = "results.deadline";

    private RequestDeadline() {}

    /** Starts the request's deadline; called once per request, before its handler. */
    static void start(Context ctx, Duration budget, Ticker ticker) {
        ctx.attribute(ATTRIBUTE, Deadline.after(budget, ticker));
    }

    /** The deadline started for this request. */
    static Deadline of(Context ctx) {
        Deadline deadline = ctx.attribute(ATTRIBUTE);
        if (deadline == null) {
            throw new IllegalStateException("no deadline was started for " + ctx.path());
        }
        return deadline;
    }
}
