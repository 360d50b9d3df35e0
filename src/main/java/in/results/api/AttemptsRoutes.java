package in.results.api;

import in.results.catalog.Course;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import in.results.core.LookupFailure;
import in.results.grading.GradeCalculator;
import in.results.grading.Grading;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.AttemptPage;
import in.results.lookup.SpecialProgrammeLookup;
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
    private final AllSemestersLookup lookup;
    private final SpecialProgrammeLookup specialProgrammes;
    private final JsonWriter json;

    AttemptsRoutes(AllSemestersLookup lookup, SpecialProgrammeLookup specialProgrammes, JsonWriter json) {
        this.lookup = lookup;
        this.specialProgrammes = specialProgrammes;
        this.json = json;
    }

    void register(JavalinConfig config) {
        config.routes.get("/attempts/{hallticket}", this::attempts);
    }

    private void attempts(Context ctx) {
        HallTicket hallTicket = Params.hallTicket("hallticket", ctx.pathParam("hallticket"));
        Course course = Params.courseOf("hallticket", hallTicket);
        AllSemestersRoutes.nameCourse(ctx, course);
        CachedAnswer<TranscriptAnswer> answer =
                lookup.transcript(course, hallTicket, Priority.INTERACTIVE, RequestDeadline.of(ctx));
        json.writeCached(
                ctx,
                answer,
                body(AllSemestersRoutes.found(answer, course), course, hallTicket, RequestDeadline.of(ctx)));
    }

    /** The body: every page of {@code found} with the student's special-programme pages; also a tool's answer. */
    Map<String, Object> body(TranscriptAnswer.Found found, Course course, HallTicket hallTicket, Deadline deadline) {
        List<Map<String, Object>> attempts =
                found.pages().stream().map(AttemptsRoutes::attempt).toList();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("details", ResultJson.details(found.transcript().details()));
        body.put("attempts", attempts);
        putSpecialProgrammes(body, specialProgrammes, course, hallTicket, deadline);
        return body;
    }

    /**
     * Puts the student's special-programme pages (a minor degree) under {@code special_programmes}, each as an attempt
     * with its {@code "programme"}: outside the semesters, the SGPA and the CGPA. {@code /attempts} and {@code /report}
     * list them alike. When the university does not answer for them, the rest of the answer still stands: then
     * {@code null} and the reason under {@code special_programmes_note}.
     */
    static void putSpecialProgrammes(
            Map<String, Object> body,
            SpecialProgrammeLookup lookup,
            Course course,
            HallTicket hallTicket,
            Deadline deadline) {
        List<AttemptPage> minorDegree;
        try {
            minorDegree = lookup.minorDegree(course, hallTicket, Priority.INTERACTIVE, deadline);
        } catch (LookupFailure failure) {
            body.put("special_programmes", null);
            body.put(
                    "special_programmes_note",
                    "The minor-degree results could not be read from the university just now; ask again later.");
            return;
        }
        body.put(
                "special_programmes",
                minorDegree.stream()
                        .map(page -> {
                            Map<String, Object> json = new LinkedHashMap<>();
                            json.put("programme", "minor_degree");
                            json.putAll(attempt(page));
                            return json;
                        })
                        .toList());
    }

    private static Map<String, Object> attempt(AttemptPage page) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("release", ResultJson.release(page.release()));
        json.put("subjects", ResultJson.subjects(page.page().subjects(), ResultJson.Form.FULL));
        ResultJson.putSgpa(json, "sgpa", GradeCalculator.sgpaOf(page.page().subjects(), Grading.ofPage(page.page())));
        return json;
    }
}
