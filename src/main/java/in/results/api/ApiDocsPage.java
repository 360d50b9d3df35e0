package in.results.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Renders an OpenAPI document as one self-contained HTML page: per path and method the summary, description,
 * parameters and responses, then the schemas. The page has no scripts and loads nothing (users may have no internet,
 * and {@code /docs} is served with a policy that forbids both). It is built as a jsoup DOM: text from the document
 * only ever becomes text nodes and attribute values, which jsoup escapes when it writes the page; the only markup
 * made from it is {@code `code`} and {@code **bold**}. Missing parts of the document are left out rather than
 * failing: the page shows what the document says.
 */
final class ApiDocsPage {
    private static final List<String> METHODS =
            List.of("get", "put", "post", "delete", "options", "head", "patch", "trace");
    private static final List<String> BOUNDS = List.of("minLength", "maxLength", "minimum", "maximum");
    private static final String SCHEMA_REF = "#/components/schemas/";

    private static final Pattern NOT_ID = Pattern.compile("[^A-Za-z0-9_-]");
    /** The page around the document's content: fixed markup and style, nothing taken from the document. */
    private static final String SKELETON = """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1"><title></title><style>
            body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem 2rem;color:#1d1d1d}
            h1 small{font-weight:normal;color:#666;font-size:.6em} h3{margin-bottom:.3rem}
            h2{margin-top:2.5rem;border-bottom:1px solid #ccc;padding-bottom:.2rem}
            code,pre{font-family:ui-monospace,monospace;font-size:.9em;background:#f4f4f4;border-radius:3px}
            code{padding:0 .2em} pre{padding:.6rem;overflow-x:auto} .summary{font-weight:600} nav li{margin:.15rem 0}
            table{border-collapse:collapse;width:100%;margin:.4rem 0 1rem} th{background:#f0f0f0}
            th,td{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
            .method{display:inline-block;min-width:4em;padding:0 .4em;border-radius:3px;background:#0b6e4f;color:#fff;
            font-size:.8em;text-align:center}
            </style></head><body>
            <header><h1></h1><div></div><p>The same contract, machine-readable: <a href="openapi.json">/openapi.json</a>
            (OpenAPI <span></span>).</p></header>
            <nav><h2>Endpoints</h2><ul></ul></nav><main></main></body></html>
            """;

    private final JsonNode document;

    private ApiDocsPage(JsonNode document) {
        this.document = document;
    }

    /** The page for {@code document}, an OpenAPI 3.1 document as a JSON tree. */
    static String htmlOf(JsonNode document) {
        return new ApiDocsPage(document).render();
    }

    private String render() {
        Document page = Jsoup.parse(SKELETON);
        page.outputSettings().prettyPrint(false);
        JsonNode info = document.path("info");
        page.title(info.path("title").asText("API"));
        Element title = page.expectFirst("h1").text(page.title());
        if (info.hasNonNull("version")) {
            title.appendText(" ")
                    .appendElement("small")
                    .text(info.path("version").asText());
        }
        DocsMarkup.paragraphs(
                page.expectFirst("header > div"), info.path("summary").asText(""));
        DocsMarkup.paragraphs(
                page.expectFirst("header > div"), info.path("description").asText(""));
        page.expectFirst("header > p > span").text(document.path("openapi").asText("?"));
        Element contents = page.expectFirst("nav > ul");
        Element main = page.expectFirst("main");
        document.path("paths").properties().forEach(path -> {
            for (String method : METHODS) {
                JsonNode operation = path.getValue().path(method);
                if (operation.isObject()) {
                    String anchor = anchorOf(path.getKey(), method, operation);
                    Element item = contents.appendElement("li");
                    methodAndPath(item.appendElement("a").attr("href", "#" + anchor), method, path.getKey());
                    if (operation.hasNonNull("summary")) {
                        item.appendText(" — " + operation.path("summary").asText());
                    }
                    operation(main.appendElement("section").id(anchor), path.getKey(), method, path.getValue());
                }
            }
        });
        JsonNode schemas = document.path("components").path("schemas");
        if (schemas.isObject()) {
            contents.appendElement("li")
                    .appendElement("a")
                    .attr("href", "#schemas")
                    .text("Schemas");
            schemas(main.appendElement("section").id("schemas"), schemas);
        }
        // jsoup writes the HTML5 doctype in lower case; keep the customary upper case.
        return page.outerHtml().replaceFirst("^<!doctype html>", "<!DOCTYPE html>") + "\n";
    }

