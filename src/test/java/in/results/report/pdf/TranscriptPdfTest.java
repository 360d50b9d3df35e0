package in.results.report.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.catalog.Course;
import in.results.catalog.Degree;
import in.results.catalog.ExamRelease;
import in.results.catalog.ReleaseDate;
import in.results.catalog.ReleaseKind;
import in.results.catalog.ReleaseSource;
import in.results.catalog.Semester;
import in.results.core.Regulation;
import in.results.grading.Sgpa;
import in.results.lookup.Transcript;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import in.results.testing.PdfPages;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The transcript PDF from a transcript and a report body made by hand (the shape {@code GET /report} writes), read
 * back with PDFBox's text extraction: what a reader can select is what was given, on as many pages as it needs.
 */
class TranscriptPdfTest {
    private static final Course BTECH_R22 = new Course(Degree.BTECH, Regulation.R22);
    private static final URI SITE = URI.create("http://results.jntuh.ac.in");
    /** 26 Nov 2026, 14:05:30 UTC: 19:35 in India. */
    private static final Instant BUILT = Instant.parse("2026-11-26T14:05:30Z");

    private static final Provenance FRESH = new Provenance(SITE, BUILT, false);
    private static final TranscriptPdf PDF = new TranscriptPdf();

    private static ExamRelease release(Semester semester) {
        return new ExamRelease(
                "1800",
                Degree.BTECH,
                "R22",
                semester,
                ReleaseKind.REGULAR,
                false,
                new ReleaseDate.Known(LocalDate.of(2024, 3, 20)),
                Map.of("degree", "btech", "examCode", "1800"),
                "B.Tech Regular Examinations Results",
                ReleaseSource.RELEASE_LIST);
    }

    /** A student's record: {@code semesters} semesters of {@code subjects} subjects; every 23rd subject failed. */
    private record Record(Transcript transcript, Map<String, Object> report) {}

    private static Record record(String name, int semesters, int subjects) {
        List<Transcript.SemesterRecord> records = new ArrayList<>();
        List<Map<String, Object>> figures = new ArrayList<>();
        List<Map<String, Object>> backlogs = new ArrayList<>();
        for (int s = 0; s < semesters; s++) {
            Semester semester = Semester.values()[s];
            List<SubjectResult> rows = new ArrayList<>();
            Map<String, ExamRelease> last = new LinkedHashMap<>();
            for (int i = 0; i < subjects; i++) {
                String code = "S" + s + "C" + i;
                boolean failed = (s * subjects + i) % 23 == 3;
                rows.add(new SubjectResult(
                        code,
                        "SUBJECT NUMBER " + i + " OF SEMESTER " + semester.key(),
                        "",
                        "",
                        "",
                        failed ? "F" : "A+",
                        failed ? "0" : "3"));
                last.put(code, release(semester));
                if (failed) {
                    Map<String, Object> backlog = new LinkedHashMap<>();
                    backlog.put("semester", semester.key());
                    backlog.put("subject_code", code);
                    backlog.put("subject_name", "SUBJECT NUMBER " + i + " OF SEMESTER " + semester.key());
                    backlog.put("grade_earned", "F");
                    backlog.put(
                            "last_attempt",
                            Map.of(
                                    "exam_name",
                                    "B.Tech Supplementary Examinations Results",
                                    "release_date",
                                    "14-SEP-2024",
                                    "exam_code",
                                    "1810"));
                    backlogs.add(backlog);
                }
            }
            boolean failed = rows.stream().anyMatch(row -> row.grade().equals("F"));
            records.add(new Transcript.SemesterRecord(
                    semester, rows, failed ? new Sgpa.Fail() : new Sgpa.Awarded(new BigDecimal("9.00")), last));
            Map<String, Object> figure = new LinkedHashMap<>();
            figure.put("semester", semester.key());
            figure.put("sgpa", failed ? "FAIL" : new BigDecimal("9.00"));
            figure.put("credits_earned", new BigDecimal(failed ? "18.5" : "21.0"));
            figures.add(figure);
        }
        Map<String, Object> overall = new LinkedHashMap<>();
        overall.put("cgpa", new BigDecimal("8.91"));
        overall.put("credits_earned", new BigDecimal("136.5"));
        overall.put("credits_required", 160);
        overall.put("open_backlogs", backlogs.size());
        overall.put("backlogs", backlogs);
        overall.put("percentage", new BigDecimal("84.10"));
        overall.put("percentage_rule", "(CGPA - 0.5) x 10: the commonly used conversion, not an official figure");
        Map<String, Object> report = new LinkedHashMap<>();
        report.put(
                "details", Map.of("HTNO", "22AB1A0501", "NAME", name, "FATHER NAME", "A FATHER", "COLLEGE CODE", "AB"));
        report.put("regulation", "R22");
        report.put("degree", "btech");
        report.put("lateral_entry", false);
        report.put("semesters", figures);
        report.put("overall", overall);
        report.put("special_programmes", List.of());
        return new Record(
                new Transcript(
                        new StudentDetails("22AB1A0501", name, "A FATHER", "AB"),
                        records,
                        new Sgpa.Awarded(new BigDecimal("8.91"))),
                report);
    }

