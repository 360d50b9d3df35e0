package in.results.api;

import in.results.report.ClassSummary;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code GET /api/bulk/summary?<the bulk parameters>[&format=json|csv|xlsx]}: the class summary of a bulk job. The
 * same request names the same job as {@code /api/bulk/calculate} (nothing is fetched twice): 202 with progress while
 * it runs, then the summary of its result pages, in JSON or as a spreadsheet ({@link ClassSummarySheets}).
 */
final class ClassSummaryRoutes {
    private final BulkRoutes bulk;
    private final JsonWriter json;

    ClassSummaryRoutes(BulkRoutes bulk, JsonWriter json) {
        this.bulk = bulk;
        this.json = json;
    }

    void register(JavalinConfig config) {
        config.routes.get("/api/bulk/summary", this::summary);
    }

    private void summary(Context ctx) {
        AnswerFormat format = AnswerFormat.of(ctx);
        bulk.answer(ctx, results -> {
            ClassSummary summary = ClassSummary.of(results.pages());
            if (format == AnswerFormat.JSON) {
                json.write(ctx, 200, body(summary, results.missing()));
            } else {
                String name = "summary-" + Params.query(ctx, JobRequests.FROM).toUpperCase(Locale.ROOT) + "-"
                        + Params.query(ctx, JobRequests.TO).toUpperCase(Locale.ROOT);
                SpreadsheetWriter.write(ctx, format, name, ClassSummarySheets.of(results, summary));
            }
        });
    }

    /** The summary's body, also a tool's answer. */
    static Map<String, Object> body(ClassSummary summary, int missing) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("exam_name", summary.examTitle());
        body.put("students", summary.students());
        body.put("missing", missing);
        body.put("passed_all", summary.passedAll());
        body.put("failed_some", summary.failedSome());
        body.put("pass_percentage", summary.passPercentage());
        body.put("sgpa_average", summary.sgpaAverage());
        body.put("sgpa_distribution", ClassRecordJson.bands(summary.sgpaDistribution()));
        body.put(
                "top_ten",
                summary.topTen().stream()
                        .map(ranked -> {
                            Map<String, Object> json = new LinkedHashMap<>();
                            json.put("rank", ranked.rank());
                            json.put("details", ResultJson.details(ranked.details()));
                            json.put("sgpa", ranked.sgpa());
                            return json;
                        })
                        .toList());
        body.put("grade_distribution", summary.gradeDistribution());
        List<Map<String, Object>> subjects = summary.subjects().stream()
                .map(subject -> {
                    Map<String, Object> json = new LinkedHashMap<>();
                    json.put("subject_code", subject.code());
                    json.put("subject_name", subject.name());
                    json.put("registered", subject.registered());
                    json.put("appeared", subject.appeared());
                    json.put("passed", subject.passed());
                    json.put("pass_percentage", subject.passPercentage());
                    json.put("grades", subject.grades());
                    return json;
                })
                .toList();
        body.put("subjects", subjects);
        return body;
    }
}
