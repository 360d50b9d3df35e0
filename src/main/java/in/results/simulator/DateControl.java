package in.results.simulator;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.simulator.releases.Exam;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The simulator's own request for moving its day, which the real university does not have: {@code GET /admin/date}
 * answers {@code {"today":"2024-01-20"}}; {@code POST /admin/date} with {@code day=YYYY-MM-DD} (form field or query
 * parameter) calls {@link UniversitySimulator#advanceTo} and answers {@code {"today":…,"published":[{"exam_code":
 * "1790","rcrv":false,"title":…,"date":"20-JAN-2024"},…]}}, the releases that appeared in release order. A missing,
 * malformed or refused day is HTTP 400 with {@code {"error":<sentence>,"code":"BAD_DAY"|"DAY_REFUSED"}}, the
 * service's error shape.
 *
 * <p>Served at the root only: under {@code /results} the path stays the university's (Tomcat's 404), so no client
 * of the real site's paths can reach it by accident.
 */
final class DateControl {

    static final String PATH = "/admin/date";
    static final String CONTENT_TYPE = "application/json; charset=utf-8";

    /** The date as the release list writes it plainly ({@code 20-JAN-2024}), so callers can match list rows. */
    private static final DateTimeFormatter LIST_DATE = DateTimeFormatter.ofPattern("dd-MMM-yyyy", Locale.US);

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A day this request cannot move to; the one failure the admin routes answer, always as JSON. */
    private static final class RefusedDay extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final String code;

        RefusedDay(String code, String message) {
            super(message);
            this.code = code;
        }
    }

    private final UniversitySimulator simulator;

    DateControl(UniversitySimulator simulator) {
        this.simulator = simulator;
    }

    void register(JavalinConfig config) {
        config.routes.get(
                PATH, ctx -> send(ctx, 200, Map.of("today", simulator.today().toString())));
        config.routes.post(PATH, ctx -> {
            LocalDate day = dayOf(ctx);
            send(ctx, 200, moved(day, advance(day)));
        });
        config.routes.exception(RefusedDay.class, (e, ctx) -> {
            Map<String, String> body = new LinkedHashMap<>();
            body.put("error", e.getMessage());
            body.put("code", e.code);
            send(ctx, 400, body);
        });
    }

    private static LocalDate dayOf(Context ctx) {
        String day = UniversitySimulator.param(ctx, "day");
        if (day == null || day.isBlank()) {
            throw new RefusedDay("BAD_DAY", "Give the day to move to as day=YYYY-MM-DD.");
        }
        try {
            return LocalDate.parse(day.strip());
        } catch (DateTimeParseException e) {
            throw new RefusedDay("BAD_DAY", "The day must look like 2024-01-20, not '" + day + "'.");
        }
    }

    /** The releases the move published; the simulator's refusal (not a later day, a clash) becomes a 400. */
    private List<Exam> advance(LocalDate day) {
        try {
            return simulator.advanceTo(day);
        } catch (IllegalArgumentException e) {
            throw new RefusedDay("DAY_REFUSED", e.getMessage());
        }
    }

    /** Names {@code day}, not {@link UniversitySimulator#today()}: another move may have followed this one. */
    private static Map<String, Object> moved(LocalDate day, List<Exam> published) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("today", day.toString());
        body.put("published", published.stream().map(DateControl::row).toList());
        return body;
    }

    private static Map<String, Object> row(Exam release) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("exam_code", release.code());
        row.put("rcrv", release.rcrv());
        row.put("title", release.title());
        row.put("date", release.releaseDate().format(LIST_DATE).toUpperCase(Locale.ROOT));
        return row;
    }

    static void send(Context ctx, int status, Map<String, ?> body) {
        ctx.status(status).contentType(CONTENT_TYPE).result(bytesOf(body));
    }

    private static byte[] bytesOf(Map<String, ?> body) {
        try {
            return JSON.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            // Maps of strings, booleans and lists of such maps always serialise; failing here is a bug.
            throw new IllegalStateException("admin answer could not be written as JSON", e);
        }
    }
}