    private static PdfPages render(Record record, Provenance provenance) {
        return PdfPages.of(PDF.render(BTECH_R22, record.transcript(), record.report(), provenance));
    }

    private static Map<String, Object> transition(String into, String status, String earned, String required) {
        Map<String, Object> transition = new HashMap<>();
        transition.put("into", into);
        transition.put("status", status);
        transition.put("credits_earned", new BigDecimal(earned));
        transition.put("credits_required", Integer.valueOf(required));
        transition.put("confirmed", true);
        transition.put("rule", "R22 regular, " + into);
        return transition;
    }

    @Test
    void a_full_eight_semester_record_fits_on_two_pages_with_every_row_and_figure() {
        Record record = record("A STUDENT", 8, 9); // 72 subjects, 3 of them failed

        PdfPages pdf = render(record, FRESH);

        assertThat(pdf.count()).isEqualTo(2);
        String text = pdf.text();
        assertThat(text).contains("A STUDENT", "22AB1A0501", "A FATHER", "R22 B.Tech", "8.91", "136.5 of 160");
        for (Transcript.SemesterRecord semester : record.transcript().semesters()) {
            assertThat(text).contains("Semester " + semester.semester().key());
            for (SubjectResult row : semester.finalRows()) {
                assertThat(text)
                        .containsPattern("(?m)^" + row.code() + " " + row.name() + " "
                                + row.grade().replace("+", "\\+") + " " + row.credits() + "$");
            }
        }
        assertThat(text).contains("SGPA 9.00", "SGPA not awarded", "Open backlogs 3", "84.10 %");
    }

    @Test
    void every_page_says_it_is_unofficial_where_it_was_read_and_when_the_answer_was_built() {
        PdfPages pdf = render(record("A STUDENT", 8, 12), FRESH);

        assertThat(pdf.count()).isGreaterThan(1);
        for (int i = 0; i < pdf.count(); i++) {
            assertThat(pdf.texts().get(i))
                    .as("page " + (i + 1))
                    .contains(
                            "UNOFFICIAL",
                            "http://results.jntuh.ac.in",
                            "26 Nov 2026, 19:35 IST",
                            "Page " + (i + 1) + " of " + pdf.count())
                    .doesNotContain("Saved copy");
        }
    }

    @Test
    void a_saved_copy_says_so_on_every_page() {
        PdfPages pdf = render(record("A STUDENT", 8, 12), new Provenance(SITE, BUILT, true));

        assertThat(pdf.texts()).isNotEmpty().allSatisfy(page -> assertThat(page).contains("Saved copy"));
    }

    @Test
    void a_record_longer_than_two_pages_goes_on_to_more_pages_without_losing_a_row() {
        Record record = record("A STUDENT", 8, 25);

        PdfPages pdf = render(record, FRESH);

        assertThat(pdf.count()).isGreaterThan(2);
        String text = pdf.text();
        record.transcript().semesters().stream()
                .flatMap(semester -> semester.finalRows().stream())
                .forEach(row -> assertThat(text).contains(row.code() + " " + row.name()));
    }

    @Test
    void fonts_are_embedded_subsets() {
        PdfPages pdf = render(record("A STUDENT", 2, 5), FRESH);

        assertThat(pdf.fonts())
                .allSatisfy(fonts -> assertThat(fonts).isNotEmpty().allSatisfy(font -> {
                    assertThat(font.isEmbedded()).as(font.getName()).isTrue();
                    assertThat(font.getName()).matches("[A-Z]{6}\\+DejaVuSansCondensed.*");
                }));
    }

