package in.results.api;

import in.results.lookup.AllSemestersLookup;
import in.results.lookup.Transcript;
import in.results.lookup.TranscriptAnswer;
import in.results.core.LookupFailure;
import in.results.store.CachedAnswer;

import in.results.scrape.SubjectResult;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code GET /all-r18/<hallticket>}: every semester, attempts merged, SGPA per semester and overall GPA. */
final class AllSemestersRoutes {
    private final AllSemestersLookup lookup;
    private final JsonWriter json;

    AllSemestersRoutes(AllSemestersLookup lookup, JsonWriter json) {
        this.lookup = lookup;
        this.json = json;
    }

    void register(JavalinConfig config) {
        config.routes.get("/all-r18/{hallticket}", this::allSemesters);
    }

    private void allSemesters(Context ctx) {
        CachedAnswer<TranscriptAnswer> answer =
                lookup.transcript(Params.hallTicket("hallticket", ctx.pathParam("hallticket")), RequestDeadline.of(ctx));
        Transcript transcript = switch (answer.value()) {
            case TranscriptAnswer.Found found -> found.transcript();
            case TranscriptAnswer.NoResult none ->
                    throw LookupFailure.noResult("No R18 B.Tech result for this hall ticket.");
        };
        json.writeCached(ctx, answer, Map.of("data", body(transcript)));
    }

    private static Map<String, Object> body(Transcript transcript) {
        List<Map<String, Object>> results = new ArrayList<>();
        for (Transcript.SemesterRecord record : transcript.semesters()) {
            Map<String, Object> subjects = new LinkedHashMap<>();
            for (SubjectResult row : record.finalRows()) {
                subjects.put(row.code(), ResultJson.subject(row, ResultJson.Form.FULL));
            }
            Map<String, Object> semester = new LinkedHashMap<>();
            semester.put(record.semester().key(), subjects);
            semester.put("SGPA", ResultJson.sgpaText(record.sgpa()));
            results.add(semester);
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("details", ResultJson.details(transcript.details()));
        data.put("results", results);
        data.put("overall_gpa", transcript.overallGpa());
        return data;
    }
}
