package in.results.report.pdf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;

/**
 * Writes a document's lines top to bottom on A4 pages, starting a page when the next line does not fit (never
 * dropping one); {@link #finish} then stamps the head and foot on every page, once their number is known. Sizes are
 * in points. One per document, not thread-safe.
 */
final class PageWriter {
    static final float LEFT = 36;
    static final float RIGHT = PDRectangle.A4.getWidth() - 36;
    private static final float PAGE_TOP = PDRectangle.A4.getHeight() - 28;
    /** Room for the stamp's three lines and its rule. */
    private static final float BODY_TOP = PAGE_TOP - 42;

    private static final float BODY_BOTTOM = 44;
    private static final float FOOT_BASELINE = 26;
    private static final float GREY = 0.35f;

    private final PDDocument document;
    private PDPageContentStream content;
    private float y;

    PageWriter(PDDocument document) {
        this.document = document;
    }

    /** What every page carries: the bold mark, the lines under it, and the foot (left; the page number is right). */
    record Stamp(String mark, List<String> lines, String foot) {}

    /** Starts a page unless {@code height} more points fit on this one: a heading stays with its first rows. */
    void keepTogether(float height) {
        if (content == null || y - height < BODY_BOTTOM) {
            newPage();
        }
    }

    /** The baseline of a line {@code height} points below the last one, on a new page when it does not fit. */
    float nextLine(float height) {
        keepTogether(height);
        y -= height;
        return y;
    }

    /** Leaves {@code height} points blank (nothing, at the top of a page). */
    void gap(float height) {
        if (content != null && y < BODY_TOP) {
            y -= height;
        }
    }

    void text(Typeface face, float size, float x, float baseline, String printable) {
        try {
            content.beginText();
            content.setFont(face.font(), size);
            content.newLineAtOffset(x, baseline);
            content.showText(printable);
            content.endText();
        } catch (IOException e) {
            throw new UncheckedIOException("a page is written to memory", e);
        }
    }

    void textRight(Typeface face, float size, float right, float baseline, String printable) {
        text(face, size, right - face.width(printable, size), baseline, printable);
    }

    /**
     * {@code text} in {@code face} at {@code size}, from {@code x} to the right margin, wrapped over as many lines
     * {@code leading} points apart as it needs.
     */
    void paragraph(Typeface face, float size, float leading, float x, String text) {
        labelled(face, "", face, size, leading, x, text);
    }

    /** A paragraph at {@code x} with {@code label}, in {@code labelFace}, at the left margin of its first line. */
    void labelled(Typeface labelFace, String label, Typeface face, float size, float leading, float x, String text) {
        List<String> lines = face.lines(face.printable(text), size, RIGHT - x);
        float baseline = nextLine(leading);
        if (!label.isEmpty()) {
            text(labelFace, size, LEFT, baseline, labelFace.printable(label));
        }
        text(face, size, x, baseline, lines.getFirst());
        for (String line : lines.subList(1, lines.size())) {
            text(face, size, x, nextLine(leading), line);
        }
    }

    /** A thin grey line across the page, {@code below} points under {@code baseline}. */
    void rule(float baseline, float below) {
        try {
            content.setStrokingColor(GREY, GREY, GREY);
            content.setLineWidth(0.4f);
            content.moveTo(LEFT, baseline - below);
            content.lineTo(RIGHT, baseline - below);
            content.stroke();
        } catch (IOException e) {
            throw new UncheckedIOException("a page is written to memory", e);
        }
    }

    private void newPage() {
        closeContent();
        PDPage page = new PDPage(PDRectangle.A4);
        document.addPage(page);
        try {
            content = new PDPageContentStream(document, page);
        } catch (IOException e) {
            throw new UncheckedIOException("a page is written to memory", e);
        }
        y = BODY_TOP;
    }

    private void closeContent() {
        if (content != null) {
            try {
                content.close();
            } catch (IOException e) {
                throw new UncheckedIOException("a page is written to memory", e);
            }
            content = null;
        }
    }

    /** Stamps every page with {@code stamp} and "Page i of n", and returns the document's bytes. */
    byte[] finish(Stamp stamp, Typeface bold, Typeface regular) {
        closeContent();
        int pages = document.getNumberOfPages();
        try {
            for (int i = 0; i < pages; i++) {
                try (PDPageContentStream page = new PDPageContentStream(
                        document, document.getPage(i), PDPageContentStream.AppendMode.APPEND, true, true)) {
                    content = page;
                    stampPage(stamp, bold, regular, "Page " + (i + 1) + " of " + pages);
                }
            }
            content = null;
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("a document is written to memory", e);
        }
    }

    private void stampPage(Stamp stamp, Typeface bold, Typeface regular, String pageNumber) throws IOException {
        content.setNonStrokingColor(0.62f, 0.05f, 0.05f);
        text(bold, 9.5f, LEFT, PAGE_TOP, bold.printable(stamp.mark()));
        content.setNonStrokingColor(GREY, GREY, GREY);
        float baseline = PAGE_TOP;
        for (String line : stamp.lines()) {
            baseline -= 10;
            text(regular, 7.5f, LEFT, baseline, regular.printable(line));
        }
        rule(baseline, 5);
        text(regular, 7f, LEFT, FOOT_BASELINE, regular.printable(stamp.foot()));
        textRight(regular, 7f, RIGHT, FOOT_BASELINE, pageNumber);
    }
}
