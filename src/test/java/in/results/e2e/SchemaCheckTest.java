package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;

/** The checker the end-to-end tests trust must find what is wrong, not only pass what is right. */
class SchemaCheckTest {
    private static final JsonNode DOCUMENT = json("""
            {"components": {"schemas": {
              "Details": {"type": "object", "required": ["HTNO"], "additionalProperties": false,
                          "properties": {"HTNO": {"type": "string", "pattern": "^[A-Z0-9]{10}$"}}},
              "Sgpa": {"type": "object", "required": ["SGPA"],
                       "properties": {"SGPA": {"oneOf": [{"type": "number", "maximum": 10}, {"const": "FAIL"}]}}},
              "Pair": {"type": "array", "prefixItems": [{"$ref": "#/components/schemas/Sgpa"},
                       {"$ref": "#/components/schemas/Details"}], "items": false, "minItems": 2},
              "Semester": {"type": "object", "patternProperties": {"^[1-4]-[12]$": {"type": "object"}},
                           "properties": {"SGPA": {"type": "string"}}, "additionalProperties": false}}}}
            """);

    private static JsonNode json(String text) {
        try {
            return ServiceClient.MAPPER.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode ref(String name) {
        return json("{\"$ref\": \"#/components/schemas/" + name + "\"}");
    }

    @Test
    void a_conforming_answer_has_no_violations() {
        assertThat(SchemaCheck.violations(DOCUMENT, ref("Pair"), json("[{\"SGPA\": 8.25}, {\"HTNO\": \"189A1A0501\"}]")))
                .isEmpty();
        assertThat(SchemaCheck.violations(DOCUMENT, ref("Pair"), json("[{\"SGPA\": \"FAIL\"}, {\"HTNO\": \"189A1A0501\"}]")))
                .isEmpty();
        assertThat(SchemaCheck.violations(DOCUMENT, ref("Semester"), json("{\"2-1\": {}, \"SGPA\": \"8.00\"}")))
                .isEmpty();
    }

    @Test
    void every_kind_of_deviation_is_reported() {
        assertThat(SchemaCheck.violations(DOCUMENT, ref("Details"), json("{\"HTNO\": 1}"))).hasSize(1);
        assertThat(SchemaCheck.violations(DOCUMENT, ref("Details"), json("{\"HTNO\": \"short\"}"))).hasSize(1);
        assertThat(SchemaCheck.violations(DOCUMENT, ref("Details"), json("{}"))).hasSize(1);
        assertThat(SchemaCheck.violations(DOCUMENT, ref("Details"), json("{\"HTNO\": \"189A1A0501\", \"X\": 1}")))
                .hasSize(1);
        assertThat(SchemaCheck.violations(DOCUMENT, ref("Sgpa"), json("{\"SGPA\": 11}"))).hasSize(1);
        assertThat(SchemaCheck.violations(DOCUMENT, ref("Sgpa"), json("{\"SGPA\": \"8.25\"}"))).hasSize(1);
        assertThat(SchemaCheck.violations(DOCUMENT, ref("Pair"), json("[{\"SGPA\": 1}]"))).hasSize(1);
        assertThat(SchemaCheck.violations(DOCUMENT, ref("Pair"),
                json("[{\"SGPA\": 1}, {\"HTNO\": \"189A1A0501\"}, 3]"))).hasSize(1);
        assertThat(SchemaCheck.violations(DOCUMENT, ref("Semester"), json("{\"5-1\": {}}"))).hasSize(1);
    }

    @Test
    void a_keyword_the_checker_does_not_know_is_refused() {
        assertThatThrownBy(() -> SchemaCheck.violations(DOCUMENT, json("{\"uniqueItems\": true}"), json("[]")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("uniqueItems");
    }
}
