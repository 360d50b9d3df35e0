package in.results.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Renders an OpenAPI document as one self-contained HTML page: per path and method the summary, description,
 * parameters and responses, then the schemas. The page has no scripts and loads nothing (users may have no internet,
 * and {@code /docs} is served with a policy that forbids both). Every piece of text taken from the document is
 * HTML-escaped; the only markup added to it is {@code `code`} and {@code **bold**}, recognised after escaping.
 * Missing parts of the document are left out rather than failing: the page shows what the document says.
 */
final class ApiDocsPage {
    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "options", "head", "patch",
            "trace");
    private static final List<String> BOUNDS = List.of("minLength", "maxLength", "minimum", "maximum");
    private static final String SCHEMA_REF = "#/components/schemas/";
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern STRONG = Pattern.compile("\\*\\*([^*]+)\\*\\*");
    private static final Pattern NOT_ID = Pattern.compile("[^A-Za-z0-9_-]");
    private static final ObjectMapper PRETTY = new ObjectMapper();
    private static final String STYLE = """
            body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem 2rem;color:#1d1d1d}
            h1 small{font-weight:normal;color:#666;font-size:.6em}
            h2{margin-top:2.5rem;border-bottom:1px solid #ccc;padding-bottom:.2rem}
            h3{margin-bottom:.3rem}
            code,pre{font-family:ui-monospace,monospace;font-size:.9em;background:#f4f4f4;border-radius:3px}
            code{padding:0 .2em}
            pre{padding:.6rem;overflow-x:auto}
            table{border-collapse:collapse;width:100%;margin:.4rem 0 1rem}
            th,td{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
            th{background:#f0f0f0}
            .method{display:inline-block;min-width:4em;padding:0 .4em;border-radius:3px;background:#0b6e4f;color:#fff;
            font-size:.8em;text-align:center}
            .summary{font-weight:600}
            nav li{margin:.15rem 0}
            """;

    private final JsonNode document;
    private final StringBuilder html = new StringBuilder(64 * 1024);

    private ApiDocsPage(JsonNode document) {
        this.document = document;
    }

    /** The page for {@code document}, an OpenAPI 3.1 document as a JSON tree. */
    static String htmlOf(JsonNode document) {
        return new ApiDocsPage(document).render();
    }

    private String render() {
        JsonNode info = document.path("info");
        String title = info.path("title").asText("API");
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(title)).append("</title>\n")
                .append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
        html.append("<header>\n<h1>").append(escape(title));
        if (info.hasNonNull("version")) {
            html.append(" <small>").append(escape(info.path("version").asText())).append("</small>");
        }
        html.append("</h1>\n");
        paragraphs(info.path("summary").asText(""));
        paragraphs(info.path("description").asText(""));
        html.append("<p>The same contract, machine-readable: <a href=\"openapi.json\">/openapi.json</a>"
                + " (OpenAPI ").append(escape(document.path("openapi").asText("?"))).append(").</p>\n</header>\n");
        contents();
        html.append("<main>\n");
        document.path("paths").properties().forEach(path -> operations(path.getKey(), path.getValue()));
        schemas();
        html.append("</main>\n</body>\n</html>\n");
        return html.toString();
    }

    private void contents() {
        html.append("<nav>\n<h2>Endpoints</h2>\n<ul>\n");
        document.path("paths").properties().forEach(path -> {
            for (String method : METHODS) {
                JsonNode operation = path.getValue().path(method);
                if (operation.isObject()) {
                    html.append("<li><a href=\"#").append(anchorOf(path.getKey(), method, operation)).append("\">")
                            .append("<span class=\"method\">").append(escape(method.toUpperCase(Locale.ROOT)))
                            .append("</span> <code>").append(escape(path.getKey())).append("</code></a>");
                    if (operation.hasNonNull("summary")) {
                        html.append(" — ").append(escape(operation.path("summary").asText()));
                    }
                    html.append("</li>\n");
                }
            }
        });
        if (document.path("components").path("schemas").isObject()) {
            html.append("<li><a href=\"#schemas\">Schemas</a></li>\n");
        }
        html.append("</ul>\n</nav>\n");
    }

    private void operations(String path, JsonNode item) {
        for (String method : METHODS) {
            JsonNode operation = item.path(method);
            if (!operation.isObject()) {
                continue;
            }
            html.append("<section id=\"").append(anchorOf(path, method, operation)).append("\">\n<h2><span class=\"method\">")
                    .append(escape(method.toUpperCase(Locale.ROOT))).append("</span> <code>")
                    .append(escape(path)).append("</code></h2>\n");
            if (operation.hasNonNull("summary")) {
                html.append("<p class=\"summary\">").append(inline(operation.path("summary").asText())).append("</p>\n");
            }
            paragraphs(item.path("description").asText(""));
            paragraphs(operation.path("description").asText(""));
            List<JsonNode> parameters = new ArrayList<>();
            item.path("parameters").forEach(parameter -> parameters.add(resolve(parameter)));
            operation.path("parameters").forEach(parameter -> parameters.add(resolve(parameter)));
            parameters(parameters);
            responses(operation.path("responses"));
            html.append("</section>\n");
        }
    }

    private void parameters(List<JsonNode> parameters) {
        html.append("<h3>Parameters</h3>\n");
        if (parameters.isEmpty()) {
            html.append("<p>None.</p>\n");
            return;
        }
        html.append("<table>\n<tr><th>name</th><th>in</th><th>required</th><th>value</th><th>description</th></tr>\n");
        for (JsonNode parameter : parameters) {
            html.append("<tr><td><code>").append(escape(parameter.path("name").asText())).append("</code></td><td>")
                    .append(escape(parameter.path("in").asText())).append("</td><td>")
                    .append(parameter.path("required").asBoolean(false) ? "yes" : "no").append("</td><td>")
                    .append(constraints(parameter.path("schema")));
            if (parameter.has("example")) {
                html.append("<br>example: <code>").append(escape(parameter.path("example").asText())).append("</code>");
            }
            html.append("</td><td>").append(inline(parameter.path("description").asText(""))).append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private void responses(JsonNode responses) {
        html.append("<h3>Responses</h3>\n");
        if (!responses.isObject() || responses.isEmpty()) {
            html.append("<p>None documented.</p>\n");
            return;
        }
        html.append("<table>\n<tr><th>status</th><th>description</th><th>body</th><th>headers</th></tr>\n");
        responses.properties().forEach(entry -> {
            JsonNode response = resolve(entry.getValue());
            html.append("<tr><td>").append(escape(entry.getKey())).append("</td><td>")
                    .append(inline(response.path("description").asText(""))).append("</td><td>");
            List<String> bodies = new ArrayList<>();
            response.path("content").properties().forEach(media -> bodies.add("<code>" + escape(media.getKey())
                    + "</code>: " + summary(media.getValue().path("schema"))));
            html.append(String.join("<br>", bodies)).append("</td><td>");
            List<String> headers = new ArrayList<>();
            response.path("headers").properties().forEach(header -> {
                JsonNode resolved = resolve(header.getValue());
                headers.add("<code>" + escape(header.getKey()) + "</code>"
                        + (resolved.path("required").asBoolean(false) ? "" : " (optional)") + ": "
                        + inline(resolved.path("description").asText("")));
            });
            html.append(String.join("<br>", headers)).append("</td></tr>\n");
        });
        html.append("</table>\n");
    }

    private void schemas() {
        JsonNode schemas = document.path("components").path("schemas");
        if (!schemas.isObject()) {
            return;
        }
        html.append("<section id=\"schemas\">\n<h2>Schemas</h2>\n");
        schemas.properties().forEach(schema -> {
            html.append("<h3 id=\"").append(schemaId(schema.getKey())).append("\">").append(escape(schema.getKey()))
                    .append("</h3>\n");
            paragraphs(schema.getValue().path("description").asText(""));
            html.append("<pre>").append(escape(pretty(schema.getValue()))).append("</pre>\n");
        });
        html.append("</section>\n");
    }

    /** A one-line description of a schema as HTML: a link for a named schema, its shape otherwise. */
    private String summary(JsonNode schema) {
        if (schema.hasNonNull("$ref")) {
            String ref = schema.path("$ref").asText();
            if (ref.startsWith(SCHEMA_REF)) {
                String name = ref.substring(SCHEMA_REF.length());
                return "<a href=\"#" + schemaId(name) + "\">" + escape(name) + "</a>";
            }
            return "<code>" + escape(ref) + "</code>";
        }
        for (String combination : List.of("oneOf", "anyOf")) {
            if (schema.path(combination).isArray()) {
                return "one of " + joined(schema.path(combination), " | ");
            }
        }
        if (schema.path("allOf").isArray()) {
            return joined(schema.path("allOf"), " with ");
        }
        if (schema.has("const")) {
            return "<code>" + escape(schema.path("const").toString()) + "</code>";
        }
        if (schema.path("enum").isArray()) {
            List<String> values = new ArrayList<>();
            schema.path("enum").forEach(value -> values.add("<code>" + escape(value.asText()) + "</code>"));
            return String.join(" | ", values);
        }
        if (schema.path("prefixItems").isArray()) {
            return "[" + joined(schema.path("prefixItems"), ", ") + "]";
        }
        if (schema.path("items").isObject()) {
            return "array of " + summary(schema.path("items"));
        }
        if (!schema.has("type") && schema.path("properties").isObject()) {
            List<String> properties = new ArrayList<>();
            schema.path("properties").properties().forEach(property -> properties.add(
                    "<code>" + escape(property.getKey()) + "</code>: " + summary(property.getValue())));
            return "{" + String.join(", ", properties) + "}";
        }
        return constraints(schema);
    }

    private String joined(JsonNode schemas, String separator) {
        List<String> parts = new ArrayList<>();
        schemas.forEach(schema -> parts.add(summary(schema)));
        return String.join(separator, parts);
    }

    /** The type and rules of a parameter's or a simple schema's values, following a reference. */
    private String constraints(JsonNode schema) {
        JsonNode resolved = resolve(schema);
        if (resolved.path("enum").isArray() || resolved.has("const")) {
            return summary(resolved);
        }
        List<String> rules = new ArrayList<>();
        JsonNode type = resolved.path("type");
        rules.add(escape(type.isArray() ? joinedText(type) : type.asText("any")));
        if (resolved.has("pattern")) {
            rules.add("pattern <code>" + escape(resolved.path("pattern").asText()) + "</code>");
        }
        for (String bound : BOUNDS) {
            if (resolved.has(bound)) {
                rules.add(bound + " " + escape(resolved.path(bound).asText()));
            }
        }
        String text = String.join(", ", rules);
        return schema.hasNonNull("$ref") ? summary(schema) + ": " + text : text;
    }

    private static String joinedText(JsonNode values) {
        List<String> texts = new ArrayList<>();
        values.forEach(value -> texts.add(value.asText()));
        return String.join(" or ", texts);
    }

    /** The object a local {@code $ref} points at (followed repeatedly), or {@code node} itself. */
    private JsonNode resolve(JsonNode node) {
        JsonNode current = node;
        for (int hops = 0; hops < 10 && current.path("$ref").isTextual(); hops++) {
            String ref = current.path("$ref").asText();
            if (!ref.startsWith("#/")) {
                return current;
            }
            current = document.at(ref.substring(1));
        }
        return current;
    }

    private void paragraphs(String text) {
        for (String paragraph : text.split("\n\\s*\n")) {
            if (!paragraph.isBlank()) {
                html.append("<p>").append(inline(paragraph.strip())).append("</p>\n");
            }
        }
    }

    /** Escaped text with {@code `code`} and {@code **bold**} turned into markup (after escaping, so nothing leaks). */
    static String inline(String text) {
        String escaped = escape(text);
        escaped = CODE_SPAN.matcher(escaped).replaceAll("<code>$1</code>");
        return STRONG.matcher(escaped).replaceAll("<strong>$1</strong>");
    }

    /** {@code text} safe inside HTML elements and quoted attribute values. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** The operation's {@code operationId} (unique in a valid document), else its method and path. */
    private static String anchorOf(String path, String method, JsonNode operation) {
        String name = operation.path("operationId").isTextual() ? operation.path("operationId").asText()
                : method + path;
        return "op-" + NOT_ID.matcher(name).replaceAll("-");
    }

    private static String schemaId(String name) {
        return "schema-" + NOT_ID.matcher(name).replaceAll("-");
    }

    private static String pretty(JsonNode schema) {
        try {
            return PRETTY.writerWithDefaultPrettyPrinter().writeValueAsString(schema);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a schema could not be written back as JSON", e);
        }
    }
}
