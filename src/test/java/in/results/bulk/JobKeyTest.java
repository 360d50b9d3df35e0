package in.results.bulk;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import org.junit.jupiter.api.Test;

/** A job's id in Redis names its range and exam, and reads back as the same key. */
class JobKeyTest {
    private static final HallTicketRange RANGE =
            new HallTicketRange(new HallTicket("18BD1A0501"), new HallTicket("18BD1A05J8"));

    @Test
    void an_id_reads_back_as_the_key_it_was_written_from_even_with_separators_in_the_exam() {
        JobKey key = new JobKey(RANGE, new ExamQuery("btech", "1503", "r17:a", "", "null&x"));

        assertThat(JobKey.fromId(key.id())).contains(key);
        assertThat(key.id()).isEqualTo("18BD1A0501:18BD1A05J8:btech:1503:r17%3Aa:intgrade:null%26x");
    }

    @Test
    void a_postgraduate_exam_adds_its_grad_and_reads_back() {
        JobKey key = new JobKey(RANGE, new ExamQuery("mba", "122", "null", "intgrade", "grade17", "pg"));

        assertThat(key.id()).isEqualTo("18BD1A0501:18BD1A05J8:mba:122:null:intgrade:grade17:pg");
        assertThat(JobKey.fromId(key.id())).contains(key);
        assertThat(key.exam().formFor(new HallTicket("18BD1E0001"))).containsEntry("grad", "pg");
    }

    @Test
    void equal_requests_make_equal_keys_and_the_same_id() {
        JobKey one = new JobKey(RANGE, new ExamQuery("btech", "1503", "", "", ""));
        JobKey same = new JobKey(
                new HallTicketRange(new HallTicket("18bd1a0501"), new HallTicket("18bd1a05j8")),
                new ExamQuery("btech", "1503", "", "", ""));

        assertThat(same).isEqualTo(one).hasSameHashCodeAs(one);
        assertThat(same.id()).isEqualTo(one.id());
    }

    @Test
    void text_that_is_not_an_id_is_no_key() {
        assertThat(JobKey.fromId("a:b")).isEmpty();
        assertThat(JobKey.fromId("18BD1A0520:18BD1A0501:btech:1503:::")).isEmpty(); // a reversed range
        assertThat(JobKey.fromId("not-a-ticket:18BD1A0501:btech:1503:::")).isEmpty();
    }
}
