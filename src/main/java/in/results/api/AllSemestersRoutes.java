package in.results.api;

import in.results.catalog.Course;
import in.results.catalog.Degree;
import in.results.core.HallTicket;
import in.results.core.LookupFailure;
import in.results.core.Regulation;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.Transcript;
import in.results.lookup.TranscriptAnswer;
import in.results.scrape.SubjectResult;
import in.results.store.CachedAnswer;
import in.results.upstream.Priority;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every semester, attempts merged, SGPA per semester and overall GPA: {@code /all-r18/<hallticket>} and
 * {@code /all-r22/<hallticket>} for one B.Tech regulation each, and {@code /all/<hallticket>}, which reads the
 * programme and regulation from the hall ticket. One lookup and one shape for all three; each answer names its
 * course in the {@code Regulation} and {@code Degree} headers.
 */
final class AllSemestersRoutes {
    /** {@code {"data": …}}, the same for the three paths. */
    private static final BodyShape TRANSCRIPT = new BodyShape("transcript");

    private final AllSemestersLookup lookup;
    private final JsonWriter json;

    AllSemestersRoutes(AllSemestersLookup lookup, JsonWriter json) {
        this.lookup = lookup;
        this.json = json;
    }

    void register(JavalinConfig config) {
        for (Regulation regulation : List.of(Regulation.R18, Regulation.R22, Regulation.R25)) {
            Course course = new Course(Degree.BTECH, regulation);
            config.routes.get(
                    "/all-" + regulation.code().toLowerCase(Locale.ROOT) + "/{hallticket}",
                    ctx -> allSemesters(ctx, course, hallTicketOf(ctx)));
        }
        config.routes.get("/all/{hallticket}", ctx -> {
            HallTicket hallTicket = hallTicketOf(ctx);
            allSemesters(ctx, Params.courseOf("hallticket", hallTicket), hallTicket);
        });
    }

    private static HallTicket hallTicketOf(Context ctx) {
        return Params.hallTicket("hallticket", ctx.pathParam("hallticket"));
    }

    private void allSemesters(Context ctx, Course course, HallTicket hallTicket) {
        nameCourse(ctx, course);
        CachedAnswer<TranscriptAnswer> answer =
                lookup.transcript(course, hallTicket, Priority.INTERACTIVE, RequestDeadline.of(ctx));
        Transcript transcript = found(answer, course).transcript();
        json.writeCached(ctx, answer, TRANSCRIPT, () -> body(transcript));
    }

    /**
     * The found transcript of {@code answer}; "no result" becomes the 404 {@code RESULT_NOT_FOUND}. Every route built
     * on the all-semesters lookup answers it this way.
     */
    static TranscriptAnswer.Found found(CachedAnswer<TranscriptAnswer> answer, Course course) {
        return switch (answer.value()) {
            case TranscriptAnswer.Found found -> found;
            case TranscriptAnswer.NoResult none ->
                throw LookupFailure.noResult("No " + course.regulation().code() + " "
                        + course.degree().displayName() + " result for this hall ticket.");
        };
    }

    /**
     * Names the answer's course in the {@code Regulation} ({@code R22}) and {@code Degree} ({@code btech}) headers:
     * every route built on the all-semesters lookup does.
     */
    static void nameCourse(Context ctx, Course course) {
        ctx.header("Regulation", course.regulation().code());
        ctx.header("Degree", course.degree().key());
    }

    /** {@code {"data": {"details", "results", "overall_gpa"}}}: the body of the three paths, and a tool's answer. */
    static Map<String, Object> body(Transcript transcript) {
        return Map.of("data", data(transcript));
    }

    private static Map<String, Object> data(Transcript transcript) {
        List<Map<String, Object>> results = new ArrayList<>();
        for (Transcript.SemesterRecord record : transcript.semesters()) {
            Map<String, Object> subjects = new LinkedHashMap<>();
            for (SubjectResult row : record.finalRows()) {
                subjects.put(row.code(), ResultJson.subject(row, ResultJson.Form.FULL));
            }
            Map<String, Object> semester = new LinkedHashMap<>();
            semester.put(record.semester().key(), subjects);
            ResultJson.putSgpaText(semester, "SGPA", record.sgpa());
            results.add(semester);
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("details", ResultJson.details(transcript.details()));
        data.put("results", results);
        ResultJson.putSgpa(data, "overall_gpa", transcript.overallGpa());
        return data;
    }
}
