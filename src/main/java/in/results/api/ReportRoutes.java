package in.results.api;

import in.results.archive.Archive;
import in.results.catalog.Course;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import in.results.grading.GradeScale;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.SpecialProgrammeLookup;
import in.results.lookup.Transcript;
import in.results.lookup.TranscriptAnswer;
import in.results.report.Promotion;
import in.results.report.ReportRules;
import in.results.report.StudentReport;
import in.results.report.StudentReports;
import in.results.report.Target;
import in.results.report.WhatIf;
import in.results.report.pdf.Provenance;
import in.results.report.pdf.TranscriptPdf;
import in.results.store.CacheStatus;
import in.results.store.CachedAnswer;
import in.results.upstream.Priority;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code GET /report/<hallticket>}: the student's report, derived from the same cached merged transcript as
 * {@code /all-r18/<hallticket>} (one lookup, one cache entry, the same freshness headers), with the promotion
 * standing, and on request the what-if figures ({@code ?if=}) and what a target CGPA takes ({@code ?target_cgpa=}).
 * Those parameters change the body made from the cached transcript, never what is cached; the body's ETag follows.
 * As JSON, or as the transcript PDF ({@code /report/<hallticket>.pdf}, or {@code Accept: application/pdf}) drawn from
 * the same body: one lookup, the same errors (always JSON) and the same freshness headers for both.
 */
final class ReportRoutes {
    /** Said beside every promotion standing. */
    static final String PROMOTION_NOTE = "Credits earned so far in the semesters each step counts, by every attempt"
            + " read; the university can relax a threshold by circular, so check the rule named.";

    private static final String JSON = "application/json";
    private static final List<String> MEDIA_TYPES = List.of(JSON, TranscriptPdf.CONTENT_TYPE);

    private final AllSemestersLookup lookup;
    private final SpecialProgrammeLookup specialProgrammes;
    private final StudentReports reports;
    private final Archive archive;
    private final JsonWriter json;
    private final TranscriptPdf pdf;
    private final URI site;
    private final Clock clock;

    /**
     * @param site the university's site the PDF names as its source (the primary upstream)
     * @param clock the time the PDF says its answer was built
     */
    ReportRoutes(
            AllSemestersLookup lookup,
            SpecialProgrammeLookup specialProgrammes,
            StudentReports reports,
            Archive archive,
            JsonWriter json,
            TranscriptPdf pdf,
            URI site,
            Clock clock) {
        this.lookup = lookup;
        this.specialProgrammes = specialProgrammes;
        this.reports = reports;
        this.archive = archive;
        this.json = json;
        this.pdf = pdf;
        this.site = site;
        this.clock = clock;
    }

    void register(JavalinConfig config) {
        // First: the path parameter of /report/{hallticket} would take "<hallticket>.pdf" whole.
        config.routes.get("/report/{hallticket}.pdf", ctx -> report(ctx, TranscriptPdf.CONTENT_TYPE));
        config.routes.get("/report/{hallticket}", ctx -> {
            ctx.res().addHeader("Vary", "Accept"); // added: CORS may have said Vary: Origin
            report(ctx, AcceptHeader.preferred(ctx.header("Accept"), MEDIA_TYPES));
        });
    }

    private void report(Context ctx, String mediaType) {
        HallTicket hallTicket = Params.hallTicket("hallticket", ctx.pathParam("hallticket"));
        // The course is read from the hall ticket, as for /all/<hallticket>.
        Course course = Params.courseOf("hallticket", hallTicket);
        WhatIfQuery whatIf = WhatIfQuery.of(ctx, course);
        AllSemestersRoutes.nameCourse(ctx, course);
        CachedAnswer<TranscriptAnswer> answer =
                lookup.transcript(course, hallTicket, Priority.INTERACTIVE, RequestDeadline.of(ctx));
        Transcript transcript = AllSemestersRoutes.found(answer, course).transcript();
        Map<String, Object> body = body(course, hallTicket, transcript, whatIf, RequestDeadline.of(ctx));
        if (mediaType.equals(JSON)) {
            json.writeCached(ctx, answer, body);
        } else {
            // Shown in the browser; saved, named for the student (the hall ticket is checked: letters and digits).
            ctx.header("Content-Disposition", "inline; filename=\"transcript-" + hallTicket.value() + ".pdf\"");
            json.writeCached(ctx, answer, mediaType, pdf.render(course, transcript, body, provenanceOf(answer)));
        }
    }

