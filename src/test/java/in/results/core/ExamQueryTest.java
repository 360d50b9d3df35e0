package in.results.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ExamQueryTest {
    private static final HallTicket STUDENT = new HallTicket("22BD1E0001");

    @Test
    void an_undergraduate_query_sends_grad_null_and_keeps_its_five_key_parts() {
        ExamQuery query = new ExamQuery("btech", "1662", "r17", "intgrade", "");

        assertThat(query.formFor(STUDENT))
                .containsExactly(
                        Map.entry("degree", "btech"),
                        Map.entry("examCode", "1662"),
                        Map.entry("etype", "r17"),
                        Map.entry("type", "intgrade"),
                        Map.entry("result", "null"),
                        Map.entry("grad", "null"),
                        Map.entry("htno", "22BD1E0001"));
        assertThat(query.keyParts()).containsExactly("btech", "1662", "r17", "intgrade", "null");
    }

    @Test
    void a_postgraduate_query_sends_its_grad_and_keeps_it_through_rc_rv() {
        ExamQuery query = new ExamQuery("MBA", "122", "null", "intgrade", "grade17", "PG");

        assertThat(query.formFor(STUDENT)).containsEntry("degree", "mba").containsEntry("grad", "pg");
        assertThat(query.keyParts()).containsExactly("mba", "122", "null", "intgrade", "grade17", "pg");
        assertThat(query.rcrv().grad()).isEqualTo("pg");
        assertThat(query.rcrv().isRcrv()).isTrue();
        assertThat(query).isNotEqualTo(new ExamQuery("mba", "122", "null", "intgrade", "grade17"));
    }
}
