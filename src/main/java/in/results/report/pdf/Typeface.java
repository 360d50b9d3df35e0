package in.results.report.pdf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

/**
 * One embedded font of a document and the text it can draw. Names and titles come from the university's pages in
 * any script: a character the font has no glyph for is drawn as {@value #MISSING}, and any space or control
 * character as a space, so no text can stop a page from being drawn.
 */
final class Typeface {
    static final String MISSING = "?";

    private final PDType0Font font;

    Typeface(PDType0Font font) {
        this.font = font;
    }

    PDType0Font font() {
        return font;
    }

    /** {@code text} with what the font cannot draw replaced, on one line. */
    String printable(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(codePoint -> {
            if (Character.isWhitespace(codePoint) || Character.isISOControl(codePoint)) {
                out.append(' ');
            } else if (hasGlyph(codePoint)) {
                out.appendCodePoint(codePoint);
            } else {
                out.append(MISSING);
            }
        });
        return out.toString();
    }

    private boolean hasGlyph(int codePoint) {
        try {
            font.encode(Character.toString(codePoint));
            return true;
        } catch (IllegalArgumentException | IOException noGlyph) { // how PDFBox says the font lacks it
            return false;
        }
    }

    /** The width of printable text at {@code size} points. */
    float width(String printable, float size) {
        try {
            return font.getStringWidth(printable) / 1000 * size;
        } catch (IOException e) {
            throw new UncheckedIOException("the font's widths are read from memory", e);
        }
    }

    /**
     * Printable text broken at spaces into lines no wider than {@code width} (a word wider than a line alone is
     * broken where it must); at least one line.
     */
    List<String> lines(String printable, float size, float width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : printable.strip().split(" +")) {
            String candidate = line.isEmpty() ? word : line + " " + word;
            if (width(candidate, size) <= width) {
                line.setLength(0);
                line.append(candidate);
                continue;
            }
            if (!line.isEmpty()) {
                lines.add(line.toString());
                line.setLength(0);
            }
            String rest = word;
            while (width(rest, size) > width && rest.codePointCount(0, rest.length()) > 1) {
                int end = rest.offsetByCodePoints(0, 1); // at least one character a line
                while (end < rest.length()
                        && width(rest.substring(0, rest.offsetByCodePoints(end, 1)), size) <= width) {
                    end = rest.offsetByCodePoints(end, 1);
                }
                lines.add(rest.substring(0, end));
                rest = rest.substring(end);
            }
            line.append(rest);
        }
        lines.add(line.toString());
        return lines;
    }
}
