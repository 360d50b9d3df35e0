package in.results.scrape;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The grade legend a result page prints under its marks: a table whose header row has a {@code Grade Points} cell,
 * then one row per letter grade (percentage band, letter with its description, grade points). The table is found by
 * that header text; its rows by their content (a letter-grade cell, then a whole-number cell), never by position.
 */
final class GradeLegend {
    static final String POINTS_HEADER = "GRADE POINT";
    /** {@code O (Outstanding)}, {@code A+ (Excellent)}, {@code Ab}: one or two letters, a plus, a description. */
    private static final Pattern LETTER = Pattern.compile("(?i)[a-z]{1,2}\\+?\\s*(?:\\(.*\\))?");

    private static final Pattern POINTS = Pattern.compile("\\d{1,2}");

    private GradeLegend() {}

    /**
     * Letter (upper case) → grade points in page order; empty when the page has no legend table.
     *
     * @throws PageLayoutException naming the row when the table is there but cannot be read: a letter without whole
     *     grade points, a letter listed twice with different points, or no letter at all
     */
    static Map<String, Integer> of(Document doc, Element marksTable) {
        for (Element table : doc.select(MarksTable.TABLE)) {
            if (table == marksTable) {
                continue;
            }
            List<Element> rows = MarksTable.rowsOf(table);
            for (int i = 0; i < rows.size(); i++) {
                if (isHeader(MarksTable.cellTexts(rows.get(i)))) {
                    return lettersOf(rows.subList(i + 1, rows.size()));
                }
            }
        }
        return Map.of();
    }

    private static boolean isHeader(List<String> cells) {
        return cells.stream().anyMatch(cell -> cell.toUpperCase(Locale.ROOT).contains(POINTS_HEADER));
    }

    private static Map<String, Integer> lettersOf(List<Element> rows) {
        Map<String, Integer> legend = new LinkedHashMap<>();
        for (Element row : rows) {
            List<String> cells = MarksTable.cellTexts(row);
            int letterAt = firstLetterCell(cells);
            if (letterAt < 0) {
                continue; // a note or spacer row, not a grade
            }
            String letter = Whitespace.collapse(cells.get(letterAt).replaceFirst("\\(.*", ""))
                    .toUpperCase(Locale.ROOT);
            Integer points = pointsAfter(cells, letterAt);
            if (points == null) {
                throw new PageLayoutException("the grade legend row " + cells + " has no whole grade points");
            }
            Integer before = legend.putIfAbsent(letter, points);
            if (before != null && !before.equals(points)) {
                throw new PageLayoutException(
                        "the grade legend lists " + letter + " twice, with " + before + " and " + points + " points");
            }
        }
        if (legend.isEmpty()) {
            throw new PageLayoutException("the grade legend table has no letter-grade rows");
        }
        return Collections.unmodifiableMap(legend);
    }

    private static int firstLetterCell(List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (LETTER.matcher(cells.get(i)).matches()) {
                return i;
            }
        }
        return -1;
    }

    /** The last whole number after the letter: the points column is the table's last. */
    private static Integer pointsAfter(List<String> cells, int letterAt) {
        Integer points = null;
        for (int i = letterAt + 1; i < cells.size(); i++) {
            if (POINTS.matcher(cells.get(i)).matches()) {
                points = Integer.valueOf(cells.get(i));
            }
        }
        return points;
    }
}
