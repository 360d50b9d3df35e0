package in.results.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A table of a spreadsheet answer: a title, column headings and rows. A cell is text, a number (written as a number,
 * the same value the JSON answer has) or {@code null} (empty).
 */
record Table(String title, List<String> headings, List<List<Object>> rows) {
    Table {
        Objects.requireNonNull(title, "title");
        headings = List.copyOf(headings);
        List<List<Object>> copy = new ArrayList<>();
        for (List<Object> row : rows) {
            if (row.size() != headings.size()) {
                throw new IllegalArgumentException(
                        "a row of " + title + " has " + row.size() + " cells for " + headings.size() + " headings");
            }
            copy.add(Collections.unmodifiableList(new ArrayList<>(row))); // cells may be null
        }
        rows = Collections.unmodifiableList(copy);
    }

    /** A sheet of a workbook: its tab's name and the tables on it, one below the other. */
    record Sheet(String name, List<Table> tables) {
        Sheet {
            Objects.requireNonNull(name, "name");
            tables = List.copyOf(tables);
        }
    }
}
