package in.results.api;

import in.results.catalog.Degree;
import in.results.core.HallTicket;
import in.results.core.Regulation;
import in.results.grading.GradeCalculator;
import in.results.grading.Grading;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.AttemptPage;
import in.results.lookup.TranscriptAnswer;
import in.results.store.CachedAnswer;
import in.results.upstream.Priority;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /attempts/<hallticket>}: every page of the student that the all-semesters lookup read — each regular,
 * supplementary and RC/RV attempt as published, with its release and its own SGPA — oldest first. The same lookup
 * and cache entry as {@code /all/<hallticket>} (the regulation read from the hall ticket), so the same freshness and
 * cost.
 */
final class AttemptsRoutes {
    private static final BodyShape ATTEMPTS = new BodyShape("attempts");

    private final AllSemestersLookup lookup;
    private final JsonWriter json;

    AttemptsRoutes(AllSemestersLookup lookup, JsonWriter json) {
        this.lookup = lookup;
        this.json = json;
    }

    void register(JavalinConfig config) {
        config.routes.get("/attempts/{hallticket}", this::attempts);
    }

    private void attempts(Context ctx) {
        HallTicket hallTicket = Params.hallTicket("hallticket", ctx.pathParam("hallticket"));
        Regulation regulation = Params.regulationOf("hallticket", hallTicket);
        ctx.header("Regulation", regulation.code());
        CachedAnswer<TranscriptAnswer> answer =
                lookup.transcript(regulation, hallTicket, Priority.INTERACTIVE, RequestDeadline.of(ctx));
        TranscriptAnswer.Found found = AllSemestersRoutes.found(answer, regulation);
        json.writeCached(ctx, answer, ATTEMPTS, () -> body(found));
    }

    private static Map<String, Object> body(TranscriptAnswer.Found found) {
        List<Map<String, Object>> attempts =
                found.pages().stream().map(AttemptsRoutes::attempt).toList();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("details", ResultJson.details(found.transcript().details()));
        body.put("attempts", attempts);
        return body;
    }

    private static Map<String, Object> attempt(AttemptPage page) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("release", ResultJson.release(page.release()));
        json.put("subjects", ResultJson.subjects(page.page().subjects(), ResultJson.Form.FULL));
        ResultJson.putSgpa(
                json,
                "sgpa",
                GradeCalculator.sgpaOf(page.page().subjects(), Grading.ofPage(page.page(), Degree.BTECH)));
        return json;
    }
}
