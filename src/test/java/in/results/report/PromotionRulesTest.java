package in.results.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import in.results.catalog.Course;
import in.results.catalog.Degree;
import in.results.core.Regulation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PromotionRulesTest {
    private static final Course R18 = new Course(Degree.BTECH, Regulation.R18);
    private static final Course R22 = new Course(Degree.BTECH, Regulation.R22);

    private static String row(String entry, String into, int required, int offered) {
        return "{\"degree\": \"btech\", \"regulation\": \"R22\", \"entry\": \"" + entry + "\", \"into\": \"" + into
                + "\", \"required\": " + required + ", \"offered\": " + offered
                + ", \"confirmed\": true, \"source\": \"a circular\"}";
    }

    private static String table(String... rows) {
        return "{\"rules\": [" + String.join(",", rows) + "]}";
    }

    private static PromotionRules parse(String json) {
        return PromotionRules.parse(json.getBytes());
    }

    /** DEGREES.md "Promotion by credits", typed from its table. */
    @Test
    void the_shipped_table_is_the_one_of_degrees_md() {
        PromotionRules shipped = PromotionRules.shipped();

        assertThat(shipped.of(R18, false))
                .extracting(rule ->
                        rule.into().key() + " " + rule.required() + "/" + rule.offered() + " " + rule.confirmed())
                .containsExactly("2-1 18/37 true", "3-1 47/79 true", "4-1 73/123 true", "degree 160/160 true");
        assertThat(shipped.of(R18, true))
                .extracting(rule ->
                        rule.into().key() + " " + rule.required() + "/" + rule.offered() + " " + rule.confirmed())
                .containsExactly("3-1 25/42 true", "4-1 51/86 false", "degree 123/123 true");
        assertThat(shipped.of(R22, false))
                .extracting(rule ->
                        rule.into().key() + " " + rule.required() + "/" + rule.offered() + " " + rule.confirmed())
                .containsExactly("2-1 20/40 false", "3-1 48/80 true", "4-1 72/120 true", "degree 160/160 true");
        assertThat(shipped.of(R22, true))
                .extracting(rule ->
                        rule.into().key() + " " + rule.required() + "/" + rule.offered() + " " + rule.confirmed())
                .containsExactly("3-1 24/40 true", "4-1 48/80 true", "degree 120/120 false");
        assertThat(shipped.of(new Course(Degree.BTECH, Regulation.R25), false)).isEmpty();
        assertThat(shipped.of(new Course(Degree.BPHARMACY, Regulation.R22), false))
                .isEmpty();
    }

    @Test
    void an_operators_file_replaces_the_table(@TempDir Path folder) throws IOException {
        Path file = folder.resolve("rules.json");
        Files.writeString(file, table(row("regular", "2-1", 10, 40), row("regular", "degree", 155, 160)));

        PromotionRules rules = PromotionRules.read(file);

        assertThat(rules.of(R22, false))
                .extracting(PromotionRules.Rule::required)
                .containsExactly(10, 155);
        assertThat(rules.degreeCredits(R22, false)).hasValue(155);
        assertThat(rules.of(R22, true)).isEmpty();
        assertThat(rules.of(R18, false)).isEmpty();
        assertThat(rules.of(R22, false).getFirst().describe())
                .isEqualTo("R22 regular entry, into 2-1: 10 of the 40 credits offered up to 1-2 (a circular)");
    }

    @Test
    void a_file_that_breaks_a_rule_is_refused_naming_the_rule_and_the_row() {
        List<String[]> cases = List.of(
                new String[] {"not json", "not JSON"},
                new String[] {"{}", "'rules' must be a list"},
                new String[] {
                    table(row("regular", "2-1", 41, 40), row("regular", "degree", 160, 160)),
                    "rule 1: 'required' (41) is more than 'offered' (40)"
                },
                new String[] {
                    table(row("regular", "2-1", 0, 40), row("regular", "degree", 160, 160)),
                    "rule 1: 'required' must be a whole number"
                },
                new String[] {table(row("regular", "2-1", 20, 40)), "has no 'degree' row"},
                new String[] {
                    table(row("lateral", "2-1", 20, 40), row("lateral", "degree", 120, 120)),
                    "rule 1: lateral entry joins in 2-1"
                },
                new String[] {
                    table(
                            row("regular", "3-1", 20, 80),
                            row("regular", "3-1", 30, 80),
                            row("regular", "degree", 160, 160)),
                    "rule 2: a second row for btech R22 regular into 3-1"
                },
                new String[] {
                    table(
                            row("regular", "3-1", 20, 80),
                            row("regular", "4-1", 30, 70),
                            row("regular", "degree", 160, 160)),
                    "'offered' must be more than the 80 of 3-1"
                },
                new String[] {table(row("regular", "5-1", 20, 80)), "rule 1: 'into' must be"},
                new String[] {
                    table(row("regular", "degree", 160, 160).replace("R22", "R16")),
                    "rule 1: no served course btech R16"
                },
                new String[] {
                    table(row("regular", "degree", 160, 160).replace("btech", "mba")), "four-year courses only"
                },
                new String[] {
                    table(row("regular", "degree", 160, 160).replace("\"source\"", "\"sauce\"")),
                    "rule 1: unknown field 'sauce'"
                });
        for (String[] bad : cases) {
            assertThatThrownBy(() -> parse(bad[0]))
                    .as(bad[0])
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(bad[1]);
        }
    }

    @Test
    void a_missing_file_is_refused_with_its_name(@TempDir Path folder) {
        Path missing = folder.resolve("none.json");

        assertThatThrownBy(() -> PromotionRules.read(missing))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("none.json");
    }
}
