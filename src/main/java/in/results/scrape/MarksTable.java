package in.results.scrape;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The marks table of a result page: the first table whose first row holds a {@code SUBJECT CODE} cell. Columns are
 * found by header text, never by position, so both real layouts (7 columns with marks, 4 without) read alike.
 */
final class MarksTable {
    static final String CODE_HEADER = "SUBJECT CODE";
    static final String NAME_HEADER = "SUBJECT NAME";
    static final String INTERNAL_HEADER = "INTERNAL";
    static final String EXTERNAL_HEADER = "EXTERNAL";
    static final String TOTAL_HEADER = "TOTAL";
    static final String GRADE_HEADER = "GRADE";
    static final String CREDITS_HEADER = "CREDITS";
    static final String CREDITS_C_HEADER = "CREDITS(C)";
    static final String TABLE = "table";
    private static final String ROW = "tr";
    static final String CELLS = "td, th";

    private MarksTable() {}

    /** The subject rows of the page's marks table, in page order. */
    static List<SubjectResult> subjectsOf(Document doc) {
        Element table = find(doc);
        if (table == null) {
            throw new PageLayoutException("no marks table with a " + CODE_HEADER + " header");
        }
        List<Element> rows = rowsOf(table);
        Columns columns = Columns.of(cellsOf(rows.get(0)));
        List<SubjectResult> subjects = new ArrayList<>();
        for (int i = 1; i < rows.size(); i++) {
            List<String> cells = cellTexts(rows.get(i));
            if (cells.stream().allMatch(String::isEmpty)) {
                continue; // spacer rows carry nothing
            }
            subjects.add(columns.subjectOf(cells, i));
        }
        if (subjects.isEmpty()) {
            throw new PageLayoutException("the marks table has a " + CODE_HEADER + " header but no subject rows");
        }
        return subjects;
    }

    /** The first table whose first row has a {@code SUBJECT CODE} cell, or null. */
    static Element find(Document doc) {
        for (Element table : doc.select(TABLE)) {
            List<Element> rows = rowsOf(table);
            if (!rows.isEmpty() && headerKeys(cellsOf(rows.get(0))).contains(headerKey(CODE_HEADER))) {
                return table;
            }
        }
        return null;
    }

    /**
     * The rows of {@code table} itself, not of tables nested in it. The header {@code <tr>} is
     * never closed on the real page; jsoup's tree builder closes it at the next {@code <tr>}, as
     * HTML requires, and taking only each row's own child cells keeps that true even if a row
     * were nested inside another.
     */
    static List<Element> rowsOf(Element table) {
        List<Element> rows = new ArrayList<>();
        for (Element row : table.select(ROW)) {
            if (row.closest(TABLE) == table) {
                rows.add(row);
            }
        }
        return rows;
    }

    private static List<Element> cellsOf(Element row) {
        return row.children().stream().filter(c -> c.is(CELLS)).toList();
    }

    static List<String> cellTexts(Element row) {
        return cellsOf(row).stream().map(c -> Whitespace.collapse(c.text())).toList();
    }

    private static List<String> headerKeys(List<Element> cells) {
        return cells.stream().map(c -> headerKey(c.text())).toList();
    }

    /** Upper case without any whitespace, so {@code CREDITS (C)} matches {@code CREDITS(C)}. */
    private static String headerKey(String text) {
        return Whitespace.collapse(text).replace(" ", "").toUpperCase(Locale.ROOT);
    }

    /** Positions of the known columns in the marks table, found by header text. */
    private record Columns(int code, int name, int internal, int external, int total, int grade, int credits) {
        private static final int ABSENT = -1;

        static Columns of(List<Element> headerCells) {
            Map<String, Integer> index = new HashMap<>();
            List<String> keys = headerKeys(headerCells);
            for (int i = 0; i < keys.size(); i++) {
                index.putIfAbsent(keys.get(i), i); // a repeated header: the first one counts
            }
            int internal = index.getOrDefault(headerKey(INTERNAL_HEADER), ABSENT);
            int external = index.getOrDefault(headerKey(EXTERNAL_HEADER), ABSENT);
            int total = index.getOrDefault(headerKey(TOTAL_HEADER), ABSENT);
            boolean anyMarks = internal != ABSENT || external != ABSENT || total != ABSENT;
            boolean allMarks = internal != ABSENT && external != ABSENT && total != ABSENT;
            if (anyMarks && !allMarks) {
                // Both real layouts have all three or none; a partial set means the layout changed.
                throw new PageLayoutException("the marks table has only some of the " + INTERNAL_HEADER + " / "
                        + EXTERNAL_HEADER + " / " + TOTAL_HEADER + " columns: " + keys);
            }
            Integer credits = index.get(headerKey(CREDITS_C_HEADER));
            if (credits == null) {
                credits = index.get(headerKey(CREDITS_HEADER));
            }
            return new Columns(
                    required(index, CODE_HEADER),
                    required(index, NAME_HEADER),
                    internal,
                    external,
                    total,
                    required(index, GRADE_HEADER),
                    credits == null ? missing(CREDITS_C_HEADER + " or " + CREDITS_HEADER) : credits);
        }

        private static int required(Map<String, Integer> index, String header) {
            Integer i = index.get(headerKey(header));
            return i == null ? missing(header) : i;
        }

        private static int missing(String header) {
            throw new PageLayoutException("no " + header + " column in the marks table");
        }

        SubjectResult subjectOf(List<String> cells, int rowNumber) {
            int needed = 1 + max(code, name, internal, external, total, grade, credits);
            if (cells.size() < needed) {
                throw new PageLayoutException("subject row " + rowNumber + " of the marks table has " + cells.size()
                        + " cells, the header needs " + needed);
            }
            String subjectCode = cells.get(code);
            if (subjectCode.isEmpty()) {
                throw new PageLayoutException("subject row " + rowNumber + " of the marks table has no " + CODE_HEADER);
            }
            return new SubjectResult(
                    subjectCode,
                    cells.get(name),
                    cellOrEmpty(cells, internal),
                    cellOrEmpty(cells, external),
                    cellOrEmpty(cells, total),
                    cells.get(grade),
                    cells.get(credits));
        }

        private static String cellOrEmpty(List<String> cells, int column) {
            return column == ABSENT ? "" : cells.get(column);
        }

        private static int max(int... values) {
            int max = ABSENT;
            for (int v : values) {
                max = Math.max(max, v);
            }
            return max;
        }
    }
}
