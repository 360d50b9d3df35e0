package in.results.api;

import in.results.catalog.Course;
import in.results.core.HallTicket;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.Transcript;
import in.results.lookup.TranscriptAnswer;
import in.results.store.CachedAnswer;
import in.results.upstream.Priority;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The MCP tools of one student: {@code get_student_results} ({@code /all}), {@code get_attempts}
 * ({@code /attempts}), {@code get_report} ({@code /report}), {@code what_if} ({@code /report?if=&target_cgpa=}) and
 * {@code compare_students} ({@code /compare}). One all-semesters lookup and cache entry per student behind them all,
 * as behind their HTTP twins, whose bodies they answer.
 */
final class StudentTools {
    private static final String SGPA_WORDS = " SGPA is one semester's grade point average (\"FAIL\" while a subject of"
            + " it is failed); the overall GPA (CGPA) is over every subject passed in every semester.";

    private final AllSemestersLookup lookup;
    private final AttemptsRoutes attempts;
    private final ReportRoutes reports;
    private final CompareRoutes comparisons;

    StudentTools(AllSemestersLookup lookup, AttemptsRoutes attempts, ReportRoutes reports, CompareRoutes comparisons) {
        this.lookup = lookup;
        this.attempts = attempts;
        this.reports = reports;
        this.comparisons = comparisons;
    }

    List<McpTool> tools() {
        Map<String, Object> student = ToolSchemas.object(
                Map.of(ToolSchemas.HALL_TICKET, ToolSchemas.hallTicket("The student's hall ticket.")),
                List.of(ToolSchemas.HALL_TICKET));
        return List.of(
                new McpTool(
                        "get_student_results",
                        "A student's results",
                        "Every semester of a student of any programme (B.Tech, B.Pharmacy, M.Tech, M.Pharmacy, MBA,"
                                + " MCA), attempts merged: each subject's final grade, the SGPA per semester and the"
                                + " overall GPA, as GET /all/<hallticket>." + SGPA_WORDS,
                        student,
                        this::results),
                new McpTool(
                        "get_attempts",
                        "Every attempt of a student",
                        "Every result page of a student as the university published it, oldest first: each regular,"
                                + " supplementary and RC/RV (recounting/revaluation) attempt with its release and its"
                                + " own SGPA, and minor-degree pages apart, as GET /attempts/<hallticket>.",
                        student,
                        this::attempts),
                new McpTool(
                        "get_report",
                        "A student's report",
                        "A student's report, as GET /report/<hallticket>: SGPA and credits per semester, failed"
                                + " subjects with their last attempt, the CGPA, credits earned and required, open"
                                + " backlogs, the percentage (B.Tech: (CGPA - 0.5) x 10, the common conversion, not an"
                                + " official figure) and the promotion standing by credits (B.Tech R18 and R22)."
                                + SGPA_WORDS,
                        student,
                        (arguments, ctx) -> report(arguments, ctx, null, null)),
                new McpTool(
                        "what_if",
                        "What if backlogs were passed",
                        "A student's report as if open backlogs were passed with the grades given (the CGPA, credits"
                                + " and backlogs then), and what a target CGPA takes: the average SGPA still needed"
                                + " over the credits left, as GET /report/<hallticket>?if=&target_cgpa=. Give if, or"
                                + " target_cgpa, or both.",
                        ToolSchemas.object(
                                Map.of(
                                        ToolSchemas.HALL_TICKET,
                                        ToolSchemas.hallTicket("The student's hall ticket."),
                                        WhatIfQuery.IF,
                                        ToolSchemas.text(
                                                "Backlogs as passed: SUBJECT:GRADE pairs separated by commas, up to 20,"
                                                        + " each an open backlog's code and a pass grade of the"
                                                        + " programme (B.Tech: O, A+, A, B+, B, C), such as"
                                                        + " 153AK:B,154AX:A+."),
                                        WhatIfQuery.TARGET,
                                        Map.of(
                                                "type",
                                                List.of("number", "string"),
                                                "description",
                                                "A CGPA to reach, 0 to 10 with up to 2 decimals, such as 8 or 7.5.")),
                                List.of(ToolSchemas.HALL_TICKET)),
                        (arguments, ctx) -> report(
                                arguments,
                                ctx,
                                arguments.textOrNull(WhatIfQuery.IF),
                                arguments.textOrNull(WhatIfQuery.TARGET))),
                new McpTool(
                        "compare_students",
                        "Two students side by side",
                        "Two students side by side, as GET /compare/<hallticket>/<other_hallticket>: each one's"
                                + " details and course, their SGPAs semester by semester, CGPA, credits earned and open"
                                + " backlogs (each figure a pair: [first, second]), and every subject both have with"
                                + " both grades. The students may be of different programmes." + SGPA_WORDS,
                        ToolSchemas.object(
                                Map.of(
                                        CompareRoutes.FIRST,
                                        ToolSchemas.hallTicket("The first student's hall ticket."),
                                        CompareRoutes.SECOND,
                                        ToolSchemas.hallTicket("The second student's hall ticket.")),
                                List.of(CompareRoutes.FIRST, CompareRoutes.SECOND)),
                        this::compare));
    }

