package in.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.catalog.Course;
import in.results.catalog.Degree;
import in.results.catalog.ExamCatalog;
import in.results.catalog.Semester;
import in.results.core.HallTicket;
import in.results.core.Regulation;
import in.results.grading.Sgpa;
import in.results.scrape.ReleaseListing;
import in.results.testing.Listings;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Promotion standing on the R22 rows of a table, against a release list of one batch's regular exams. */
class PromotionTest {
    private static final Course BTECH_R22 = new Course(Degree.BTECH, Regulation.R22);
    /** Admitted 2022: sits 1-2 in 2023, 2-2 in 2024, 3-2 in 2025, 4-2 in 2026. */
    private static final HallTicket REGULAR_2022 = new HallTicket("229A1A0501");
    /** Joined 2-1 in 2023: the batch admitted in 2022. */
    private static final HallTicket LATERAL_2022 = new HallTicket("239A5A0501");
    /** Admitted 2023: its 2-2 regular exam is not on the list below. */
    private static final HallTicket REGULAR_2023 = new HallTicket("239A1A0501");

    private static final String TABLE = """
            {"rules": [
              {"degree": "btech", "regulation": "R22", "entry": "regular", "into": "2-1", "required": 11, "offered": 40,
               "confirmed": false, "source": "test"},
              {"degree": "btech", "regulation": "R22", "entry": "regular", "into": "3-1", "required": 33, "offered": 80,
               "confirmed": true, "source": "test"},
              {"degree": "btech", "regulation": "R22", "entry": "regular", "into": "degree", "required": 150,
               "offered": 160, "confirmed": true, "source": "test"},
              {"degree": "btech", "regulation": "R22", "entry": "lateral", "into": "3-1", "required": 30, "offered": 40,
               "confirmed": true, "source": "test"},
              {"degree": "btech", "regulation": "R22", "entry": "lateral", "into": "degree", "required": 110,
               "offered": 120, "confirmed": true, "source": "test"}
            ]}
            """;
    private static final PromotionRules RULES = PromotionRules.parse(TABLE.getBytes());

    /** The 2022 batch's regular releases of 1-2 (2023) and 2-2 (2024); the 2023 batch's of 1-2 (2024). */
    private static final ExamCatalog CATALOG = ExamCatalog.from(List.of(
            listing("1700", "B.Tech I Year II Semester (R22) Regular Examinations Results", "20-AUG-2023"),
            listing("1801", "B.Tech II Year II Semester (R22) Regular Examinations Results", "10-JUL-2024"),
            listing("1802", "B.Tech I Year II Semester (R22) Regular Examinations Results", "12-AUG-2024")));

    private static ReleaseListing listing(String code, String title, String date) {
        return Listings.btech(code, "r22", "grade22", title, date);
    }

    private static StudentReport.SemesterReport earned(Semester semester, String credits) {
        return new StudentReport.SemesterReport(semester, new Sgpa.Fail(), new BigDecimal(credits), List.of());
    }

    private static List<Promotion.Step> steps(HallTicket hallTicket, StudentReport.SemesterReport... semesters) {
        return ((Promotion.Standing) Promotion.of(RULES, BTECH_R22, hallTicket, List.of(semesters), CATALOG)).steps();
    }

    @Test
    void credits_up_to_each_years_end_are_measured_against_the_tables_rows() {
        List<Promotion.Step> steps = steps(
                REGULAR_2022,
                earned(Semester.S1_1, "6"),
                earned(Semester.S1_2, "6"),
                earned(Semester.S2_1, "10"),
                earned(Semester.S2_2, "10"),
                earned(Semester.S3_1, "20"));

        assertThat(steps)
                .extracting(step -> step.rule().into())
                .containsExactly(Transition.INTO_2_1, Transition.INTO_3_1, Transition.DEGREE);
        // 1-1 + 1-2 = 12 ≥ 11
        assertThat(steps.get(0).creditsEarned()).isEqualByComparingTo("12");
        assertThat(steps.get(0).status()).isEqualTo(Promotion.Status.MET);
        assertThat(steps.get(0).creditsShort()).isEqualByComparingTo("0");
        // up to 2-2: 32 < 33, and the batch's 2-2 regular exam (2024) is listed: short by 1, the 3-1 credits not
        // counted
        assertThat(steps.get(1).creditsEarned()).isEqualByComparingTo("32");
        assertThat(steps.get(1).status()).isEqualTo(Promotion.Status.SHORT);
        assertThat(steps.get(1).creditsShort()).isEqualByComparingTo("1");
        // every semester: 52 of 150, and no 4-2 regular exam listed for the batch
        assertThat(steps.get(2).creditsEarned()).isEqualByComparingTo("52");
        assertThat(steps.get(2).status()).isEqualTo(Promotion.Status.NOT_YET_DUE);
        assertThat(steps.get(2).creditsShort()).isEqualByComparingTo("98");
    }

    @Test
    void a_later_batch_is_not_yet_due_where_an_earlier_batchs_exam_is_listed() {
        List<Promotion.Step> steps = steps(REGULAR_2023, earned(Semester.S1_1, "5"), earned(Semester.S1_2, "5"));

        // 1-2 of the 2023 batch: the 2024 release is listed (the 2023 one belongs to the batch before)
        assertThat(steps.get(0).status()).isEqualTo(Promotion.Status.SHORT);
        // 2-2 of the 2023 batch would be released from 2025 on: the 2024 release is the 2022 batch's
        assertThat(steps.get(1).status()).isEqualTo(Promotion.Status.NOT_YET_DUE);
    }

    @Test
    void a_detained_student_with_no_attempt_of_the_year_is_short_once_the_batchs_exam_is_listed() {
        List<Promotion.Step> steps = steps(REGULAR_2022, earned(Semester.S1_1, "4"));

        assertThat(steps.get(0).status()).isEqualTo(Promotion.Status.SHORT);
        assertThat(steps.get(0).creditsShort()).isEqualByComparingTo("7");
        assertThat(steps.get(1).status()).isEqualTo(Promotion.Status.SHORT);
    }

    @Test
    void lateral_entry_has_its_own_rows_from_2_1_on() {
        List<Promotion.Step> steps = steps(LATERAL_2022, earned(Semester.S2_1, "15"), earned(Semester.S2_2, "15"));

        assertThat(steps)
                .extracting(step -> step.rule().into())
                .containsExactly(Transition.INTO_3_1, Transition.DEGREE);
        assertThat(steps.get(0).status()).isEqualTo(Promotion.Status.MET);
        assertThat(RULES.degreeCredits(BTECH_R22, true)).hasValue(110);
    }

    @Test
    void a_course_without_rows_has_a_note_instead() {
        Promotion promotion = Promotion.of(
                RULES, new Course(Degree.BTECH, Regulation.R18), new HallTicket("189A1A0501"), List.of(), CATALOG);

        assertThat(promotion)
                .isInstanceOfSatisfying(
                        Promotion.Unknown.class,
                        unknown -> assertThat(unknown.note()).contains("R18").contains("not known"));
    }
}
