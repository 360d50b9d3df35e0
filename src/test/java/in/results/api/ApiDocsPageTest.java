package in.results.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/** The HTML page rendered from an OpenAPI document: complete, self-contained, and escaped. */
class ApiDocsPageTest {
    private static final String SCRIPT = "<script>alert('x')</script>";
    private static final String ESCAPED_SCRIPT = "&lt;script&gt;alert('x')&lt;/script&gt;";

    /** A tiny document that puts markup into every kind of text the page shows. */
    private static JsonNode hostileDocument() {
        String json = """
                {"openapi": "3.1.0",
                 "info": {"title": "T <script>", "version": "1 & 2", "description": "D S"},
                 "paths": {"/x/{id}\\"><script>": {"get": {
                   "operationId": "op\\" onmouseover=\\"evil",
                   "summary": "S S", "description": "`S` and **S**",
                   "parameters": [{"name": "S", "in": "query", "description": "S", "example": "S",
                                   "schema": {"type": "string", "pattern": "S", "enum": ["S"]}}],
                   "responses": {"200": {"description": "S",
                     "headers": {"S": {"description": "S", "schema": {"type": "string"}}},
                     "content": {"text/html": {"schema": {"$ref": "#/components/schemas/S\\" x=\\""}}}}}}}},
                 "components": {"schemas": {"S\\" x=\\"": {"description": "S", "const": "S"}}}}
                """.replace("S", SCRIPT);
        return DocsRoutes.parse(json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void the_renderer_escapes_every_text_it_takes_from_the_document() {
        String html = ApiDocsPage.htmlOf(hostileDocument());
        Document page = Jsoup.parse(html);

        assertThat(html).doesNotContainIgnoringCase("<script");
        assertThat(html).contains(ESCAPED_SCRIPT);
        assertThat(page.title()).isEqualTo("T <script>");
        assertThat(html).doesNotContain("\" onmouseover");
        assertThat(page.select("script, [onmouseover], [x]"))
                .as("no element or attribute made of the document's text")
                .isEmpty();
        assertThat(html)
                .contains("<code>" + ESCAPED_SCRIPT + "</code>")
                .contains("<strong>" + ESCAPED_SCRIPT + "</strong>");
        assertThat(html).contains("1 &amp; 2");
    }

    @Test
    void only_code_spans_and_bold_become_markup() {
        Element paragraph = new Element("p");

        DocsMarkup.inline(paragraph, "`<b>` and **x** & \"y\"");

        assertThat(paragraph.html()).isEqualTo("<code>&lt;b&gt;</code> and <strong>x</strong> &amp; \"y\"");
        assertThat(paragraph.select("b")).isEmpty();
    }

    @Test
    void the_service_page_shows_every_operation_its_parameters_responses_and_schemas() {
        JsonNode document = DocsRoutes.parse(DocsRoutes.documentResource());

        String html = ApiDocsPage.htmlOf(document);
        Document page = Jsoup.parse(html);

        document.path("paths").properties().forEach(path -> {
            JsonNode operation =
                    path.getValue().propertyStream().findFirst().orElseThrow().getValue(); // one a path
            Element section =
                    page.getElementById("op-" + operation.path("operationId").asText());
            assertThat(section).as(path.getKey()).isNotNull();
            assertThat(section.tagName()).isEqualTo("section");
            assertThat(section.expectFirst("h2 code").text()).isEqualTo(path.getKey());
            assertThat(section.expectFirst("p.summary").text())
                    .isEqualTo(operation.path("summary").asText());
        });
        for (String parameter : new String[] {
            "hallticket",
            "hallticket_from",
            "hallticket_to",
            "examCode",
            "eType",
            "etype",
            "degree",
            "type",
            "result",
            "dob",
            "year",
            "refresh"
        }) {
            assertThat(html).contains("<td><code>" + parameter + "</code></td>");
        }
        for (String status : new String[] {"200", "202", "400", "404", "414", "429", "431", "500", "502", "503"}) {
            assertThat(html).contains("<tr><td>" + status + "</td>");
        }
        document.path("components")
                .path("schemas")
                .propertyStream()
                .map(Map.Entry::getKey)
                .forEach(schema -> assertThat(html).contains("<h3 id=\"schema-" + schema + "\">"));
        assertThat(html).contains("X-Cache", "Cache-Control", "Age", "Retry-After", "X-Bulk-Missing");
    }

    @Test
    void the_page_is_self_contained_with_links_only_within_itself_and_to_the_document() {
        String html = ApiDocsPage.htmlOf(DocsRoutes.parse(DocsRoutes.documentResource()));

        assertThat(html)
                .startsWith("<!DOCTYPE html>")
                .doesNotContainIgnoringCase("<script")
                .doesNotContainIgnoringCase("<link")
                .doesNotContainIgnoringCase(" src=")
                .doesNotContainIgnoringCase("url(")
                .doesNotContainIgnoringCase("@import");
        Matcher hrefs = Pattern.compile("href=\"([^\"]*)\"").matcher(html);
        int links = 0;
        while (hrefs.find()) {
            links++;
            String target = hrefs.group(1);
            assertThat(target.equals("openapi.json") || target.startsWith("#"))
                    .as(target)
                    .isTrue();
            if (target.startsWith("#")) {
                assertThat(html).as("anchor %s exists", target).contains("id=\"" + target.substring(1) + "\"");
            }
        }
        assertThat(links).isGreaterThan(20);
    }
}
