package in.results.api;

import in.results.catalog.Course;
import in.results.core.HallTicket;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.SpecialProgrammeLookup;
import in.results.lookup.Transcript;
import in.results.lookup.TranscriptAnswer;
import in.results.report.ReportRules;
import in.results.report.StudentReport;
import in.results.store.CachedAnswer;
import in.results.upstream.Priority;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /report/<hallticket>}: the student's report, derived from the same cached merged transcript as
 * {@code /all-r18/<hallticket>} (one lookup, one cache entry, the same freshness headers).
 */
final class ReportRoutes {
    private final AllSemestersLookup lookup;
    private final SpecialProgrammeLookup specialProgrammes;
    private final JsonWriter json;

    ReportRoutes(AllSemestersLookup lookup, SpecialProgrammeLookup specialProgrammes, JsonWriter json) {
        this.lookup = lookup;
        this.specialProgrammes = specialProgrammes;
        this.json = json;
    }

    void register(JavalinConfig config) {
        config.routes.get("/report/{hallticket}", this::report);
    }

    private void report(Context ctx) {
        HallTicket hallTicket = Params.hallTicket("hallticket", ctx.pathParam("hallticket"));
        // The course is read from the hall ticket, as for /all/<hallticket>.
        Course course = Params.courseOf("hallticket", hallTicket);
        AllSemestersRoutes.nameCourse(ctx, course);
        CachedAnswer<TranscriptAnswer> answer =
                lookup.transcript(course, hallTicket, Priority.INTERACTIVE, RequestDeadline.of(ctx));
        Transcript transcript = AllSemestersRoutes.found(answer, course).transcript();
        Map<String, Object> body = body(StudentReport.of(course, hallTicket, transcript), course);
        AttemptsRoutes.putSpecialProgrammes(body, specialProgrammes, course, hallTicket, ctx);
        json.writeCached(ctx, answer, body);
    }

    private static Map<String, Object> body(StudentReport report, Course course) {
        List<Map<String, Object>> semesters = report.semesters().stream()
                .map(semester -> {
                    Map<String, Object> json = new LinkedHashMap<>();
                    json.put("semester", semester.semester().key());
                    ResultJson.putSgpa(json, "sgpa", semester.sgpa());
                    json.put("credits_registered", semester.creditsRegistered().orElse(null));
                    json.put("credits_earned", semester.creditsEarned());
                    json.put(
                            "failed_subjects",
                            semester.failed().stream()
                                    .map(backlog -> backlog(backlog, false))
                                    .toList());
                    return json;
                })
                .toList();
        Map<String, Object> overall = new LinkedHashMap<>();
        ResultJson.putSgpa(overall, "cgpa", report.cgpa());
        overall.put("credits_earned", report.creditsEarned());
        overall.put(
                "credits_required",
                report.creditsRequired().isPresent() ? report.creditsRequired().getAsInt() : null);
        overall.put("open_backlogs", report.backlogs().size());
        overall.put(
                "backlogs",
                report.backlogs().stream()
                        .map(backlog -> backlog(backlog, true))
                        .toList());
        overall.put("percentage", report.percentage().orElse(null));
        overall.put(
                "percentage_rule",
                report.percentage().isPresent() ? ReportRules.PERCENTAGE_RULE : ReportRules.NO_PERCENTAGE_RULE);
        Map<String, Object> body = ResultJson.student(report, course);
        body.put("semesters", semesters);
        body.put("overall", overall);
        return body;
    }

    private static Map<String, Object> backlog(StudentReport.Backlog backlog, boolean withSemester) {
        Map<String, Object> json = new LinkedHashMap<>();
        if (withSemester) {
            json.put("semester", backlog.semester().key());
        }
        json.put("subject_code", backlog.row().code());
        json.put("subject_name", backlog.row().name());
        json.put("grade_earned", backlog.row().grade());
        json.put("last_attempt", ResultJson.release(backlog.lastAttempt()));
        return json;
    }
}
