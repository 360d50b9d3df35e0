package in.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.bulk.ExamResults;
import in.results.catalog.Course;
import in.results.catalog.Degree;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.Semester;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.core.Regulation;
import in.results.grading.Sgpa;
import in.results.lookup.AttemptPage;
import in.results.lookup.ExamAnswer;
import in.results.lookup.ExamLookup;
import in.results.lookup.ListMark;
import in.results.lookup.Transcript;
import in.results.lookup.TranscriptAnswer;
import in.results.redis.CopyCodec;
import in.results.redis.SharedCopy;
import in.results.scrape.Notification;
import in.results.scrape.ReleaseListing;
import in.results.scrape.ResultPage;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every answer the service keeps comes back from its Redis text equal to what was written. */
class StoredFormatsTest {
    private static final ObjectMapper MAPPER = StoredFormats.mapper();
    private static final Instant READ_AT = Instant.parse("2026-11-24T08:00:00.250Z");
    private static final StudentDetails STUDENT = new StudentDetails("189A1A0501", "A STUDENT", "A FATHER", "9A");
    private static final List<SubjectResult> ROWS = List.of(
            new SubjectResult("CS101", "PROGRAMMING", "25", "-1", "24", "Ab", "0"),
            new SubjectResult("MA101", "MATHEMATICS", "", "", "", "A+", "4"));

    /** Every subject's latest attempt: the semester's first built-in R18 release (a full release record). */
    private static Map<String, ExamRelease> lastAttempts(Semester semester) {
        ExamRelease release = ExamCatalog.builtIn()
                .releases(new Course(Degree.BTECH, Regulation.R18), semester)
                .getFirst();
        Map<String, ExamRelease> attempts = new LinkedHashMap<>();
        ROWS.forEach(row -> attempts.put(row.code(), release));
        return attempts;
    }

    private static <V> V roundTrip(CopyCodec<V> codec, V value) {
        SharedCopy<V> copy = new SharedCopy<>(value, Instant.parse("2026-11-25T10:15:30.123Z"), Duration.ofMinutes(30));
        CopyCodec.Decoded<V> read = codec.read(codec.write(copy));
        assertThat(read).isInstanceOf(CopyCodec.Decoded.Readable.class);
        SharedCopy<V> back = ((CopyCodec.Decoded.Readable<V>) read).copy();
        assertThat(back).isEqualTo(copy);
        return back.value();
    }

    @Test
    void exam_answers_of_both_kinds_read_back_equal() {
        CopyCodec<ExamAnswer> codec = StoredFormats.examAnswers(MAPPER);
        ExamAnswer found =
                new ExamAnswer.Found(new ResultPage("B.Tech I Year I Semester (R18) Regular", STUDENT, ROWS), READ_AT);

        assertThat(roundTrip(codec, found)).isEqualTo(found);
        assertThat(roundTrip(codec, new ExamAnswer.NoResult(READ_AT))).isEqualTo(new ExamAnswer.NoResult(READ_AT));
    }

    @Test
    void copies_written_before_answers_carried_their_time_and_outcomes_read_as_misses() {
        String examWithoutTime =
                "{\"format\":1,\"loaded_at_ms\":1,\"fresh_for_ms\":1000,\"value\":{\"kind\":\"no_result\"}}";
        String transcriptWithSeenSet = "{\"format\":1,\"loaded_at_ms\":1,\"fresh_for_ms\":1000,\"value\":"
                + "{\"kind\":\"no_result\",\"mark\":{\"listVersion\":\"v\",\"seen\":{\"releases\":[\"1501\"]}}}}";

        assertThat(StoredFormats.examAnswers(MAPPER).read(examWithoutTime))
                .isInstanceOf(CopyCodec.Decoded.Unreadable.class);
        assertThat(StoredFormats.transcripts(MAPPER).read(transcriptWithSeenSet))
                .isInstanceOf(CopyCodec.Decoded.Unreadable.class);
    }

    @Test
    void a_page_with_a_legend_reads_back_equal_and_one_stored_before_legends_reads_with_none() throws Exception {
        CopyCodec<ExamAnswer> codec = StoredFormats.examAnswers(MAPPER);
        ResultPage page = new ResultPage("B.Tech I Year I Semester (R18) Regular", STUDENT, ROWS, Map.of("O", 10));
        String withoutLegend = "{\"kind\":\"found\",\"page\":{\"examTitle\":\"T\",\"details\":"
                + MAPPER.writeValueAsString(STUDENT) + ",\"subjects\":[]},\"readAt\":\"2026-11-24T08:00:00.250Z\"}";

        assertThat(roundTrip(codec, new ExamAnswer.Found(page, READ_AT)))
                .isEqualTo(new ExamAnswer.Found(page, READ_AT));
        assertThat(MAPPER.readValue(withoutLegend, ExamAnswer.class))
                .isEqualTo(new ExamAnswer.Found(new ResultPage("T", STUDENT, List.of(), Map.of()), READ_AT));
    }

