package in.results.api;

import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.lookup.ExamAnswer;
import in.results.lookup.ExamLookup;
import in.results.scrape.ResultPage;
import in.results.store.CachedAnswer;
import in.results.upstream.Priority;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;

/** {@code GET /api} and {@code GET /api/calculate}: one hall ticket in one named release (or a bulk range). */
final class ExamRoutes {
    private static final BodyShape PAGE = new BodyShape("exam page");
    private static final BodyShape CALCULATED = new BodyShape("exam page with SGPA");

    private final ExamLookup lookup;
    private final BulkRoutes bulk;
    private final JsonWriter json;

    ExamRoutes(ExamLookup lookup, BulkRoutes bulk, JsonWriter json) {
        this.lookup = lookup;
        this.bulk = bulk;
        this.json = json;
    }

    void register(JavalinConfig config) {
        config.routes.get("/api", this::api);
        config.routes.get("/api/calculate", this::calculate);
    }

    /** One endpoint for two things: with {@code hallticket_from}/{@code hallticket_to} it is the bulk endpoint. */
    private void api(Context ctx) {
        if (BulkRoutes.isBulk(ctx)) {
            bulk.bulk(ctx);
            return;
        }
        CachedAnswer<ExamAnswer> answer = lookup(ctx);
        ResultPage page = ResultJson.pageOf(answer);
        json.writeCached(ctx, answer, PAGE, () -> ResultJson.page(page, ResultJson.Form.FULL));
    }

    private void calculate(Context ctx) {
        CachedAnswer<ExamAnswer> answer = lookup(ctx);
        ResultPage page = ResultJson.pageOf(answer);
        json.writeCached(ctx, answer, CALCULATED, () -> ResultJson.calculated(page, ResultJson.Form.FULL));
    }

    private CachedAnswer<ExamAnswer> lookup(Context ctx) {
        HallTicket hallTicket = Params.hallTicket("hallticket", Params.query(ctx, "hallticket"));
        return lookup.lookup(hallTicket, examQuery(ctx), Priority.INTERACTIVE, RequestDeadline.of(ctx));
    }

    /**
     * The release named by {@code degree}, {@code examCode}, {@code eType|etype}, {@code type}, {@code result} and,
     * for postgraduate releases, {@code grad}.
     */
    static ExamQuery examQuery(Context ctx) {
        return examQuery(
                Params.query(ctx, "degree"),
                Params.query(ctx, "examCode"),
                Params.query(ctx, "eType", "etype"),
                Params.query(ctx, "type"),
                Params.query(ctx, "result"),
                Params.query(ctx, "grad"));
    }

    /** The release named by those parameters' values as given ({@code ""} when absent), each checked. */
    static ExamQuery examQuery(String degree, String examCode, String eType, String type, String result, String grad) {
        return new ExamQuery(
                Params.word("degree", degree),
                Params.examCode("examCode", examCode),
                Params.word("eType", eType),
                Params.word("type", type),
                Params.word("result", result),
                Params.word("grad", grad));
    }
}