    private static void methodAndPath(Element into, String method, String path) {
        into.appendElement("span").addClass("method").text(method.toUpperCase(Locale.ROOT));
        DocsMarkup.code(into.appendText(" "), path);
    }

    private void operation(Element section, String path, String method, JsonNode item) {
        JsonNode operation = item.path(method);
        methodAndPath(section.appendElement("h2"), method, path);
        if (operation.hasNonNull("summary")) {
            DocsMarkup.inline(
                    section.appendElement("p").addClass("summary"),
                    operation.path("summary").asText());
        }
        DocsMarkup.paragraphs(section, item.path("description").asText(""));
        DocsMarkup.paragraphs(section, operation.path("description").asText(""));
        parameters(
                section,
                Stream.concat(
                                item.path("parameters").valueStream(),
                                operation.path("parameters").valueStream())
                        .map(this::resolve)
                        .toList());
        responses(section, operation.path("responses"));
    }

    private void parameters(Element section, List<JsonNode> parameters) {
        Element table = table(section, "Parameters", "name", "in", "required", "value", "description");
        for (JsonNode parameter : parameters) {
            Element row = table.appendElement("tr");
            DocsMarkup.code(row.appendElement("td"), parameter.path("name").asText());
            row.appendElement("td").text(parameter.path("in").asText());
            row.appendElement("td").text(parameter.path("required").asBoolean(false) ? "yes" : "no");
            Element value = row.appendElement("td");
            constraints(value, parameter.path("schema"));
            if (parameter.has("example")) {
                DocsMarkup.code(
                        value.appendElement("div").text("example: "),
                        parameter.path("example").asText());
            }
            DocsMarkup.inline(
                    row.appendElement("td"), parameter.path("description").asText(""));
        }
        replaceIfEmpty(table, "None.");
    }

    private void responses(Element section, JsonNode responses) {
        Element table = table(section, "Responses", "status", "description", "body", "headers");
        responses.properties().forEach(entry -> {
            JsonNode response = resolve(entry.getValue());
            Element row = table.appendElement("tr");
            row.appendElement("td").text(entry.getKey());
            DocsMarkup.inline(
                    row.appendElement("td"), response.path("description").asText(""));
            Element bodies = row.appendElement("td");
            response.path("content")
                    .properties()
                    .forEach(media -> summary(
                            DocsMarkup.code(bodies.appendElement("div"), media.getKey())
                                    .appendText(": "),
                            media.getValue().path("schema")));
            Element headers = row.appendElement("td");
            response.path("headers").properties().forEach(header -> {
                JsonNode resolved = resolve(header.getValue());
                DocsMarkup.inline(
                        DocsMarkup.code(headers.appendElement("div"), header.getKey())
                                .appendText((resolved.path("required").asBoolean(false) ? "" : " (optional)") + ": "),
                        resolved.path("description").asText(""));
            });
        });
        replaceIfEmpty(table, "None documented.");
    }

    /** Appends a heading and a table with a header row of {@code columns}; the caller appends the rows. */
    private static Element table(Element section, String heading, String... columns) {
        section.appendElement("h3").text(heading);
        Element table = section.appendElement("table");
        Element header = table.appendElement("tr");
        for (String column : columns) {
            header.appendElement("th").text(column);
        }
        return table;
    }

    /** Replaces a table that got no rows below its header with the sentence {@code none}. */
    private static void replaceIfEmpty(Element table, String none) {
        if (table.childrenSize() == 1) {
            table.replaceWith(new Element("p").text(none));
        }
    }

