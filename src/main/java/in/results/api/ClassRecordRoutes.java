package in.results.api;

import in.results.bulk.BulkJobs;
import in.results.bulk.HallTicketRange;
import in.results.catalog.Course;
import in.results.catalog.StudentCourse;
import in.results.report.ClassRecord;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;

/**
 * {@code GET /api/bulk/class?hallticket_from&hallticket_to[&format=json|csv|xlsx]}: a class's whole record — every
 * student's report figures ranked by CGPA, with the class's distributions and per-semester figures — as a bulk job of
 * its own kind (202 with progress while it runs), in JSON or as a spreadsheet.
 */
final class ClassRecordRoutes {
    private final BulkJobs<Course, ClassRecord> jobs;
    private final JobRequests requests;
    private final JsonWriter json;

    ClassRecordRoutes(BulkJobs<Course, ClassRecord> jobs, JobRequests requests, JsonWriter json) {
        this.jobs = jobs;
        this.requests = requests;
        this.json = json;
    }

    void register(JavalinConfig config) {
        config.routes.get("/api/bulk/class", this::classRecord);
    }

    private void classRecord(Context ctx) {
        AnswerFormat format = AnswerFormat.of(ctx);
        HallTicketRange range = requests.range(ctx);
        Course course = courseOf(range);
        requests.answer(ctx, requests.status(ctx, jobs, range, course), record -> {
            ctx.header("X-Bulk-Missing", Integer.toString(record.missing().size()));
            if (format == AnswerFormat.JSON) {
                json.write(ctx, 200, ClassRecordJson.body(range, record));
            } else {
                String name =
                        "class-" + range.first().value() + "-" + range.last().value();
                SpreadsheetWriter.write(ctx, format, name, ClassRecordSheets.of(record));
            }
        });
    }

    /**
     * The one course of the range's students, read from its first hall ticket (400 or 404 as {@code /all}); 400 naming
     * the first hall ticket of another programme or batch. A range shares its first 8 characters, which hold the
     * admission year, the entry and the programme, so today every hall ticket of a range is of one course; the check
     * keeps the record's one-course rule should ranges ever span more.
     */
    static Course courseOf(HallTicketRange range) {
        Course course = Params.courseOf(JobRequests.FROM, range.first());
        StudentCourse.firstNotOf(course, range.hallTickets()).ifPresent(other -> {
            throw ApiException.invalidParameter(
                    JobRequests.FROM + "/" + JobRequests.TO,
                    "must be hall tickets of one programme and batch: " + other + " is not of "
                            + course.degree().displayName() + " "
                            + course.regulation().code());
        });
        return course;
    }
}
