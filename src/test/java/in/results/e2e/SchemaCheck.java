package in.results.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks a JSON answer against a schema of the service's OpenAPI document — just the JSON Schema keywords that
 * document uses ({@code $ref}, {@code type}, {@code const}, {@code enum}, {@code properties}, {@code required},
 * {@code additionalProperties}, {@code patternProperties}, {@code min/maxProperties}, {@code items},
 * {@code prefixItems}, {@code min/maxItems}, {@code pattern}, {@code min/maxLength}, {@code minimum},
 * {@code maximum}, {@code allOf}, {@code oneOf}, {@code anyOf}). An unknown keyword is an error, so the document
 * cannot grow a rule these tests silently skip. {@code format}, {@code description} and {@code example} are notes.
 */
final class SchemaCheck {
    private static final List<String> KNOWN = List.of("$ref", "type", "const", "enum", "properties", "required",
            "additionalProperties", "patternProperties", "minProperties", "maxProperties", "items", "prefixItems",
            "minItems", "maxItems", "pattern", "minLength", "maxLength", "minimum", "maximum", "allOf", "oneOf",
            "anyOf", "format", "description", "example");

    private final JsonNode document;
    private final List<String> violations = new ArrayList<>();

    private SchemaCheck(JsonNode document) {
        this.document = document;
    }

    /** Every way {@code value} breaks {@code schema} (whose {@code $ref}s point into {@code document}); empty if none. */
    static List<String> violations(JsonNode document, JsonNode schema, JsonNode value) {
        SchemaCheck check = new SchemaCheck(document);
        check.check(schema, value, "$");
        return check.violations;
    }

    private void fail(String at, String problem) {
        violations.add(at + ": " + problem);
    }

    private void check(JsonNode schema, JsonNode value, String at) {
        if (schema.isBoolean()) {
            if (!schema.asBoolean()) {
                fail(at, "no value is allowed here");
            }
            return;
        }
        for (Map.Entry<String, JsonNode> property : schema.properties()) {
            String keyword = property.getKey();
            if (!KNOWN.contains(keyword)) {
                throw new IllegalArgumentException("schema keyword not checked by the tests: " + keyword);
            }
        }
        if (schema.has("$ref")) {
            check(document.at(schema.path("$ref").asText().substring(1)), value, at);
        }
        if (schema.has("type") && !hasType(schema.path("type"), value)) {
            fail(at, "is not of type " + schema.path("type") + ": " + value);
            return;
        }
        if (schema.has("const") && !schema.path("const").equals(value)) {
            fail(at, "is not " + schema.path("const") + ": " + value);
        }
        if (schema.has("enum") && !contains(schema.path("enum"), value)) {
            fail(at, "is not one of " + schema.path("enum") + ": " + value);
        }
        if (value.isTextual()) {
            text(schema, value.asText(), at);
        }
        if (value.isNumber()) {
            if (schema.has("minimum") && value.decimalValue().compareTo(schema.path("minimum").decimalValue()) < 0) {
                fail(at, value + " is below " + schema.path("minimum"));
            }
            if (schema.has("maximum") && value.decimalValue().compareTo(schema.path("maximum").decimalValue()) > 0) {
                fail(at, value + " is above " + schema.path("maximum"));
            }
        }
        if (value.isArray()) {
            array(schema, value, at);
        }
        if (value.isObject()) {
            object(schema, value, at);
        }
        for (JsonNode part : schema.path("allOf")) {
            check(part, value, at);
        }
        if (schema.has("oneOf") && matching(schema.path("oneOf"), value) != 1) {
            fail(at, "matches " + matching(schema.path("oneOf"), value) + " of the oneOf alternatives, not 1");
        }
        if (schema.has("anyOf") && matching(schema.path("anyOf"), value) == 0) {
            fail(at, "matches none of the anyOf alternatives");
        }
    }

    private void text(JsonNode schema, String text, String at) {
        int length = text.codePointCount(0, text.length());
        if (schema.has("minLength") && length < schema.path("minLength").asInt()) {
            fail(at, "is shorter than " + schema.path("minLength"));
        }
        if (schema.has("maxLength") && length > schema.path("maxLength").asInt()) {
            fail(at, "is longer than " + schema.path("maxLength"));
        }
        if (schema.has("pattern") && !Pattern.compile(schema.path("pattern").asText()).matcher(text).find()) {
            fail(at, "'" + text + "' does not match " + schema.path("pattern").asText());
        }
    }

    private void array(JsonNode schema, JsonNode array, String at) {
        if (schema.has("minItems") && array.size() < schema.path("minItems").asInt()) {
            fail(at, "has fewer than " + schema.path("minItems") + " items");
        }
        if (schema.has("maxItems") && array.size() > schema.path("maxItems").asInt()) {
            fail(at, "has more than " + schema.path("maxItems") + " items");
        }
        JsonNode prefix = schema.path("prefixItems");
        for (int i = 0; i < array.size(); i++) {
            if (i < prefix.size()) {
                check(prefix.get(i), array.get(i), at + "[" + i + "]");
            } else if (schema.has("items")) {
                check(schema.path("items"), array.get(i), at + "[" + i + "]");
            }
        }
    }

    private void object(JsonNode schema, JsonNode object, String at) {
        for (JsonNode required : schema.path("required")) {
            if (!object.has(required.asText())) {
                fail(at, "lacks required key '" + required.asText() + "'");
            }
        }
        if (schema.has("minProperties") && object.size() < schema.path("minProperties").asInt()) {
            fail(at, "has fewer than " + schema.path("minProperties") + " keys");
        }
        if (schema.has("maxProperties") && object.size() > schema.path("maxProperties").asInt()) {
            fail(at, "has more than " + schema.path("maxProperties") + " keys");
        }
        for (Map.Entry<String, JsonNode> entry : object.properties()) {
            String key = entry.getKey();
            String where = at + "." + key;
            boolean described = false;
            if (schema.path("properties").has(key)) {
                described = true;
                check(schema.path("properties").path(key), entry.getValue(), where);
            }
            for (Map.Entry<String, JsonNode> pattern : schema.path("patternProperties").properties()) {
                if (Pattern.compile(pattern.getKey()).matcher(key).find()) {
                    described = true;
                    check(pattern.getValue(), entry.getValue(), where);
                }
            }
            if (!described && schema.has("additionalProperties")) {
                check(schema.path("additionalProperties"), entry.getValue(), where);
            }
        }
    }

    private int matching(JsonNode alternatives, JsonNode value) {
        int matching = 0;
        for (JsonNode alternative : alternatives) {
            SchemaCheck attempt = new SchemaCheck(document);
            attempt.check(alternative, value, "");
            if (attempt.violations.isEmpty()) {
                matching++;
            }
        }
        return matching;
    }

    private static boolean contains(JsonNode values, JsonNode value) {
        for (JsonNode candidate : values) {
            if (candidate.equals(value)) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasType(JsonNode type, JsonNode value) {
        if (type.isArray()) {
            for (JsonNode one : type) {
                if (hasType(one, value)) {
                    return true;
                }
            }
            return false;
        }
        return switch (type.asText()) {
            case "object" -> value.isObject();
            case "array" -> value.isArray();
            case "string" -> value.isTextual();
            case "boolean" -> value.isBoolean();
            case "null" -> value.isNull();
            case "number" -> value.isNumber();
            case "integer" -> value.isIntegralNumber()
                    || value.isNumber() && value.decimalValue().stripTrailingZeros().scale() <= 0;
            default -> throw new IllegalArgumentException("unknown JSON Schema type " + type);
        };
    }
}
