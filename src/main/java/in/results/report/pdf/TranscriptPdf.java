package in.results.report.pdf;

import in.results.catalog.Course;
import in.results.lookup.Transcript;
import in.results.scrape.SubjectResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

/**
 * A student's transcript as a PDF: details, overall figures, promotion standing, open backlogs, then every semester's
 * final rows with its SGPA, and a minor degree's pages apart; every page marked unofficial, with the university's site
 * and when the answer was built. Built from the merged transcript (the rows) and the body of {@code GET /report} (every
 * figure), so the PDF never says other than the JSON. A full eight-semester record fits on two A4 pages; a longer one
 * goes on to more pages, never cut. The same inputs give the same bytes. Thread-safe: each call builds its own
 * document.
 */
public final class TranscriptPdf {
    public static final String CONTENT_TYPE = "application/pdf";
    /** The university's time, in which its students read times. */
    private static final ZoneOffset INDIA = ZoneOffset.ofHoursMinutes(5, 30);

    private static final DateTimeFormatter BUILT = DateTimeFormatter.ofPattern(
                    "d MMM uuuu, HH:mm 'IST'", Locale.ENGLISH)
            .withZone(INDIA);

    private final byte[] regularFont;
    private final byte[] boldFont;

    /** Reads the bundled fonts once; each document embeds the subset it uses. */
    public TranscriptPdf() {
        this.regularFont = resource("/fonts/DejaVuSansCondensed.ttf");
        this.boldFont = resource("/fonts/DejaVuSansCondensed-Bold.ttf");
    }

    /** How the PDF writes when an answer was built: {@code 26 Nov 2026, 19:35 IST}, to the minute. */
    private static String builtText(Instant builtAt) {
        return BUILT.format(builtAt);
    }

    /**
     * The PDF of a student of {@code course}: rows from {@code transcript}, figures from {@code report} (the body
     * {@code GET /report} writes as JSON for the same transcript).
     */
    public byte[] render(Course course, Transcript transcript, Map<String, ?> report, Provenance provenance) {
        Instant built = provenance.builtAt().truncatedTo(ChronoUnit.MINUTES);
        try (PDDocument document = new PDDocument()) {
            Typeface regular = new Typeface(font(document, regularFont));
            Typeface bold = new Typeface(font(document, boldFont));
            describe(document, transcript, built);
            PageWriter pages = new PageWriter(document);
            pages.text(bold, 14, PageWriter.LEFT, pages.nextLine(16), "Statement of results");
            SummarySection summary = new SummarySection(pages, regular, bold);
            summary.writeDetails(course, report);
            summary.writeOverall(Figures.map(report, "overall"));
            new PromotionSection(pages, regular, bold).write(report);
            summary.writeBacklogs(Figures.map(report, "overall"));
            SubjectTable table = new SubjectTable(pages, regular, bold);
            writeSemesters(table, transcript, report);
            writeMinorDegree(pages, regular, table, report);
            writeNotes(pages, regular, Figures.map(report, "overall"));
            return pages.finish(stamp(provenance, built, transcript.details().hallTicket()), bold, regular);
        } catch (IOException e) {
            throw new UncheckedIOException("a document is written to memory", e);
        }
    }

    private static PageWriter.Stamp stamp(Provenance provenance, Instant built, String hallTicket) {
        List<String> lines = new ArrayList<>();
        lines.add("Read from the university's site " + provenance.site() + "; this answer was built on "
                + builtText(built) + ".");
        if (provenance.savedCopy()) {
            lines.add("Saved copy: the university did not answer just now, so these are the results as read then;"
                    + " newer results may exist.");
        }
        return new PageWriter.Stamp(
                "UNOFFICIAL: not a memorandum of the university. Check results on the university's own site.",
                lines,
                "Statement of results of " + hallTicket + ", unofficial");
    }

