package in.results.api;

import in.results.catalog.Course;
import in.results.grading.Sgpa;
import in.results.scrape.StudentDetails;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The MCP tools' short summaries in words, for assistants that read only text. Each is read from the structured
 * answer it goes with (or the same figures), so that the two never disagree.
 */
final class ToolSummaries {
    private ToolSummaries() {}

    /** {@code NAME (189A1A0501), R18 B.Tech}. */
    static String who(StudentDetails details, Course course) {
        return details.name() + " (" + details.hallTicket() + "), "
                + course.regulation().code() + " " + course.degree().displayName();
    }

    static String sgpa(Sgpa sgpa) {
        return switch (sgpa) {
            case Sgpa.Awarded awarded -> awarded.value().toPlainString();
            case Sgpa.Fail fail -> "FAIL";
            case Sgpa.NotComputed none -> "not computed";
        };
    }

    /** The report's overall figures, backlogs, promotion, what-if and target, from its body. */
    static String report(Map<String, Object> body) {
        Map<?, ?> overall = (Map<?, ?>) body.get("overall");
        List<String> parts = new ArrayList<>();
        parts.add("CGPA " + orNotComputed(overall.get("cgpa")));
        parts.add("credits earned " + overall.get("credits_earned") + " of "
                + orUnknown(overall.get("credits_required")) + " required");
        List<?> backlogs = (List<?>) overall.get("backlogs");
        parts.add("open backlogs " + backlogs.size()
                + (backlogs.isEmpty()
                        ? ""
                        : " ("
                                + backlogs.stream()
                                        .map(backlog -> (Map<?, ?>) backlog)
                                        .map(backlog -> backlog.get("subject_code") + " " + backlog.get("subject_name"))
                                        .collect(Collectors.joining(", "))
                                + ")"));
        if (overall.get("percentage") != null) {
            parts.add("percentage " + overall.get("percentage") + " (the common conversion, not official)");
        }
        if (body.get("promotion") instanceof List<?> steps) {
            parts.add("promotion: "
                    + steps.stream()
                            .map(step -> (Map<?, ?>) step)
                            .map(step -> "into " + step.get("into") + " " + step.get("status")
                                    + (step.get("credits_short") == null || "met".equals(step.get("status"))
                                            ? ""
                                            : " (" + step.get("credits_short") + " credits short)"))
                            .collect(Collectors.joining(", ")));
        }
        if (body.get("what_if") instanceof Map<?, ?> whatIf) {
            parts.add("as if passed: CGPA " + orNotComputed(whatIf.get("cgpa")) + ", credits earned "
                    + whatIf.get("credits_earned") + ", open backlogs " + whatIf.get("open_backlogs"));
        }
        if (body.get("target") instanceof Map<?, ?> target) {
            parts.add("target CGPA " + target.get("target_cgpa") + ": " + target.get("status")
                    + (target.get("average_sgpa_needed") == null
                            ? ""
                            : ", an average SGPA of " + target.get("average_sgpa_needed") + " over the "
                                    + target.get("credits_to_earn") + " credits left"));
        }
        return String.join("; ", parts) + ".";
    }

    private static String orNotComputed(Object figure) {
        return figure == null ? "not computed" : figure.toString();
    }

    private static String orUnknown(Object figure) {
        return figure == null ? "(not known)" : figure.toString();
    }
}
