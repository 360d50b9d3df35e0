package in.results.bulk;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.catalog.Course;
import in.results.catalog.Degree;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.core.Regulation;
import org.junit.jupiter.api.Test;

/**
 * A job's id in Redis names its kind, range and target, and reads back as the same key — only for its own kind, so
 * that each kind's watcher resumes its own jobs. Exam ids are those fleets have always written.
 */
class JobKeyTest {
    private static final HallTicketRange RANGE =
            new HallTicketRange(new HallTicket("18BD1A0501"), new HallTicket("18BD1A05J8"));
    /** Ids need no lookup. */
    private static final ExamJobKind EXAMS = new ExamJobKind(null);

    private static final ClassJobKind CLASSES = new ClassJobKind(null, null);

    private static String idOf(JobKey<ExamQuery> key) {
        return EXAMS.idOf(key.range(), key.target());
    }

    @Test
    void an_id_reads_back_as_the_key_it_was_written_from_even_with_separators_in_the_exam() {
        JobKey<ExamQuery> key = new JobKey<>(RANGE, new ExamQuery("btech", "1503", "r17:a", "", "null&x"));

        assertThat(EXAMS.keyOf(idOf(key))).contains(key);
        assertThat(idOf(key)).isEqualTo("18BD1A0501:18BD1A05J8:btech:1503:r17%3Aa:intgrade:null%26x");
    }

    @Test
    void a_postgraduate_exam_adds_its_grad_and_reads_back() {
        JobKey<ExamQuery> key = new JobKey<>(RANGE, new ExamQuery("mba", "122", "null", "intgrade", "grade17", "pg"));

        assertThat(idOf(key)).isEqualTo("18BD1A0501:18BD1A05J8:mba:122:null:intgrade:grade17:pg");
        assertThat(EXAMS.keyOf(idOf(key))).contains(key);
        assertThat(key.target().formFor(new HallTicket("18BD1E0001"))).containsEntry("grad", "pg");
    }

    @Test
    void equal_requests_make_equal_keys_and_the_same_id() {
        JobKey<ExamQuery> one = new JobKey<>(RANGE, new ExamQuery("btech", "1503", "", "", ""));
        JobKey<ExamQuery> same = new JobKey<>(
                new HallTicketRange(new HallTicket("18bd1a0501"), new HallTicket("18bd1a05j8")),
                new ExamQuery("btech", "1503", "", "", ""));

        assertThat(same).isEqualTo(one).hasSameHashCodeAs(one);
        assertThat(idOf(same)).isEqualTo(idOf(one));
    }

    @Test
    void text_that_is_not_an_id_is_no_key() {
        assertThat(EXAMS.keyOf("a:b")).isEmpty();
        assertThat(EXAMS.keyOf("18BD1A0520:18BD1A0501:btech:1503:::")).isEmpty(); // a reversed range
        assertThat(EXAMS.keyOf("not-a-ticket:18BD1A0501:btech:1503:::")).isEmpty();
        assertThat(CLASSES.keyOf("class:18BD1A0520:18BD1A0501")).isEmpty();
        assertThat(CLASSES.keyOf("class:18BD1A0501")).isEmpty();
    }

    @Test
    void a_class_id_names_its_range_and_reads_back_with_the_course_of_its_hall_tickets() {
        Course r18 = new Course(Degree.BTECH, Regulation.R18);

        String id = CLASSES.idOf(RANGE, r18);

        assertThat(id).isEqualTo("class:18BD1A0501:18BD1A05J8");
        assertThat(CLASSES.keyOf(id)).contains(new JobKey<>(RANGE, r18));
    }

    @Test
    void each_kind_reads_only_its_own_ids() {
        String examId = idOf(new JobKey<>(RANGE, new ExamQuery("btech", "1503", "", "", "")));
        String classId = CLASSES.idOf(RANGE, new Course(Degree.BTECH, Regulation.R18));

        assertThat(CLASSES.keyOf(examId)).isEmpty();
        assertThat(EXAMS.keyOf(classId)).isEmpty();
    }
}
