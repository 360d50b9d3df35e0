package in.results.api;

import in.results.catalog.Semester;
import in.results.core.HallTicket;
import in.results.lookup.ExamAnswer;
import in.results.lookup.SemesterLookup;
import in.results.scrape.ResultPage;
import in.results.store.CachedAnswer;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;

/**
 * The R18 regular attempt of one semester: {@code /result?hallticket&dob&year}, {@code /<hallticket>/<dob>/<year>}
 * ({@code [details, [short subjects]]}) and {@code /calculate/<hallticket>/<dob>/<year>} (SGPA in front).
 */
final class SemesterRoutes {
    private static final BodyShape PAGE = new BodyShape("semester page");
    private static final BodyShape CALCULATED = new BodyShape("semester page with SGPA");

    private final SemesterLookup lookup;
    private final JsonWriter json;

    SemesterRoutes(SemesterLookup lookup, JsonWriter json) {
        this.lookup = lookup;
        this.json = json;
    }

    void register(JavalinConfig config) {
        config.routes.get(
                "/result",
                ctx -> plain(
                        ctx, Params.query(ctx, "hallticket"), Params.query(ctx, "dob"), Params.query(ctx, "year")));
        config.routes.get("/calculate/{hallticket}/{dob}/{year}", this::calculate);
        config.routes.get("/{hallticket}/{dob}/{year}", this::byPath);
    }

    /**
     * {@code /<hallticket>/<dob>/<year>} matches every three-segment path: only when at least one segment has its
     * parameter's shape is it taken as this endpoint (and the others checked); otherwise it is an unknown path.
     */
    private void byPath(Context ctx) {
        String hallTicket = ctx.pathParam("hallticket");
        String dob = ctx.pathParam("dob");
        String year = ctx.pathParam("year");
        if (!HallTicket.isValid(hallTicket)
                && !Params.isDob(dob)
                && Semester.parse(year).isEmpty()) {
            throw ApiException.notFound();
        }
        plain(ctx, hallTicket, dob, year);
    }

    private void plain(Context ctx, String hallTicket, String dob, String year) {
        CachedAnswer<ExamAnswer> answer = regularAttempt(ctx, hallTicket, dob, year);
        ResultPage page = ResultJson.pageOf(answer);
        json.writeCached(ctx, answer, PAGE, () -> ResultJson.page(page, ResultJson.Form.SHORT));
    }

    private void calculate(Context ctx) {
        CachedAnswer<ExamAnswer> answer =
                regularAttempt(ctx, ctx.pathParam("hallticket"), ctx.pathParam("dob"), ctx.pathParam("year"));
        ResultPage page = ResultJson.pageOf(answer);
        json.writeCached(ctx, answer, CALCULATED, () -> ResultJson.calculated(page, ResultJson.Form.SHORT));
    }

    private CachedAnswer<ExamAnswer> regularAttempt(Context ctx, String rawHallTicket, String dob, String year) {
        HallTicket hallTicket = Params.hallTicket("hallticket", rawHallTicket.strip());
        Params.dob("dob", dob.strip());
        Semester semester = Semester.parse(year.strip())
                .orElseThrow(() -> year.isBlank()
                        ? ApiException.missingParameter("year")
                        : ApiException.invalidParameter("year", "must be Y,S with Y 1-4 and S 1-2 (e.g. 2,1)"));
        return lookup.regularAttempt(hallTicket, semester, RequestDeadline.of(ctx));
    }
}
