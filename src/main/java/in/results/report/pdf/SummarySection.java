package in.results.report.pdf;

import in.results.catalog.Course;
import java.util.List;
import java.util.Map;

/**
 * The head of a transcript, from the report body: the student's details and programme, the overall figures (CGPA,
 * percentage, credits towards the degree, open backlogs) and the open backlogs with their latest attempt, each a
 * label and its value.
 */
final class SummarySection {
    private static final float LABEL_WIDTH = 78;

    private final PageWriter pages;
    private final Typeface regular;
    private final Typeface bold;

    SummarySection(PageWriter pages, Typeface regular, Typeface bold) {
        this.pages = pages;
        this.regular = regular;
        this.bold = bold;
    }

    void writeDetails(Course course, Map<String, ?> report) {
        Map<?, ?> details = Figures.map(report, "details");
        pages.gap(4);
        String programme = course.regulation().code() + " " + course.degree().displayName()
                + (Boolean.TRUE.equals(report.get("lateral_entry")) ? ", lateral entry" : "");
        row("Name", Figures.text(details, "NAME"));
        row("Hall ticket", Figures.text(details, "HTNO"));
        row("Father's name", Figures.text(details, "FATHER NAME"));
        row("College code", Figures.text(details, "COLLEGE CODE"));
        row("Programme", programme);
    }

    void writeOverall(Map<?, ?> overall) {
        TranscriptPdf.heading(pages, bold, "Overall");
        String cgpa = Figures.twoDecimals(overall.get("cgpa"));
        String cgpaNote = Figures.text(overall, "cgpa_note");
        row("CGPA", cgpaNote.isEmpty() ? cgpa : cgpa + " (" + cgpaNote + ")");
        Object percentage = overall.get("percentage");
        row(
                "Percentage",
                percentage == null ? "not given" : Figures.twoDecimals(percentage) + " % (see the note at the end)");
        Object required = overall.get("credits_required");
        row(
                "Credits earned",
                Figures.number(overall.get("credits_earned"))
                        + (required == null
                                ? " (needed for the degree: not known)"
                                : " of " + Figures.number(required) + " needed for the degree"));
        row("Open backlogs", Figures.number(overall.get("open_backlogs")));
    }

    /** The open backlogs, each with its latest attempt; nothing when there are none. */
    void writeBacklogs(Map<?, ?> overall) {
        List<Map<?, ?>> backlogs = Figures.maps(overall, "backlogs");
        if (backlogs.isEmpty()) {
            return;
        }
        TranscriptPdf.heading(pages, bold, "Open backlogs");
        for (Map<?, ?> backlog : backlogs) {
            Map<?, ?> last = Figures.map(backlog, "last_attempt");
            String exam = Figures.text(last, "exam_name").isEmpty()
                    ? "exam " + Figures.text(last, "exam_code")
                    : Figures.text(last, "exam_name");
            String date = Figures.text(last, "release_date");
            row(
                    Figures.text(backlog, "subject_code"),
                    Figures.text(backlog, "subject_name") + ": grade " + Figures.text(backlog, "grade_earned")
                            + ", semester " + Figures.text(backlog, "semester") + "; last attempt " + exam
                            + (date.isEmpty() ? "" : " (" + date + ")"));
        }
    }

    private void row(String label, String value) {
        pages.labelled(bold, label, regular, SubjectTable.SIZE + 0.5f, 11, PageWriter.LEFT + LABEL_WIDTH, value);
    }
}
