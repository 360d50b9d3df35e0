package in.results.api;

import in.results.catalog.Course;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import in.results.core.LookupFailure;
import in.results.grading.Sgpa;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.Transcript;
import in.results.lookup.TranscriptAnswer;
import in.results.report.StudentComparison;
import in.results.report.StudentReport;
import in.results.report.StudentReports;
import in.results.store.CachedAnswer;
import in.results.upstream.Priority;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * {@code GET /compare/<hallticket>/<other_hallticket>}: two students side by side — each one's details, their SGPAs
 * semester by semester, CGPA, credits and backlogs, and every subject both have with both grades. Each student's
 * course is read from their own hall ticket, and each comes from the same cached merged transcript and report as
 * {@code /report/<hallticket>}; the two are looked up at once. The answer is as fresh as the less fresh of the two
 * ({@link CachedAnswer#lessFreshOf}).
 */
final class CompareRoutes {
    static final String FIRST = "hallticket";
    static final String SECOND = "other_hallticket";
    /**
     * Charged against the client's rate limit besides the request itself: a comparison may cost the university the
     * lookups of two students.
     */
    private static final int SECOND_STUDENT_COST = 1;

    private final AllSemestersLookup lookup;
    private final StudentReports reports;
    private final Executor executor;
    private final ClientRateLimiter limiter;
    private final JsonWriter json;

    /** @param executor runs the two students' lookups at once, each on a thread of its own */
    CompareRoutes(
            AllSemestersLookup lookup,
            StudentReports reports,
            Executor executor,
            ClientRateLimiter limiter,
            JsonWriter json) {
        this.lookup = lookup;
        this.reports = reports;
        this.executor = executor;
        this.limiter = limiter;
        this.json = json;
    }

    void register(JavalinConfig config) {
        config.routes.get("/compare/{" + FIRST + "}/{" + SECOND + "}", this::compare);
    }

    private void compare(Context ctx) {
        Comparison comparison = comparison(ctx.pathParam(FIRST), ctx.pathParam(SECOND), ctx);
        json.writeCached(ctx, comparison.answer(), comparison.body());
    }

    /** Two students compared: the body, and the answer that says how fresh it is. */
    record Comparison(CachedAnswer<StudentComparison> answer, Map<String, Object> body) {}

    /**
     * The students of the hall tickets {@code first} and {@code second} (as given) compared, within the deadline of
     * {@code ctx}, whose client is charged the second student's lookup: the answer of the route and of a tool.
     */
    Comparison comparison(String first, String second, Context ctx) {
        List<Student> students = studentsOf(first, second);
        limiter.charge(ctx, SECOND_STUDENT_COST);
        List<Found> found = foundAtOnce(students, RequestDeadline.of(ctx));
        Found one = found.getFirst();
        Found other = found.getLast();
        StudentComparison comparison =
                StudentComparison.of(one.report(), one.transcript(), other.report(), other.transcript());
        return new Comparison(
                CachedAnswer.lessFreshOf(one.answer(), other.answer(), comparison),
                body(comparison, one.student().course(), other.student().course()));
    }

    /** One of the two students: the path parameter that names them, their hall ticket and the course it names. */
    private record Student(String parameter, HallTicket hallTicket, Course course) {}

    /** A student's cached merged transcript, and their report from it. */
    private record Found(
            Student student, CachedAnswer<TranscriptAnswer> answer, Transcript transcript, StudentReport report) {}

    /**
     * The two students the path names, in its order: 400 for a parameter that is not a hall ticket, for the same
     * hall ticket twice (in any letter case) and for a hall ticket whose course cannot be read; 404 naming the
     * parameter for a batch the service has no results for. Nothing is asked before both are checked.
     */
    private static List<Student> studentsOf(String firstRaw, String secondRaw) {
        HallTicket first = Params.hallTicket(FIRST, firstRaw);
        HallTicket second = Params.hallTicket(SECOND, secondRaw);
        if (first.equals(second)) {
            throw ApiException.invalidParameter(SECOND, "must be another hall ticket than '" + FIRST + "'");
        }
        return List.of(
                new Student(FIRST, first, naming(FIRST, () -> Params.courseOf(FIRST, first))),
                new Student(SECOND, second, naming(SECOND, () -> Params.courseOf(SECOND, second))));
    }

    /**
     * Both students' transcripts, looked up at once within {@code deadline}. A failure is the first student's before
     * the second's; the other lookup goes on, so that its answer is stored for the next request.
     */
    private List<Found> foundAtOnce(List<Student> students, Deadline deadline) {
        List<CompletableFuture<CachedAnswer<TranscriptAnswer>>> lookups = students.stream()
                .map(student -> CompletableFuture.supplyAsync(
                        () -> lookup.transcript(student.course(), student.hallTicket(), Priority.INTERACTIVE, deadline),
                        executor))
                .toList();
        return List.of(
                found(students.getFirst(), lookups.getFirst(), deadline),
                found(students.getLast(), lookups.getLast(), deadline));
    }

    private Found found(Student student, CompletableFuture<CachedAnswer<TranscriptAnswer>> lookup, Deadline deadline) {
        return naming(student.parameter(), () -> {
            CachedAnswer<TranscriptAnswer> answer = deadline.await(lookup);
            Transcript transcript =
                    AllSemestersRoutes.found(answer, student.course()).transcript();
            return new Found(
                    student, answer, transcript, reports.of(student.course(), student.hallTicket(), transcript));
        });
    }

    /** What {@code step} returns; when it finds no result, the 404 says which of the two students it is about. */
    private static <T> T naming(String parameter, Supplier<T> step) {
        try {
            return step.get();
        } catch (LookupFailure failure) {
            throw failure.kind() == LookupFailure.Kind.NO_RESULT
                    ? LookupFailure.noResult("Parameter '" + parameter + "': " + failure.getMessage())
                    : failure;
        }
    }

    private static Map<String, Object> body(StudentComparison comparison, Course firstCourse, Course secondCourse) {
        List<StudentReport> reports = List.of(comparison.first(), comparison.second());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put(
                "students",
                List.of(
                        ResultJson.student(comparison.first(), firstCourse),
                        ResultJson.student(comparison.second(), secondCourse)));
        body.put(
                "semesters",
                comparison.semesters().stream()
                        .map(semester -> {
                            Map<String, Object> json = new LinkedHashMap<>();
                            json.put("semester", semester.key());
                            putSgpas(
                                    json,
                                    "sgpa",
                                    List.of(comparison.firstSgpaOf(semester), comparison.secondSgpaOf(semester)));
                            return json;
                        })
                        .toList());
        Map<String, Object> overall = new LinkedHashMap<>();
        putSgpas(
                overall,
                "cgpa",
                reports.stream().map(report -> Optional.of(report.cgpa())).toList());
        overall.put(
                "credits_earned",
                reports.stream().map(StudentReport::creditsEarned).toList());
        overall.put(
                "open_backlogs",
                reports.stream().map(report -> report.backlogs().size()).toList());
        body.put("overall", overall);
        body.put(
                "common_subjects",
                comparison.commonSubjects().stream()
                        .map(CompareRoutes::commonSubject)
                        .toList());
        return body;
    }

    /**
     * Both students' SGPAs (or CGPAs) under {@code key} as {@code [first, second]}, each as {@code /report} writes it,
     * {@code null} for a student who has none; when either is not computed, the reasons under {@code key + "_note"}
     * the same way ({@code null} for the other).
     */
    private static void putSgpas(Map<String, Object> json, String key, List<Optional<Sgpa>> sgpas) {
        json.put(
                key,
                sgpas.stream()
                        .map(sgpa -> sgpa.map(ResultJson::sgpaValue).orElse(null))
                        .toList());
        List<String> notes = sgpas.stream()
                .map(sgpa -> sgpa.filter(Sgpa.NotComputed.class::isInstance)
                        .map(none -> ((Sgpa.NotComputed) none).note())
                        .orElse(null))
                .toList();
        if (notes.stream().anyMatch(note -> note != null)) {
            json.put(key + "_note", notes);
        }
    }

    private static Map<String, Object> commonSubject(StudentComparison.CommonSubject subject) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("subject_code", subject.code());
        json.put("subject_name", subject.first().row().name());
        json.put(
                "semester",
                List.of(
                        subject.first().semester().key(),
                        subject.second().semester().key()));
        json.put(
                "grade",
                List.of(subject.first().row().grade(), subject.second().row().grade()));
        return json;
    }
}
