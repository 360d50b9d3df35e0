package in.results.api;

import in.results.catalog.Course;
import in.results.core.HallTicket;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.SpecialProgrammeLookup;
import in.results.lookup.Transcript;
import in.results.lookup.TranscriptAnswer;
import in.results.report.ReportRules;
import in.results.report.StudentReport;
import in.results.report.pdf.Provenance;
import in.results.report.pdf.TranscriptPdf;
import in.results.store.CacheStatus;
import in.results.store.CachedAnswer;
import in.results.upstream.Priority;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.net.URI;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /report/<hallticket>}: the student's report, derived from the same cached merged transcript as
 * {@code /all-r18/<hallticket>} (one lookup, one cache entry, the same freshness headers). As JSON, or as the
 * transcript PDF ({@code /report/<hallticket>.pdf}, or {@code Accept: application/pdf}) drawn from the same body:
 * one lookup, the same errors (always JSON) and the same freshness headers for both.
 */
final class ReportRoutes {
    private static final String JSON = "application/json";
    private static final List<String> MEDIA_TYPES = List.of(JSON, TranscriptPdf.CONTENT_TYPE);

    private final AllSemestersLookup lookup;
    private final SpecialProgrammeLookup specialProgrammes;
    private final JsonWriter json;
    private final TranscriptPdf pdf;
    private final URI site;
    private final Clock clock;

    /**
     * @param site the university's site the PDF names as its source (the primary upstream)
     * @param clock the time the PDF says its answer was built
     */
    ReportRoutes(
            AllSemestersLookup lookup,
            SpecialProgrammeLookup specialProgrammes,
            JsonWriter json,
            TranscriptPdf pdf,
            URI site,
            Clock clock) {
        this.lookup = lookup;
        this.specialProgrammes = specialProgrammes;
        this.json = json;
        this.pdf = pdf;
        this.site = site;
        this.clock = clock;
    }

    void register(JavalinConfig config) {
        // First: the path parameter of /report/{hallticket} would take "<hallticket>.pdf" whole.
        config.routes.get("/report/{hallticket}.pdf", ctx -> report(ctx, TranscriptPdf.CONTENT_TYPE));
        config.routes.get("/report/{hallticket}", ctx -> {
            ctx.res().addHeader("Vary", "Accept"); // added: CORS may have said Vary: Origin
            report(ctx, AcceptHeader.preferred(ctx.header("Accept"), MEDIA_TYPES));
        });
    }

    private void report(Context ctx, String mediaType) {
        HallTicket hallTicket = Params.hallTicket("hallticket", ctx.pathParam("hallticket"));
        // The course is read from the hall ticket, as for /all/<hallticket>.
        Course course = Params.courseOf("hallticket", hallTicket);
        AllSemestersRoutes.nameCourse(ctx, course);
        CachedAnswer<TranscriptAnswer> answer =
                lookup.transcript(course, hallTicket, Priority.INTERACTIVE, RequestDeadline.of(ctx));
        Transcript transcript = AllSemestersRoutes.found(answer, course).transcript();
        Map<String, Object> body = body(StudentReport.of(course, hallTicket, transcript), course);
        AttemptsRoutes.putSpecialProgrammes(body, specialProgrammes, course, hallTicket, ctx);
        if (mediaType.equals(JSON)) {
            json.writeCached(ctx, answer, body);
        } else {
            // Shown in the browser; saved, named for the student (the hall ticket is checked: letters and digits).
            ctx.header("Content-Disposition", "inline; filename=\"transcript-" + hallTicket.value() + ".pdf\"");
            json.writeCached(ctx, answer, mediaType, pdf.render(course, transcript, body, provenanceOf(answer)));
        }
    }

    /** The answer's source and the time it was built: now less its age. */
    private Provenance provenanceOf(CachedAnswer<?> answer) {
        return new Provenance(site, clock.instant().minus(answer.age()), answer.status() == CacheStatus.STALE);
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
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("details", ResultJson.details(report.details()));
        body.put("regulation", course.regulation().code());
        body.put("degree", course.degree().key());
        body.put("lateral_entry", report.lateralEntry());
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
