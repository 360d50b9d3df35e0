package in.results.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which form a class answer takes for an {@code Accept} header, and how its CSV writes awkward cells. */
class AnswerFormatTest {
    private static final String XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

    @Test
    void the_heaviest_media_type_the_answer_has_wins_and_json_is_the_default() {
        assertThat(AnswerFormat.ofAccept(null)).isEqualTo(AnswerFormat.JSON);
        assertThat(AnswerFormat.ofAccept("*/*")).isEqualTo(AnswerFormat.JSON);
        assertThat(AnswerFormat.ofAccept("text/html,application/xhtml+xml,*/*;q=0.8"))
                .isEqualTo(AnswerFormat.JSON);
        assertThat(AnswerFormat.ofAccept("text/csv")).isEqualTo(AnswerFormat.CSV);
        assertThat(AnswerFormat.ofAccept("application/json;q=0.5, text/csv")).isEqualTo(AnswerFormat.CSV);
        assertThat(AnswerFormat.ofAccept("text/csv;q=0.2, " + XLSX + ";q=0.9")).isEqualTo(AnswerFormat.XLSX);
        assertThat(AnswerFormat.ofAccept("application/json, text/csv")).isEqualTo(AnswerFormat.JSON);
        assertThat(AnswerFormat.ofAccept("text/csv;q=0")).isEqualTo(AnswerFormat.JSON);
        assertThat(AnswerFormat.ofAccept("TEXT/CSV;Q=1")).isEqualTo(AnswerFormat.CSV);
    }

    @Test
    void csv_quotes_separators_and_keeps_formulas_and_empty_cells_inert() {
        Table table = new Table(
                "t",
                List.of("a", "b", "c", "d", "e"),
                List.of(
                        Arrays.asList("K, RAO", "say \"hi\"", "=1+1", "-", null),
                        Arrays.asList(new java.math.BigDecimal("8.50"), 3, "-5", "@x", "A+")));

        String csv = new String(SpreadsheetWriter.csv(table), StandardCharsets.UTF_8);

        assertThat(csv)
                .isEqualTo("a,b,c,d,e\r\n" + "\"K, RAO\",\"say \"\"hi\"\"\",'=1+1,-,\r\n" + "8.50,3,'-5,'@x,A+\r\n");
    }
}