    /** The answer's source and the time it was built: now less its age. */
    private Provenance provenanceOf(CachedAnswer<?> answer) {
        return new Provenance(site, clock.instant().minus(answer.age()), answer.status() == CacheStatus.STALE);
    }

    /**
     * The report of {@code transcript} with the student's special-programme pages and, as {@code whatIf} asks, the
     * what-if figures and the target: the body of {@code /report}, and a tool's answer.
     */
    Map<String, Object> body(
            Course course, HallTicket hallTicket, Transcript transcript, WhatIfQuery whatIf, Deadline deadline) {
        StudentReport report = reports.of(course, hallTicket, transcript);
        Map<String, Object> body = body(report, course);
        AttemptsRoutes.putSpecialProgrammes(body, specialProgrammes, course, hallTicket, deadline);
        if (whatIf.grades().isEmpty() && whatIf.targetCgpa().isEmpty()) {
            return body;
        }
        // Without "if", the figures are the report's own: the target starts from them.
        GradeScale scale = WhatIfQuery.scaleOf(course, whatIf.grades().isEmpty() ? WhatIfQuery.TARGET : WhatIfQuery.IF);
        WhatIf figures = WhatIf.of(transcript, assumptions(report, course, whatIf.grades(), deadline), scale);
        if (!whatIf.grades().isEmpty()) {
            body.put("what_if", whatIfJson(figures));
        }
        whatIf.targetCgpa().ifPresent(cgpa -> body.put("target", targetJson(target(report, figures, course, cgpa))));
        return body;
    }

    /**
     * The backlogs of {@code grades} passed with those grades: each must be an open backlog, and its credits are
     * those a page kept in the archive shows for a pass of the same code (a failed row shows 0).
     */
    private List<WhatIf.Assumption> assumptions(
            StudentReport report, Course course, Map<String, String> grades, Deadline deadline) {
        if (grades.isEmpty()) {
            return List.of();
        }
        Set<String> backlogs =
                report.backlogs().stream().map(backlog -> backlog.row().code()).collect(Collectors.toSet());
        for (String code : grades.keySet()) {
            if (!backlogs.contains(code)) {
                throw ApiException.invalidParameter(
                        WhatIfQuery.IF, "names " + code + ", which is not a subject this student has still to pass");
            }
        }
        Map<String, String> credits = archive.subjectCredits(course.degree().key(), grades.keySet(), deadline);
        List<WhatIf.Assumption> assumed = new ArrayList<>();
        grades.forEach((code, grade) -> {
            BigDecimal value = decimalOrNull(credits.get(code));
            if (value == null) {
                throw ApiException.invalidParameter(
                        WhatIfQuery.IF,
                        "names " + code + ", whose credits are not known: no page the service has read shows it"
                                + " passed");
            }
            assumed.add(new WhatIf.Assumption(code, grade, value));
        });
        return assumed;
    }

