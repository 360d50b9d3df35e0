package in.results.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * A PDF as a reader sees it: the text PDFBox extracts from each page (what a person can select and copy) and the
 * fonts each page uses.
 *
 * @param texts the extracted text of each page, in order
 * @param fonts the fonts of each page, in order
 */
public record PdfPages(List<String> texts, List<List<PDFont>> fonts) {
    public static PdfPages of(byte[] pdf) {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            List<String> texts = new ArrayList<>();
            List<List<PDFont>> fonts = new ArrayList<>();
            PDFTextStripper stripper = new PDFTextStripper();
            for (int i = 1; i <= document.getNumberOfPages(); i++) {
                stripper.setStartPage(i);
                stripper.setEndPage(i);
                texts.add(stripper.getText(document));
                PDPage page = document.getPage(i - 1);
                List<PDFont> pageFonts = new ArrayList<>();
                for (COSName name : page.getResources().getFontNames()) {
                    pageFonts.add(page.getResources().getFont(name));
                }
                fonts.add(pageFonts);
            }
            return new PdfPages(texts, fonts);
        } catch (IOException e) {
            throw new UncheckedIOException("not a PDF PDFBox can read", e);
        }
    }

    public int count() {
        return texts.size();
    }

    /** Every page's text as one, pages in order. */
    public String text() {
        return String.join("\n", texts);
    }
}
