package in.results.report.pdf;

import java.util.List;
import java.util.Map;

/**
 * The student's promotion standing, from the report body: each transition of {@code "promotion"} on a line of its own
 * (into which year, met / short / not yet due, the credits, the rule applied, whether the rule's number is
 * confirmed), with the {@code "promotion_note"} under them; where the body has no standing, the note alone (why there
 * is none); neither, nothing.
 */
final class PromotionSection {
    private static final float LABEL_WIDTH = 62;

    private final PageWriter pages;
    private final Typeface regular;
    private final Typeface bold;

    PromotionSection(PageWriter pages, Typeface regular, Typeface bold) {
        this.pages = pages;
        this.regular = regular;
        this.bold = bold;
    }

    void write(Map<?, ?> report) {
        boolean standing = report.get("promotion") instanceof List<?>;
        String note = Figures.text(report, "promotion_note");
        if (!standing && note.isEmpty()) {
            return;
        }
        TranscriptPdf.heading(pages, bold, "Promotion");
        for (Map<?, ?> transition : Figures.maps(report, "promotion")) {
            String into = Figures.text(transition, "into");
            pages.labelled(
                    bold,
                    into.equals("degree") ? "The degree" : "Into " + into,
                    regular,
                    SubjectTable.SIZE,
                    SubjectTable.ROW,
                    PageWriter.LEFT + LABEL_WIDTH,
                    standingText(transition));
        }
        if (!note.isEmpty()) { // under a standing, what it counts, in small print; alone, why there is none
            pages.paragraph(
                    regular,
                    standing ? 7 : SubjectTable.SIZE,
                    standing ? 9 : SubjectTable.ROW,
                    standing ? PageWriter.LEFT + LABEL_WIDTH : PageWriter.LEFT,
                    note);
        }
    }

    /** "short by 4.5 credits: 62.5 earned of 67 required. Rule: …" */
    private static String standingText(Map<?, ?> transition) {
        String status = Figures.text(transition, "status");
        String earned = Figures.number(transition.get("credits_earned"));
        String required = Figures.number(transition.get("credits_required"));
        StringBuilder text = new StringBuilder();
        text.append(
                status.equals("short")
                        ? "short by " + Figures.number(transition.get("credits_short")) + " credits"
                        : status);
        text.append(": ")
                .append(earned)
                .append(" credits earned of ")
                .append(required)
                .append(" required.");
        String rule = Figures.text(transition, "rule");
        if (!rule.isEmpty()) {
            text.append(" Rule: ").append(rule).append('.');
        }
        if (Boolean.FALSE.equals(transition.get("confirmed"))) {
            text.append(" (A number of this rule is not confirmed.)");
        }
        return text.toString();
    }
}