    private ToolAnswer compare(ToolArguments arguments, Context ctx) {
        Map<String, Object> body = comparisons
                .comparison(arguments.text(CompareRoutes.FIRST), arguments.text(CompareRoutes.SECOND), ctx)
                .body();
        Map<?, ?> overall = (Map<?, ?>) body.get("overall");
        return new ToolAnswer(
                body,
                "CGPA " + overall.get("cgpa") + ", credits earned " + overall.get("credits_earned")
                        + ", open backlogs " + overall.get("open_backlogs") + " (first, second); "
                        + ((List<?>) body.get("common_subjects")).size() + " subjects in common.");
    }

    /** A hall ticket's course and its found transcript, or the HTTP API's 400 or 404. */
    private record Student(HallTicket hallTicket, Course course, TranscriptAnswer.Found found) {}

    private Student student(ToolArguments arguments, Context ctx) {
        HallTicket hallTicket = Params.hallTicket(ToolSchemas.HALL_TICKET, arguments.text(ToolSchemas.HALL_TICKET));
        Course course = Params.courseOf(ToolSchemas.HALL_TICKET, hallTicket);
        CachedAnswer<TranscriptAnswer> answer =
                lookup.transcript(course, hallTicket, Priority.INTERACTIVE, RequestDeadline.of(ctx));
        return new Student(hallTicket, course, AllSemestersRoutes.found(answer, course));
    }

    private ToolAnswer results(ToolArguments arguments, Context ctx) {
        Student student = student(arguments, ctx);
        Transcript transcript = student.found().transcript();
        Map<String, Object> structured = named(student.course());
        structured.putAll(AllSemestersRoutes.body(transcript));
        String semesters = transcript.semesters().stream()
                .map(record -> record.semester().key() + " " + ToolSummaries.sgpa(record.sgpa()))
                .collect(Collectors.joining(", "));
        return new ToolAnswer(
                structured,
                ToolSummaries.who(transcript.details(), student.course()) + ": "
                        + transcript.semesters().size()
                        + " semesters; SGPA " + semesters + "; overall GPA (CGPA) "
                        + ToolSummaries.sgpa(transcript.overallGpa()) + ".");
    }

    private ToolAnswer attempts(ToolArguments arguments, Context ctx) {
        Student student = student(arguments, ctx);
        Map<String, Object> structured = named(student.course());
        structured.putAll(
                attempts.body(student.found(), student.course(), student.hallTicket(), RequestDeadline.of(ctx)));
        return new ToolAnswer(
                structured,
                ToolSummaries.who(student.found().transcript().details(), student.course()) + ": "
                        + student.found().pages().size()
                        + " result pages (regular, supplementary and RC/RV attempts), oldest first.");
    }

    private ToolAnswer report(ToolArguments arguments, Context ctx, String grades, String target) {
        Student student = student(arguments, ctx);
        WhatIfQuery whatIf = WhatIfQuery.of(target, grades, student.course());
        Transcript transcript = student.found().transcript();
        Map<String, Object> body =
                reports.body(student.course(), student.hallTicket(), transcript, whatIf, RequestDeadline.of(ctx));
        return new ToolAnswer(
                body, ToolSummaries.who(transcript.details(), student.course()) + ". " + ToolSummaries.report(body));
    }

    /** The course the HTTP twin names in its {@code Regulation} and {@code Degree} headers. */
    private static Map<String, Object> named(Course course) {
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("regulation", course.regulation().code());
        structured.put("degree", course.degree().key());
        return structured;
    }
}
