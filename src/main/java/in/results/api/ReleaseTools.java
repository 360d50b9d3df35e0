package in.results.api;

import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.core.HallTicket;
import in.results.lookup.ExamAnswer;
import in.results.lookup.ExamLookup;
import in.results.releases.ListPage;
import in.results.scrape.ReleaseListing;
import in.results.scrape.ResultPage;
import in.results.store.CachedAnswer;
import in.results.upstream.Priority;
import io.javalin.http.Context;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The MCP tools of releases: {@code list_releases} (the release list of {@code /new/}, filtered) and
 * {@code get_exam_result} (one student's page of one release, as {@code /api/calculate}).
 */
final class ReleaseTools {
    private static final int DEFAULT_LIMIT = 50;
    private static final int MOST_LISTED = 500;

    private final ListPage<ReleaseListing> releases;
    private final ReleaseRoutes releaseRoutes;
    private final ExamLookup exams;

    ReleaseTools(ListPage<ReleaseListing> releases, ReleaseRoutes releaseRoutes, ExamLookup exams) {
        this.releases = releases;
        this.releaseRoutes = releaseRoutes;
        this.exams = exams;
    }

    List<McpTool> tools() {
        Map<String, Object> filters = new LinkedHashMap<>();
        filters.put(
                "degree",
                ToolSchemas.text(
                        "Only this degree's releases: btech, bpharmacy, mtech, mpharmacy, mba or mca.",
                        "^(btech|bpharmacy|mtech|mpharmacy|mba|mca)$"));
        filters.put(
                "regulation",
                ToolSchemas.text("Only releases whose title names this regulation, such as R22.", "^R[0-9]{2}$"));
        filters.put(
                "kind",
                ToolSchemas.text(
                        "regular (the title says Regular) or supplementary (every other release).",
                        "^(regular|supplementary)$"));
        filters.put(
                "after",
                ToolSchemas.text("Only releases dated after this day, YYYY-MM-DD.", "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"));
        filters.put(
                "limit",
                Map.of(
                        "type",
                        "integer",
                        "minimum",
                        1,
                        "maximum",
                        MOST_LISTED,
                        "description",
                        "The most releases answered, in the list's order (newest first per degree); " + DEFAULT_LIMIT
                                + " when absent."));
        Map<String, Object> exam = new LinkedHashMap<>();
        exam.put(ToolSchemas.HALL_TICKET, ToolSchemas.hallTicket("The student's hall ticket."));
        exam.putAll(ToolSchemas.releaseProperties());
        return List.of(
                new McpTool(
                        "list_releases",
                        "The university's result releases",
                        "The university's result releases, as GET /new/ lists them, newest first per degree, each with"
                                + " its title, date and the link parameters (degree, examCode, etype, type, result,"
                                + " grad) that get_exam_result and get_class_summary take.",
                        ToolSchemas.object(filters, List.of()),
                        this::listReleases),
                new McpTool(
                        "get_exam_result",
                        "One student's result in one release",
                        "One student's result page of one release (its subjects with marks, grades and credits) and"
                                + " the SGPA of that page, as GET /api/calculate. Name the release by the parameters"
                                + " list_releases gives.",
                        ToolSchemas.object(exam, List.of(ToolSchemas.HALL_TICKET, "examCode")),
                        this::examResult));
    }

    private ToolAnswer listReleases(ToolArguments arguments, Context ctx) {
        ReleaseFeed.Filter filter = new ReleaseFeed.Filter(
                FeedRoutes.degree(arguments.text("degree")), FeedRoutes.regulation(arguments.text("regulation")));
        String kind = arguments.text("kind");
        if (!kind.isEmpty() && !kind.equals("regular") && !kind.equals("supplementary")) {
            throw ApiException.invalidParameter("kind", "must be regular or supplementary");
        }
        Optional<LocalDate> after = day(arguments.text("after"));
        int limit = limit(arguments.text("limit"));
        CachedAnswer<List<ReleaseListing>> answer = releases.current(RequestDeadline.of(ctx));
        List<ReleaseListing> kept = answer.value().stream()
                .filter(listing -> kind.isEmpty() || ReleaseRoutes.isRegular(listing) == kind.equals("regular"))
                .filter(listing -> keeps(listing, filter, after))
                .toList();
        List<Map<String, Object>> listed = releaseRoutes.numbered(kept.subList(0, Math.min(limit, kept.size())));
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("matching", kept.size());
        structured.put("releases", listed);
        String newest = listed.isEmpty()
                ? ""
                : "; the first: " + listed.getFirst().get("exam_name") + " ("
                        + listed.getFirst().get("release_date") + ", examCode "
                        + listed.getFirst().get("examCode") + ")";
        return new ToolAnswer(structured, kept.size() + " releases match, " + listed.size() + " listed" + newest + ".");
    }

    private static boolean keeps(ReleaseListing listing, ReleaseFeed.Filter filter, Optional<LocalDate> after) {
        Optional<ExamRelease> release = ExamCatalog.releaseOf(listing);
        if (release.isEmpty()) {
            return filter.equals(ReleaseFeed.Filter.NONE) && after.isEmpty();
        }
        return filter.keeps(release.get())
                && after.map(day ->
                                release.get().releasedOn().filter(day::isBefore).isPresent())
                        .orElse(true);
    }

    private static Optional<LocalDate> day(String raw) {
        if (raw.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDate.parse(raw));
        } catch (DateTimeParseException e) {
            throw ApiException.invalidParameter("after", "must be a date written YYYY-MM-DD");
        }
    }

    private static int limit(String raw) {
        if (raw.isEmpty()) {
            return DEFAULT_LIMIT;
        }
        if (!raw.matches("[0-9]{1,3}") || Integer.parseInt(raw) < 1 || Integer.parseInt(raw) > MOST_LISTED) {
            throw ApiException.invalidParameter("limit", "must be a whole number from 1 to " + MOST_LISTED);
        }
        return Integer.parseInt(raw);
    }

    private ToolAnswer examResult(ToolArguments arguments, Context ctx) {
        HallTicket hallTicket = Params.hallTicket(ToolSchemas.HALL_TICKET, arguments.text(ToolSchemas.HALL_TICKET));
        CachedAnswer<ExamAnswer> answer =
                exams.lookup(hallTicket, arguments.exam(), Priority.INTERACTIVE, RequestDeadline.of(ctx));
        ResultPage page = ResultJson.pageOf(answer);
        List<Object> calculated = ResultJson.calculated(page, ResultJson.Form.FULL);
        Map<String, Object> structured = new LinkedHashMap<>();
        ((Map<?, ?>) calculated.get(0)).forEach((key, value) -> structured.put((String) key, value)); // the SGPA
        structured.put("details", calculated.get(1));
        structured.put("subjects", calculated.get(2));
        return new ToolAnswer(
                structured,
                page.details().name() + " (" + page.details().hallTicket() + "): "
                        + page.subjects().size()
                        + " subjects, SGPA "
                        + (structured.get("SGPA") == null ? "not computed" : structured.get("SGPA"))
                        + ".");
    }
}
