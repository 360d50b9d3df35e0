package in.results.report.pdf;

import in.results.grading.GradeScale;
import java.util.List;

/**
 * A table of subjects — code, name, grade, credits — under a heading that carries its figures on the right (a
 * semester and its SGPA). The heading, the column names and the first rows stay on one page; a long name wraps. A
 * subject not passed has its grade in bold.
 */
final class SubjectTable {
    static final float SIZE = 8;
    static final float ROW = 10.2f;
    static final float HEADING_SIZE = 9.5f;
    static final float HEADING = 15;
    private static final float HEADING_MORE = 11.5f;
    private static final float COLUMNS = 9;
    private static final float NAME_X = PageWriter.LEFT + 56;
    private static final float GRADE_X = PageWriter.RIGHT - 78;
    private static final float NAME_WIDTH = GRADE_X - NAME_X - 8;

    /** One subject as the page printed it. */
    record Row(String code, String name, String grade, String credits) {}

    private final PageWriter pages;
    private final Typeface regular;
    private final Typeface bold;

    SubjectTable(PageWriter pages, Typeface regular, Typeface bold) {
        this.pages = pages;
        this.regular = regular;
        this.bold = bold;
    }

    void write(String heading, String figures, List<String> notes, List<Row> rows) {
        String printedFigures = regular.printable(figures);
        // A long heading (a minor degree's exam title) wraps short of the figures beside its first line.
        List<String> headingLines = bold.lines(
                bold.printable(heading),
                HEADING_SIZE,
                PageWriter.RIGHT - PageWriter.LEFT - regular.width(printedFigures, SIZE) - 12);
        pages.gap(5);
        pages.keepTogether(HEADING + (headingLines.size() - 1) * HEADING_MORE + COLUMNS + 3 * ROW);
        float baseline = pages.nextLine(HEADING);
        pages.text(bold, HEADING_SIZE, PageWriter.LEFT, baseline, headingLines.getFirst());
        for (String more : headingLines.subList(1, headingLines.size())) {
            pages.text(bold, HEADING_SIZE, PageWriter.LEFT, pages.nextLine(HEADING_MORE), more);
        }
        // Drawn after the whole heading, so that copied text reads the heading, then its figures.
        pages.textRight(regular, SIZE, PageWriter.RIGHT, baseline, printedFigures);
        for (String note : notes) {
            pages.paragraph(regular, 7, 9, PageWriter.LEFT, note);
        }
        float columns = pages.nextLine(COLUMNS);
        pages.text(bold, 7, PageWriter.LEFT, columns, "Code");
        pages.text(bold, 7, NAME_X, columns, "Subject");
        pages.text(bold, 7, GRADE_X, columns, "Grade");
        pages.textRight(bold, 7, PageWriter.RIGHT, columns, "Credits");
        pages.rule(columns, 2.5f);
        for (Row row : rows) {
            write(row);
        }
    }

    private void write(Row row) {
        List<String> name = regular.lines(regular.printable(row.name()), SIZE, NAME_WIDTH);
        float baseline = pages.nextLine(ROW);
        pages.text(regular, SIZE, PageWriter.LEFT, baseline, regular.printable(row.code()));
        pages.text(regular, SIZE, NAME_X, baseline, name.getFirst());
        Typeface grade = GradeScale.isFail(row.grade()) ? bold : regular;
        pages.text(grade, SIZE, GRADE_X, baseline, grade.printable(row.grade()));
        pages.textRight(regular, SIZE, PageWriter.RIGHT, baseline, regular.printable(row.credits()));
        for (String more : name.subList(1, name.size())) {
            pages.text(regular, SIZE, NAME_X, pages.nextLine(ROW - 1), more);
        }
    }
}