    @Test
    void a_finished_bulk_result_reads_back_equal_with_its_pages_in_order_and_its_missing_count() {
        CopyCodec<ExamResults> codec = StoredFormats.jobResults(MAPPER, ExamResults.class);
        ResultPage first = new ResultPage("B.Tech I Year I Semester (R18) Regular", STUDENT, ROWS);
        ResultPage second = new ResultPage(
                "B.Tech I Year I Semester (R18) Regular",
                new StudentDetails("189A1A0502", "B STUDENT", "B FATHER", "9A"),
                ROWS.reversed());
        ExamResults finished = new ExamResults(List.of(first, second), 3);

        assertThat(roundTrip(codec, finished)).isEqualTo(finished);
        assertThat(roundTrip(codec, new ExamResults(List.of(), 0))).isEqualTo(new ExamResults(List.of(), 0));
    }

    @Test
    void transcripts_keep_their_sgpa_kinds_and_decimal_scales() {
        CopyCodec<TranscriptAnswer> codec = StoredFormats.transcripts(MAPPER);
        ListMark mark = new ListMark(
                "5d41402abc4b2a76b9719d91",
                Map.of(
                        "1501",
                        ListMark.Outcome.PAGE,
                        "1501R",
                        ListMark.Outcome.NO_RESULT,
                        "1560",
                        ListMark.Outcome.NOT_NEEDED));
        AttemptPage page = new AttemptPage(
                lastAttempts(Semester.S1_1).values().iterator().next(), new ResultPage("B.Tech I Year", STUDENT, ROWS));
        TranscriptAnswer found = new TranscriptAnswer.Found(
                new Transcript(
                        STUDENT,
                        List.of(
                                new Transcript.SemesterRecord(
                                        Semester.S1_1, ROWS, new Sgpa.Fail(), lastAttempts(Semester.S1_1)),
                                new Transcript.SemesterRecord(
                                        Semester.S2_1,
                                        ROWS,
                                        new Sgpa.NotComputed("no grade points are known"),
                                        lastAttempts(Semester.S2_1)),
                                new Transcript.SemesterRecord(
                                        Semester.S4_2,
                                        ROWS,
                                        new Sgpa.Awarded(new BigDecimal("10")),
                                        lastAttempts(Semester.S4_2))),
                        new Sgpa.Awarded(new BigDecimal("8.50"))),
                List.of(page),
                mark);

        TranscriptAnswer back = roundTrip(codec, found);

        assertThat(back).isEqualTo(found);
        Transcript transcript = ((TranscriptAnswer.Found) back).transcript();
        assertThat(((Sgpa.Awarded) transcript.overallGpa()).value().toPlainString())
                .isEqualTo("8.50");
        assertThat(((Sgpa.Awarded) transcript.semesters().get(2).sgpa()).value().toPlainString())
                .isEqualTo("10.00");
        assertThat(((TranscriptAnswer.Found) back).pages()).containsExactly(page);
        assertThat(back.mark()).isEqualTo(mark);
        assertThat(roundTrip(codec, new TranscriptAnswer.NoResult(mark)))
                .isEqualTo(new TranscriptAnswer.NoResult(mark));
    }

    @Test
    void list_pages_read_back_equal_unmodifiable_and_in_link_order() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("examCode", "1503");
        params.put("degree", "btech");
        List<ReleaseListing> releases =
                List.of(new ReleaseListing("RC/RV B.Tech", "07-FEB-2022", "examCode=1503&degree=btech", params));
        List<Notification> notices = List.of(new Notification("07-02-2022", "results of RC/RV"));

        List<ReleaseListing> back = roundTrip(StoredFormats.listOf(MAPPER, ReleaseListing.class), releases);

        assertThat(back).isEqualTo(releases);
        assertThat(back.getFirst().linkParams().keySet()).containsExactly("examCode", "degree");
        assertThat(back).isUnmodifiable();
        assertThat(roundTrip(StoredFormats.listOf(MAPPER, Notification.class), notices))
                .isEqualTo(notices);
    }

    @Test
    void exam_keys_differ_whenever_a_part_differs_even_with_separators_in_user_input() {
        HallTicket ticket = new HallTicket("189a1a0501");
        var plain = new ExamLookup.ExamKey(ticket, new ExamQuery("btech", "1503", "r17", "intgrade", "null"));
        var shifted = new ExamLookup.ExamKey(ticket, new ExamQuery("btech", "1503:r17", "", "intgrade", "null"));

        assertThat(StoredFormats.examKeyText(plain)).isEqualTo("189A1A0501:btech:1503:r17:intgrade:null");
        assertThat(StoredFormats.examKeyText(shifted))
                .isNotEqualTo(StoredFormats.examKeyText(plain))
                .doesNotContain(" ");
    }
}