    private static void schemas(Element section, JsonNode schemas) {
        section.appendElement("h2").text("Schemas");
        schemas.properties().forEach(schema -> {
            section.appendElement("h3").id(schemaId(schema.getKey())).text(schema.getKey());
            DocsMarkup.paragraphs(section, schema.getValue().path("description").asText(""));
            section.appendElement("pre").text(schema.getValue().toPrettyString());
        });
    }

    /** Appends a one-line description of a schema: a link for a named schema, its shape otherwise. */
    private void summary(Element into, JsonNode schema) {
        String ref = schema.path("$ref").asText();
        if (ref.startsWith(SCHEMA_REF)) {
            String name = ref.substring(SCHEMA_REF.length());
            into.appendElement("a").attr("href", "#" + schemaId(name)).text(name);
        } else if (schema.hasNonNull("$ref")) {
            DocsMarkup.code(into, ref);
        } else if (schema.path("oneOf").isArray() || schema.path("anyOf").isArray()) {
            DocsMarkup.each(
                    into.appendText("one of "),
                    schema.path(schema.path("oneOf").isArray() ? "oneOf" : "anyOf"),
                    " | ",
                    alternative -> summary(into, alternative));
        } else if (schema.path("allOf").isArray()) {
            DocsMarkup.each(into, schema.path("allOf"), " with ", part -> summary(into, part));
        } else if (schema.has("const")) {
            DocsMarkup.code(into, schema.path("const").toString());
        } else if (schema.path("enum").isArray()) {
            DocsMarkup.each(into, schema.path("enum"), " | ", value -> DocsMarkup.code(into, value.asText()));
        } else if (schema.path("prefixItems").isArray()) {
            DocsMarkup.each(into.appendText("["), schema.path("prefixItems"), ", ", item -> summary(into, item));
            into.appendText("]");
        } else if (schema.path("items").isObject()) {
            summary(into.appendText("array of "), schema.path("items"));
        } else if (!schema.has("type") && schema.path("properties").isObject()) {
            DocsMarkup.each(
                    into.appendText("{"),
                    schema.path("properties").properties(),
                    ", ",
                    property ->
                            summary(DocsMarkup.code(into, property.getKey()).appendText(": "), property.getValue()));
            into.appendText("}");
        } else {
            constraints(into, schema);
        }
    }

    /** Appends the type and rules of a parameter's or a simple schema's values, following a reference. */
    private void constraints(Element into, JsonNode schema) {
        JsonNode resolved = resolve(schema);
        if (resolved.path("enum").isArray() || resolved.has("const")) {
            summary(into, resolved);
            return;
        }
        if (schema.hasNonNull("$ref")) {
            summary(into, schema);
            into.appendText(": ");
        }
        JsonNode type = resolved.path("type");
        into.appendText(
                type.isArray()
                        ? type.valueStream().map(JsonNode::asText).collect(Collectors.joining(" or "))
                        : type.asText("any"));
        if (resolved.has("pattern")) {
            DocsMarkup.code(
                    into.appendText(", pattern "), resolved.path("pattern").asText());
        }
        for (String bound : BOUNDS) {
            if (resolved.has(bound)) {
                into.appendText(", " + bound + " " + resolved.path(bound).asText());
            }
        }
    }

    /** The object a local {@code $ref} points at (followed repeatedly), or {@code node} itself. */
    private JsonNode resolve(JsonNode node) {
        JsonNode current = node;
        for (int hops = 0; hops < 10 && current.path("$ref").asText().startsWith("#/"); hops++) {
            current = document.at(current.path("$ref").asText().substring(1));
        }
        return current;
    }

    /** The operation's {@code operationId} (unique in a valid document), else its method and path. */
    private static String anchorOf(String path, String method, JsonNode operation) {
        String name = operation.path("operationId").isTextual()
                ? operation.path("operationId").asText()
                : method + path;
        return "op-" + NOT_ID.matcher(name).replaceAll("-");
    }

    private static String schemaId(String name) {
        return "schema-" + NOT_ID.matcher(name).replaceAll("-");
    }
}