    @Test
    void characters_the_font_lacks_print_as_question_marks_and_accents_stay() {
        PdfPages pdf = render(record("JOSÉ \u0C24\u0C46\u0C32\u0C41\u0C17\u0C41 \u540D\u0007KUMAR", 1, 3), FRESH);

        assertThat(pdf.text()).contains("JOSÉ ?????? ? KUMAR");
    }

    @Test
    void the_same_answer_gives_the_same_bytes() {
        Record record = record("A STUDENT", 4, 8);

        byte[] first = PDF.render(BTECH_R22, record.transcript(), record.report(), FRESH);
        byte[] again = PDF.render(
                BTECH_R22, record.transcript(), record.report(), new Provenance(SITE, BUILT.plusSeconds(20), false));

        assertThat(again).isEqualTo(first);
    }

    @Test
    void the_promotion_standing_is_printed_per_transition_with_its_rule() {
        Record record = record("A STUDENT", 6, 8);
        Map<String, Object> short31 = transition("3-1", "short", "38.5", "43");
        short31.put("credits_short", new BigDecimal("4.5"));
        Map<String, Object> unconfirmed = transition("4-1", "not yet due", "38.5", "86");
        unconfirmed.put("confirmed", false);
        record.report().put("promotion", List.of(transition("2-1", "met", "21", "16"), short31, unconfirmed));
        record.report().put("promotion_note", "Credits earned so far in the semesters each step counts.");

        String text = render(record, FRESH).text();

        assertThat(text)
                .contains("Promotion")
                .containsPattern("Into 2-1 met: 21 credits earned of 16 required\\. Rule: R22 regular, 2-1\\.")
                .contains("Into 3-1 short by 4.5 credits: 38.5 credits earned of 43 required.")
                .containsPattern("Into 4-1 not yet due: .*\\(A number of this rule is not confirmed\\.\\)")
                .contains("Credits earned so far in the semesters each step counts.");
        assertThat(text.split("not confirmed", -1)).hasSize(2); // only the unconfirmed transition says so
    }

    @Test
    void a_minor_degree_s_pages_are_printed_apart_and_its_note_when_they_could_not_be_read() {
        Record minor = record("A STUDENT", 8, 8);
        Map<String, Object> subject = Map.of(
                "subject_code",
                "M101",
                "subject_name",
                "MINOR SUBJECT ONE",
                "grade_earned",
                "A",
                "subject_credits",
                "4");
        minor.report()
                .put(
                        "special_programmes",
                        List.of(Map.of(
                                "programme",
                                "minor_degree",
                                "release",
                                Map.of(
                                        "exam_code",
                                        "1861",
                                        "exam_name",
                                        "B.Tech IV Year I Semester (R18)"
                                                + " Minor Degree Program Regular Examinations Results"),
                                "subjects",
                                List.of(subject),
                                "sgpa",
                                new BigDecimal("8.00"))));
        Record unread = record("A STUDENT", 2, 4);
        unread.report().put("special_programmes", null);
        unread.report().put("special_programmes_note", "The minor-degree results could not be read just now.");

        String text = render(minor, FRESH).text().replaceAll("\\s+", " ");

        assertThat(text)
                .contains("Minor degree: B.Tech IV Year I Semester (R18) Minor Degree Program Regular Examinations"
                        + " Results SGPA 8.00")
                .contains("Not counted in the semesters, the SGPA or the CGPA above.")
                .contains("M101 MINOR SUBJECT ONE A 4");
        assertThat(render(unread, FRESH).text()).contains("The minor-degree results could not be read just now.");
    }

    @Test
    void without_a_standing_the_promotion_note_is_printed_and_without_either_nothing() {
        Record noted = record("A STUDENT", 2, 4);
        noted.report().put("promotion", null);
        noted.report().put("promotion_note", "No promotion rules are known for R22 B.Pharmacy.");
        Record neither = record("A STUDENT", 2, 4);

        assertThat(render(noted, FRESH).text())
                .contains("Promotion", "No promotion rules are known for R22 B.Pharmacy.");
        assertThat(render(neither, FRESH).text()).doesNotContain("Promotion");
    }
}
