package in.results.api;

import in.results.bulk.BulkJobs;
import in.results.bulk.BulkStatus;
import in.results.bulk.ExamResults;
import in.results.bulk.HallTicketRange;
import in.results.catalog.Course;
import in.results.core.ExamQuery;
import in.results.report.ClassRecord;
import in.results.report.ClassSummary;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The MCP tools of a class: {@code get_class_summary} (the exam job of {@code /api/bulk/summary}) and
 * {@code get_class_record} (the class job of {@code /api/bulk/class}). A call starts the job or asks how far it is,
 * and never waits for it: "running, N of M done" until it has finished, then the answer. Starting a job costs what
 * it costs over HTTP (10 against the client's rate limit).
 */
final class ClassTools {
    private static final String POLLING = " The first call starts a job and answers {\"result\":\"loading\",\"done\","
            + "\"total\"}; call again with the same arguments every few seconds until the answer comes.";

    private final BulkJobs<ExamQuery, ExamResults> examJobs;
    private final BulkJobs<Course, ClassRecord> classJobs;
    private final JobRequests requests;

    ClassTools(
            BulkJobs<ExamQuery, ExamResults> examJobs, BulkJobs<Course, ClassRecord> classJobs, JobRequests requests) {
        this.examJobs = examJobs;
        this.classJobs = classJobs;
        this.requests = requests;
    }

    List<McpTool> tools() {
        Map<String, Object> range = new LinkedHashMap<>();
        range.put(JobRequests.FROM, ToolSchemas.hallTicket("The class's first hall ticket."));
        range.put(
                JobRequests.TO,
                ToolSchemas.hallTicket(
                        "The class's last hall ticket: the same first 8 characters, at most 360 in all."));
        Map<String, Object> exam = new LinkedHashMap<>(range);
        exam.putAll(ToolSchemas.releaseProperties());
        return List.of(
                new McpTool(
                        "get_class_summary",
                        "A class's summary in one release",
                        "The summary of a class (a range of hall tickets) in one release, as GET /api/bulk/summary:"
                                + " students, pass percentage, SGPA average and bands, top ten, grades and pass rates"
                                + " per subject. Name the release by the parameters list_releases gives." + POLLING,
                        ToolSchemas.object(exam, List.of(JobRequests.FROM, JobRequests.TO, "examCode")),
                        this::summary),
                new McpTool(
                        "get_class_record",
                        "A class's whole record",
                        "The whole record of a class (a range of hall tickets of one programme and batch), as GET"
                                + " /api/bulk/class: every student's CGPA, credits, backlogs and promotion standing"
                                + " ranked by CGPA, the class's CGPA bands, backlog and promotion counts, and each"
                                + " semester's toppers and subject pass rates." + POLLING,
                        ToolSchemas.object(range, List.of(JobRequests.FROM, JobRequests.TO)),
                        this::record));
    }

    private ToolAnswer summary(ToolArguments arguments, Context ctx) {
        BulkStatus<ExamResults> status = requests.status(ctx, examJobs, rangeOf(arguments), arguments.exam());
        return answer(status, results -> {
            ClassSummary summary = ClassSummary.of(results.pages());
            return new ToolAnswer(
                    ClassSummaryRoutes.body(summary, results.missing()),
                    summary.examTitle() + ": " + summary.students() + " students, " + summary.passedAll()
                            + " passed every subject (" + summary.passPercentage() + " %), SGPA average "
                            + summary.sgpaAverage() + ".");
        });
    }

    private ToolAnswer record(ToolArguments arguments, Context ctx) {
        HallTicketRange range = rangeOf(arguments);
        Course course = ClassRecordRoutes.courseOf(range);
        return answer(
                requests.status(ctx, classJobs, range, course),
                record -> new ToolAnswer(
                        ClassRecordJson.body(range, record),
                        course.regulation().code() + " " + course.degree().displayName() + ", "
                                + range.first().value()
                                + " to " + range.last().value() + ": "
                                + record.students().size()
                                + " students with results, CGPA average " + record.cgpaAverage()
                                + "; open backlogs by count " + record.backlogCounts() + "."));
    }

    private HallTicketRange rangeOf(ToolArguments arguments) {
        return requests.range(arguments.text(JobRequests.FROM), arguments.text(JobRequests.TO));
    }

    /** The job's progress while it runs, as the bulk endpoints' 202 says it; then {@code finished}'s answer. */
    private static <R> ToolAnswer answer(BulkStatus<R> status, Function<R, ToolAnswer> finished) {
        return switch (status) {
            case BulkStatus.Loading<R> loading ->
                new ToolAnswer(
                        JobRequests.loadingBody(loading),
                        "Running, " + loading.done() + " of " + loading.total()
                                + " done: call again with the same arguments in a few seconds.");
            case BulkStatus.Finished<R> done -> finished.apply(done.result());
            case BulkStatus.Busy<R> busy -> throw ApiException.tooManyJobs();
        };
    }
}
