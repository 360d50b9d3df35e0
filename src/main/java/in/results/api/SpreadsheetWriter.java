package in.results.api;

import io.javalin.http.Context;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.dhatim.fastexcel.Workbook;
import org.dhatim.fastexcel.Worksheet;

/**
 * Writes spreadsheet answers: CSV (RFC 4180, UTF-8, CRLF) of one table, or an XLSX workbook of several sheets. Both
 * are attachments named by the caller; numbers are written as numbers, with the JSON answer's values.
 */
final class SpreadsheetWriter {
    private static final String APPLICATION = "Results Service";

    private SpreadsheetWriter() {}

    /**
     * 200 with the answer in {@code format}: the CSV of {@code rows}, or the XLSX of {@code sheets} (the first holding
     * {@code rows}), as the attachment {@code <name>.<extension>}.
     */
    static void write(Context ctx, AnswerFormat format, String name, List<Table.Sheet> sheets) {
        byte[] body =
                format == AnswerFormat.CSV ? csv(sheets.getFirst().tables().getFirst()) : xlsx(sheets);
        ctx.header("Content-Disposition", "attachment; filename=\"" + name + "." + format.extension() + "\"");
        ctx.status(200).contentType(format.contentType()).result(body);
    }

    /** The table's headings and rows as CSV. */
    static byte[] csv(Table table) {
        StringBuilder text = new StringBuilder();
        appendLine(text, List.copyOf(table.headings()));
        table.rows().forEach(row -> appendLine(text, row));
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void appendLine(StringBuilder text, List<Object> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                text.append(',');
            }
            text.append(csvCell(cells.get(i)));
        }
        text.append("\r\n");
    }

    private static String csvCell(Object cell) {
        if (cell == null) {
            return "";
        }
        if (cell instanceof BigDecimal number) {
            return number.toPlainString();
        }
        if (cell instanceof Number number) {
            return number.toString();
        }
        String value = cell.toString();
        // Text the university printed could start like a formula: a spreadsheet must show it, not run it. A lone
        // "-" (a withheld grade) is text already.
        if (value.length() > 1 && "=+-@".indexOf(value.charAt(0)) >= 0) {
            value = "'" + value;
        }
        if (value.contains(",") || value.contains("\"") || value.contains("\n") || value.contains("\r")) {
            return "\"" + value.replace("\"", "\"\"") + "\"";
        }
        return value;
    }

    /** Each sheet with its tables one below the other: a bold title, bold headings, the rows, an empty row. */
    static byte[] xlsx(List<Table.Sheet> sheets) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Workbook workbook = new Workbook(out, APPLICATION, "1.0")) {
            for (Table.Sheet sheet : sheets) {
                Worksheet worksheet = workbook.newWorksheet(sheet.name());
                int row = 0;
                for (Table table : sheet.tables()) {
                    row = writeTable(worksheet, row, table, sheet.tables().size() > 1) + 1;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return out.toByteArray();
    }

    /** Writes {@code table} from {@code row} on (with its title when {@code titled}); the row after it. */
    private static int writeTable(Worksheet sheet, int row, Table table, boolean titled) {
        if (titled) {
            sheet.value(row, 0, table.title());
            sheet.style(row, 0).bold().set();
            row++;
        }
        for (int column = 0; column < table.headings().size(); column++) {
            sheet.value(row, column, table.headings().get(column));
            sheet.style(row, column).bold().set();
        }
        row++;
        for (List<Object> cells : table.rows()) {
            for (int column = 0; column < cells.size(); column++) {
                switch (cells.get(column)) {
                    case null -> {}
                    case Number number -> sheet.value(row, column, number);
                    case Object text -> sheet.value(row, column, text.toString());
                }
            }
            row++;
        }
        return row;
    }
}