    private static void describe(PDDocument document, Transcript transcript, Instant built) {
        PDDocumentInformation info = document.getDocumentInformation();
        info.setTitle("Statement of results of " + transcript.details().hallTicket() + " (unofficial)");
        info.setCreator("Results Service");
        Calendar created = new GregorianCalendar(TimeZone.getTimeZone(INDIA), Locale.ENGLISH);
        created.setTimeInMillis(built.toEpochMilli());
        info.setCreationDate(created);
        // PDFBox derives the file's identifier from this number (else from the current time): the same answer, the
        // same bytes, the same entity tag.
        document.setDocumentId(built.getEpochSecond());
    }

    private static void writeSemesters(SubjectTable table, Transcript transcript, Map<String, ?> report) {
        List<Map<?, ?>> figures = Figures.maps(report, "semesters");
        for (Transcript.SemesterRecord record : transcript.semesters()) {
            String key = record.semester().key();
            Map<?, ?> semester = figures.stream()
                    .filter(candidate -> key.equals(candidate.get("semester")))
                    .findFirst()
                    .orElse(Map.of());
            String note = Figures.text(semester, "sgpa_note");
            table.write(
                    "Semester " + key,
                    "SGPA " + Figures.twoDecimals(semester.get("sgpa")) + "  ·  credits earned "
                            + Figures.number(semester.get("credits_earned")),
                    note.isEmpty() ? List.of() : List.of("SGPA not computed: " + note),
                    record.finalRows().stream().map(TranscriptPdf::row).toList());
        }
    }

    private static SubjectTable.Row row(SubjectResult row) {
        return new SubjectTable.Row(row.code(), row.name(), row.grade(), row.credits());
    }

    /** The minor degree's pages, as the body lists them: apart from the semesters, the SGPA and the CGPA. */
    private static void writeMinorDegree(
            PageWriter pages, Typeface regular, SubjectTable table, Map<String, ?> report) {
        if (report.containsKey("special_programmes") && report.get("special_programmes") == null) {
            pages.gap(5);
            pages.paragraph(regular, 7.5f, 9.5f, PageWriter.LEFT, Figures.text(report, "special_programmes_note"));
            return;
        }
        for (Map<?, ?> page : Figures.maps(report, "special_programmes")) {
            Map<?, ?> release = Figures.map(page, "release");
            String title = Figures.text(release, "exam_name");
            table.write(
                    "Minor degree: " + (title.isEmpty() ? "exam " + Figures.text(release, "exam_code") : title),
                    "SGPA " + Figures.twoDecimals(page.get("sgpa")),
                    List.of("Not counted in the semesters, the SGPA or the CGPA above."),
                    Figures.maps(page, "subjects").stream()
                            .map(subject -> new SubjectTable.Row(
                                    Figures.text(subject, "subject_code"),
                                    Figures.text(subject, "subject_name"),
                                    Figures.text(subject, "grade_earned"),
                                    Figures.text(subject, "subject_credits")))
                            .toList());
        }
    }

    private static void writeNotes(PageWriter pages, Typeface regular, Map<?, ?> overall) {
        pages.gap(8);
        String rule = Figures.text(overall, "percentage_rule");
        if (overall.get("percentage") != null && !rule.isEmpty()) {
            pages.paragraph(regular, 7, 9, PageWriter.LEFT, "Percentage: " + rule + ".");
        }
        pages.paragraph(
                regular,
                7,
                9,
                PageWriter.LEFT,
                "Final rows: per subject, the best attempt so far. SGPA and CGPA use the grade points each result page"
                        + " prints, else the programme's known scale; the CGPA counts passed subjects only.");
    }

    /** A section's heading, kept with the two lines after it. */
    static void heading(PageWriter pages, Typeface bold, String text) {
        pages.gap(5);
        pages.keepTogether(SubjectTable.HEADING + 2 * SubjectTable.ROW);
        pages.text(bold, SubjectTable.HEADING_SIZE, PageWriter.LEFT, pages.nextLine(SubjectTable.HEADING), text);
    }

    private static PDType0Font font(PDDocument document, byte[] file) throws IOException {
        return PDType0Font.load(document, new RandomAccessReadBuffer(file), true, false); // a subset, horizontal
    }

    private static byte[] resource(String path) {
        try (InputStream in = TranscriptPdf.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException(path + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(path + " could not be read from the jar", e);
        }
    }
}
