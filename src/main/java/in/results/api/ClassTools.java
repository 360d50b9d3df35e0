package in.results.api;

import in.results.bulk.BulkStatus;
import in.results.report.ClassSummary;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The MCP tools of a class: {@code get_class_summary}, the bulk job of {@code /api/bulk/summary}. A call starts the
 * job or asks how far it is, and never waits for it: "running, N of M done" until it has finished, then the
 * summary. Starting a job costs what it costs over HTTP (10 against the client's rate limit).
 */
final class ClassTools {
    private final BulkRoutes bulk;

    ClassTools(BulkRoutes bulk) {
        this.bulk = bulk;
    }

    List<McpTool> tools() {
        Map<String, Object> range = new LinkedHashMap<>();
        range.put(BulkRoutes.FROM, ToolSchemas.hallTicket("The class's first hall ticket."));
        range.put(
                BulkRoutes.TO,
                ToolSchemas.hallTicket(
                        "The class's last hall ticket: the same first 8 characters, at most 360 in all."));
        range.putAll(ToolSchemas.releaseProperties());
        return List.of(new McpTool(
                "get_class_summary",
                "A class's summary in one release",
                "The summary of a class (a range of hall tickets) in one release, as GET /api/bulk/summary: students,"
                        + " pass percentage, SGPA average and bands, top ten, grades and pass rates per subject. The"
                        + " first call starts a job and answers {\"result\":\"loading\",\"done\",\"total\"}; call"
                        + " again with the same arguments every few seconds until the summary comes. Name the release"
                        + " by the parameters list_releases gives.",
                ToolSchemas.object(range, List.of(BulkRoutes.FROM, BulkRoutes.TO, "examCode")),
                this::summary));
    }

    private ToolAnswer summary(ToolArguments arguments, Context ctx) {
        BulkStatus status = bulk.status(
                ctx, bulk.range(arguments.text(BulkRoutes.FROM), arguments.text(BulkRoutes.TO)), arguments.exam());
        return switch (status) {
            case BulkStatus.Loading loading -> running(loading);
            case BulkStatus.Finished finished -> {
                ClassSummary summary = ClassSummary.of(finished.pages());
                yield new ToolAnswer(
                        ClassSummaryRoutes.body(summary, finished.missing()),
                        summary.examTitle() + ": " + summary.students() + " students, " + summary.passedAll()
                                + " passed every subject (" + summary.passPercentage() + " %), SGPA average "
                                + summary.sgpaAverage() + ".");
            }
            case BulkStatus.Busy busy -> throw ApiException.tooManyJobs();
        };
    }

    /** The job's progress, as the bulk endpoints' 202 says it. */
    static ToolAnswer running(BulkStatus.Loading loading) {
        return new ToolAnswer(
                BulkRoutes.loadingBody(loading),
                "Running, " + loading.done() + " of " + loading.total()
                        + " done: call again with the same arguments in a few seconds.");
    }
}
