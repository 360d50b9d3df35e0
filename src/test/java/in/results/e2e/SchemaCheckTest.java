package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.InvalidSchemaException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checker the end-to-end tests trust must find what is wrong, not only pass what is right. */
class SchemaCheckTest {
    private static final JsonNode DOCUMENT = json("""
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {},
             "components": {"schemas": {
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

    private static List<String> violations(String schema, String value) {
        return SchemaCheck.violations(DOCUMENT, ref(schema), json(value));
    }

    @Test
    void a_conforming_answer_has_no_violations() {
        assertThat(violations("Pair", "[{\"SGPA\": 8.25}, {\"HTNO\": \"189A1A0501\"}]"))
                .isEmpty();
        assertThat(violations("Pair", "[{\"SGPA\": \"FAIL\"}, {\"HTNO\": \"189A1A0501\"}]"))
                .isEmpty();
        assertThat(violations("Semester", "{\"2-1\": {}, \"SGPA\": \"8.00\"}")).isEmpty();
    }

    @Test
    void every_kind_of_deviation_is_reported_where_it_is() {
        assertThat(violations("Details", "{\"HTNO\": 1}")).isNotEmpty().allMatch(v -> v.startsWith("$.HTNO: "));
        assertThat(violations("Details", "{\"HTNO\": \"short\"}")).isNotEmpty().allMatch(v -> v.startsWith("$.HTNO: "));
        assertThat(violations("Details", "{}"))
                .singleElement()
                .asString()
                .startsWith("$: ")
                .contains("HTNO");
        assertThat(violations("Details", "{\"HTNO\": \"189A1A0501\", \"X\": 1}"))
                .singleElement()
                .asString()
                .contains("X");
        assertThat(violations("Sgpa", "{\"SGPA\": 11}")).isNotEmpty().allMatch(v -> v.startsWith("$.SGPA: "));
        assertThat(violations("Sgpa", "{\"SGPA\": \"8.25\"}")).isNotEmpty().allMatch(v -> v.startsWith("$.SGPA: "));
        assertThat(violations("Pair", "[{\"SGPA\": 1}]"))
                .singleElement()
                .asString()
                .startsWith("$: ");
        assertThat(violations("Pair", "[{\"SGPA\": 1}, {\"HTNO\": \"189A1A0501\"}, 3]"))
                .singleElement()
                .asString()
                .startsWith("$: ");
        assertThat(violations("Semester", "{\"5-1\": {}}"))
                .singleElement()
                .asString()
                .contains("5-1");
    }

    @Test
    void a_keyword_the_checker_does_not_know_is_refused() {
        assertThatThrownBy(() -> SchemaCheck.violations(DOCUMENT, json("{\"minItem\": 1}"), json("[]")))
                .isInstanceOf(InvalidSchemaException.class)
                .hasMessageContaining("minItem");
    }
}