    private static BigDecimal decimalOrNull(String credits) {
        try {
            return credits == null ? null : new BigDecimal(credits);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** What {@code cgpa} takes from {@code figures} (the report's own, or the what-if's). */
    private static Target target(StudentReport report, WhatIf figures, Course course, BigDecimal cgpa) {
        if (report.creditsRequired().isEmpty()) {
            throw ApiException.invalidParameter(
                    WhatIfQuery.TARGET,
                    "cannot be used for " + course.degree().displayName() + " "
                            + course.regulation().code() + ": the credits its degree needs are not known");
        }
        return Target.of(
                cgpa,
                figures.weightedPoints(),
                figures.creditsEarned(),
                report.creditsRequired().getAsInt());
    }

    private static Map<String, Object> whatIfJson(WhatIf whatIf) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put(
                "assumed",
                whatIf.assumed().stream()
                        .map(assumption -> {
                            Map<String, Object> entry = new LinkedHashMap<>();
                            entry.put("subject_code", assumption.subjectCode());
                            entry.put("grade", assumption.grade());
                            entry.put("credits", assumption.credits());
                            return entry;
                        })
                        .toList());
        json.put(
                "semesters",
                whatIf.semesters().stream()
                        .map(semester -> {
                            Map<String, Object> entry = new LinkedHashMap<>();
                            entry.put("semester", semester.semester().key());
                            ResultJson.putSgpa(entry, "sgpa", semester.sgpa());
                            entry.put("changed", semester.changed());
                            return entry;
                        })
                        .toList());
        ResultJson.putSgpa(json, "cgpa", whatIf.cgpa());
        json.put("credits_earned", whatIf.creditsEarned());
        json.put("open_backlogs", whatIf.openBacklogs());
        return json;
    }

    private static Map<String, Object> targetJson(Target target) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("target_cgpa", target.target());
        json.put("status", target.status().key());
        json.put("credits_to_earn", target.creditsToEarn());
        json.put("average_sgpa_needed", target.averageNeeded().orElse(null));
        json.put("best_cgpa_possible", target.bestPossible());
        return json;
    }

    private static Map<String, Object> body(StudentReport report, Course course) {
        List<Map<String, Object>> semesters = report.semesters().stream()
                .map(semester -> {
                    Map<String, Object> json = new LinkedHashMap<>();
                    json.put("semester", semester.semester().key());
                    ResultJson.putSgpa(json, "sgpa", semester.sgpa());
                    json.put("credits_registered", semester.creditsRegistered().orElse(null));
                    json.put("credits_earned", semester.creditsEarned());
                    json.put(
                            "failed_subjects",
                            semester.failed().stream()
                                    .map(backlog -> backlog(backlog, false))
                                    .toList());
                    return json;
                })
                .toList();
        Map<String, Object> overall = new LinkedHashMap<>();
        ResultJson.putSgpa(overall, "cgpa", report.cgpa());
        overall.put("credits_earned", report.creditsEarned());
        overall.put(
                "credits_required",
                report.creditsRequired().isPresent() ? report.creditsRequired().getAsInt() : null);
        overall.put("open_backlogs", report.backlogs().size());
        overall.put(
                "backlogs",
                report.backlogs().stream()
                        .map(backlog -> backlog(backlog, true))
                        .toList());
        overall.put("percentage", report.percentage().orElse(null));
        overall.put(
                "percentage_rule",
                report.percentage().isPresent() ? ReportRules.PERCENTAGE_RULE : ReportRules.NO_PERCENTAGE_RULE);
        Map<String, Object> body = ResultJson.student(report, course);
        body.put("semesters", semesters);
        body.put("overall", overall);
        putPromotion(body, report.promotion());
        return body;
    }

    private static void putPromotion(Map<String, Object> body, Promotion promotion) {
        switch (promotion) {
            case Promotion.Standing standing -> {
                body.put(
                        "promotion",
                        standing.steps().stream().map(ReportRoutes::step).toList());
                body.put("promotion_note", PROMOTION_NOTE);
            }
            case Promotion.Unknown unknown -> {
                body.put("promotion", null);
                body.put("promotion_note", unknown.note());
            }
        }
    }

    private static Map<String, Object> step(Promotion.Step step) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("into", step.rule().into().key());
        json.put("credits_earned", step.creditsEarned());
        json.put("credits_required", step.rule().required());
        json.put("credits_offered", step.rule().offered());
        json.put("status", step.status().key());
        if (step.status() != Promotion.Status.MET) {
            json.put("credits_short", step.creditsShort());
        }
        json.put("rule", step.rule().describe());
        json.put("confirmed", step.rule().confirmed());
        return json;
    }

    private static Map<String, Object> backlog(StudentReport.Backlog backlog, boolean withSemester) {
        Map<String, Object> json = new LinkedHashMap<>();
        if (withSemester) {
            json.put("semester", backlog.semester().key());
        }
        json.put("subject_code", backlog.row().code());
        json.put("subject_name", backlog.row().name());
        json.put("grade_earned", backlog.row().grade());
        json.put("last_attempt", ResultJson.release(backlog.lastAttempt()));
        return json;
    }
}
