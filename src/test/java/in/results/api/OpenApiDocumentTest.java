package in.results.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.catalog.Semester;
import in.results.core.HallTicket;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The shipped OpenAPI document ({@code src/main/resources/openapi.json}) is well-formed and agrees with the code. */
class OpenApiDocumentTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNode DOCUMENT = read("/openapi.json");
    private static final Pattern TEMPLATE_PARAMETER = Pattern.compile("\\{([^}]+)}");

    private static JsonNode read(String resource) {
        try (InputStream in = OpenApiDocumentTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource + " on the classpath").isNotNull();
            return MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What a {@code $ref} points at (followed repeatedly), or the node itself. */
    private static JsonNode resolve(JsonNode node) {
        JsonNode current = node;
        while (current.has("$ref")) {
            current = DOCUMENT.at(current.path("$ref").asText().substring(1));
        }
        return current;
    }

    private static void collectRefs(JsonNode node, String at, Map<String, String> refs) {
        if (node.isObject()) {
            node.properties().forEach(entry -> {
                if (entry.getKey().equals("$ref")) {
                    refs.put(at, entry.getValue().asText());
                } else {
                    collectRefs(entry.getValue(), at + "/" + entry.getKey(), refs);
                }
            });
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collectRefs(node.get(i), at + "/" + i, refs);
            }
        }
    }

    /** Whether {@code schema} is, or is built with {@code allOf}/{@code oneOf} from, the Error schema. */
    private static boolean usesErrorSchema(JsonNode schema) {
        if (schema.path("$ref").asText().equals("#/components/schemas/Error")) {
            return true;
        }
        for (String combination : List.of("allOf", "oneOf", "anyOf")) {
            for (JsonNode part : schema.path(combination)) {
                if (usesErrorSchema(part)) {
                    return true;
                }
            }
        }
        return false;
    }

    private record Operation(String path, String method, JsonNode node) {
        @Override
        public String toString() {
            return method.toUpperCase() + " " + path;
        }
    }

    private static List<Operation> operations() {
        List<Operation> operations = new ArrayList<>();
        DOCUMENT.path("paths")
                .properties()
                .forEach(path -> path.getValue().properties().forEach(entry -> {
                    if (entry.getValue().has("responses")) {
                        operations.add(new Operation(path.getKey(), entry.getKey(), entry.getValue()));
                    }
                }));
        return operations;
    }

    private static List<JsonNode> parameters(Operation operation) {
        List<JsonNode> parameters = new ArrayList<>();
        operation.node().path("parameters").forEach(parameter -> parameters.add(resolve(parameter)));
        return parameters;
    }

    @Test
    void the_document_parses_and_is_openapi_3_1_0() {
        assertThat(DOCUMENT.path("openapi").asText()).isEqualTo("3.1.0");
        assertThat(DOCUMENT.path("info").path("title").asText()).isNotBlank();
        assertThat(DOCUMENT.path("info").path("version").asText()).isNotBlank();
    }

    @Test
    void every_endpoint_of_the_service_is_a_documented_path() {
        assertThat(DOCUMENT.path("paths")
                        .propertyStream()
                        .map(Map.Entry::getKey)
                        .toList())
                .containsExactly(
                        "/api",
                        "/api/calculate",
                        "/api/bulk/calculate",
                        "/api/bulk/summary",
                        "/api/bulk/class",
                        "/result",
                        "/{hallticket}/{dob}/{year}",
                        "/calculate/{hallticket}/{dob}/{year}",
                        "/all-r18/{hallticket}",
                        "/report/{hallticket}",
                        "/report/{hallticket}.pdf",
                        "/attempts/{hallticket}",
                        "/all-r22/{hallticket}",
                        "/all-r25/{hallticket}",
                        "/all/{hallticket}",
                        "/compare/{hallticket}/{other_hallticket}",
                        "/new/all",
                        "/new/all/regular",
                        "/new/all/supply",
                        "/new/",
                        "/notifications",
                        "/feeds/releases.atom",
                        "/health",
                        "/health/ready",
                        "/metrics",
                        "/openapi.json",
                        "/docs",
                        "/",
                        "/student/{hallticket}",
                        "/class",
                        "/releases",
                        "/compare",
                        "/mcp");
    }

    @Test
    void every_ref_resolves() {
        Map<String, String> refs = new LinkedHashMap<>();
        collectRefs(DOCUMENT, "", refs);

        assertThat(refs).hasSizeGreaterThan(100);
        refs.forEach((at, ref) -> {
            assertThat(ref).as("$ref at %s", at).startsWith("#/");
            assertThat(DOCUMENT.at(ref.substring(1)).isMissingNode())
                    .as("%s (at %s) resolves", ref, at)
                    .isFalse();
        });
    }

    @Test
    void every_component_is_referenced_or_described_in_the_document() {
        Map<String, String> refs = new LinkedHashMap<>();
        collectRefs(DOCUMENT, "", refs);
        Set<String> referenced = new HashSet<>(refs.values());
        // 404 NOT_FOUND and 405 METHOD_NOT_ALLOWED answer requests no operation matches: documented once, by name.
        Set<String> standalone = Set.of("#/components/responses/NotFound", "#/components/responses/MethodNotAllowed");

        DOCUMENT.path("components")
                .properties()
                .forEach(kind -> kind.getValue()
                        .propertyStream()
                        .map(component -> "#/components/" + kind.getKey() + "/" + component.getKey())
                        .forEach(ref -> assertThat(referenced.contains(ref) || standalone.contains(ref))
                                .as("%s is used", ref)
                                .isTrue()));
    }

    @Test
    void every_operation_is_a_get_but_mcps_post_with_a_unique_id_a_summary_and_a_description() {
        Set<String> ids = new HashSet<>();
        for (Operation operation : operations()) {
            assertThat(operation.method())
                    .as(operation.toString())
                    .isEqualTo(operation.path().equals(McpRoutes.PATH) ? "post" : "get");
            assertThat(ids.add(operation.node().path("operationId").asText()))
                    .as("unique id of %s", operation)
                    .isTrue();
            assertThat(operation.node().path("summary").asText())
                    .as(operation.toString())
                    .isNotBlank();
            assertThat(operation.node().path("description").asText())
                    .as(operation.toString())
                    .isNotBlank();
        }
        assertThat(operations()).hasSize(DOCUMENT.path("paths").size());
    }

    @Test
    void every_operation_has_a_success_and_error_responses_with_the_error_schema() {
        for (Operation operation : operations()) {
            JsonNode responses = operation.node().path("responses");
            assertThat(responses.has("200") || responses.has("202"))
                    .as("%s answers 200 or 202", operation)
                    .isTrue();
            List<String> errors = responses
                    .propertyStream()
                    .map(Map.Entry::getKey)
                    .filter(status -> status.startsWith("4") || status.startsWith("5"))
                    .toList();
            assertThat(errors).as("%s documents errors", operation).contains("400", "414", "431", "500");
            for (String status : errors) {
                JsonNode response = resolve(responses.path(status));
                assertThat(response.path("description").asText())
                        .as("%s %s", operation, status)
                        .isNotBlank();
                assertThat(usesErrorSchema(response.path("content")
                                .path("application/json")
                                .path("schema")))
                        .as("%s %s answers the Error schema", operation, status)
                        .isTrue();
            }
        }
    }

    @Test
    void every_response_with_retry_after_is_one_that_sends_it() {
        for (Operation operation : operations()) {
            JsonNode responses = operation.node().path("responses");
            responses.properties().forEach(entry -> {
                boolean retryAfter = resolve(entry.getValue()).path("headers").has("Retry-After");
                // A bulk job's 202 says when to ask again; MCP's 202 takes a notification, and nothing follows it.
                boolean sendsIt = Set.of("429", "503").contains(entry.getKey())
                        || entry.getKey().equals("202") && !operation.path().equals(McpRoutes.PATH);
                assertThat(retryAfter)
                        .as("%s %s has Retry-After", operation, entry.getKey())
                        .isEqualTo(sendsIt);
            });
        }
    }

    @Test
    void only_monitoring_and_the_website_are_exempt_from_the_rate_limit() {
        Set<String> monitoring = Set.of(HttpApi.HEALTH, HttpApi.READY, HttpApi.METRICS);
        for (Operation operation : operations()) {
            boolean exempt = monitoring.contains(operation.path())
                    || WebsiteRoutes.isWebsite(operation.path().replace("{hallticket}", "189A1A0501"));
            assertThat(operation.node().path("responses").has("429"))
                    .as(operation.toString())
                    .isEqualTo(!exempt);
        }
    }

    @Test
    void the_website_pages_are_the_documented_website_operations() {
        List<String> documented = operations().stream()
                .filter(operation -> operation.node().path("tags").toString().contains("\"website\""))
                .map(Operation::path)
                .toList();

        assertThat(documented).containsExactlyElementsOf(WebsiteRoutes.PAGES);
    }

    @Test
    void every_answer_that_says_how_fresh_it_is_has_an_etag_and_a_304() {
        for (Operation operation : operations()) {
            JsonNode responses = operation.node().path("responses");
            boolean cached = resolve(responses.path("200")).path("headers").has("X-Cache");
            assertThat(resolve(responses.path("200")).path("headers").has("ETag"))
                    .as(operation.toString())
                    .isEqualTo(cached);
            assertThat(responses.has("304")).as(operation.toString()).isEqualTo(cached);
        }
    }

    @Test
    void path_templates_and_path_parameters_agree() {
        for (Operation operation : operations()) {
            Set<String> inTemplate = new TreeSet<>();
            Matcher names = TEMPLATE_PARAMETER.matcher(operation.path());
            while (names.find()) {
                inTemplate.add(names.group(1));
            }
            List<JsonNode> pathParameters = parameters(operation).stream()
                    .filter(parameter -> parameter.path("in").asText().equals("path"))
                    .toList();

            assertThat(pathParameters.stream()
                            .map(parameter -> parameter.path("name").asText())
                            .toList())
                    .as(operation.toString())
                    .containsExactlyInAnyOrderElementsOf(inTemplate);
            assertThat(pathParameters)
                    .allMatch(parameter -> parameter.path("required").asBoolean());
        }
    }

    @Test
    void every_parameter_has_a_schema_a_description_and_an_example_that_fits_its_pattern() {
        for (Operation operation : operations()) {
            for (JsonNode parameter : parameters(operation)) {
                String name = operation + " " + parameter.path("name").asText();
                JsonNode schema = resolve(parameter.path("schema"));
                assertThat(schema.path("type").asText()).as(name).isEqualTo("string");
                assertThat(parameter.path("description").asText()).as(name).isNotBlank();
                assertThat(parameter.has("example"))
                        .as(name + " has an example")
                        .isTrue();
                String example = parameter.path("example").asText();
                if (schema.has("pattern")) {
                    assertThat(Pattern.compile(schema.path("pattern").asText())
                                    .matcher(example)
                                    .find())
                            .as(name + " example fits")
                            .isTrue();
                }
                if (schema.has("enum")) {
                    assertThat(schema.path("enum").toString()).as(name).contains("\"" + example + "\"");
                }
                if (parameter.path("in").asText().equals("query")) {
                    int guard = RequestGuard.maxLengthOf(parameter.path("name").asText());
                    assertThat(schema.path("maxLength").asInt(guard))
                            .as(name + " within the guard's limit")
                            .isLessThanOrEqualTo(guard);
                }
            }
        }
    }

    private static void assertPatternAgrees(String schemaName, Predicate<String> serviceAccepts, List<String> samples) {
        JsonNode schema = DOCUMENT.path("components").path("schemas").path(schemaName);
        Pattern pattern = Pattern.compile(schema.path("pattern").asText());
        for (String sample : samples) {
            boolean documented = pattern.matcher(sample).find()
                    && sample.length() >= schema.path("minLength").asInt(0)
                    && sample.length() <= schema.path("maxLength").asInt(Integer.MAX_VALUE);
            assertThat(documented)
                    .as("%s documents '%s' as the service takes it", schemaName, sample)
                    .isEqualTo(serviceAccepts.test(sample));
        }
    }

    private static boolean accepts(Runnable check) {
        return catchThrowableOfType(ApiException.class, check::run) == null;
    }

    @Test
    void documented_parameter_rules_accept_exactly_what_the_service_accepts() {
        assertPatternAgrees(
                "HallTicket",
                HallTicket::isValid,
                List.of(
                        "189A1A0501",
                        "189a1a0501",
                        "20S11A6601",
                        "189A1A050",
                        "189A1A05011",
                        "189A1A05-1",
                        "189A1A05 1",
                        "",
                        "ABCDEFGHIJ"));
        assertPatternAgrees(
                "Dob",
                Params::isDob,
                List.of(
                        "2002-01-01",
                        "1999-12-31",
                        "2002-02-31",
                        "2002-13-01",
                        "2002-00-10",
                        "2002-1-01",
                        "02-01-2002",
                        "2002/01/01",
                        "",
                        "20020101"));
        assertPatternAgrees(
                "Year",
                text -> Semester.parse(text).isPresent(),
                List.of("1,1", "4,2", "2-1", " 3 , 2 ", "0,1", "5,1", "1,3", "11", "1.1", "", "1,1,1"));
        assertPatternAgrees(
                "UpstreamWord",
                text -> accepts(() -> Params.word("degree", text)),
                List.of(
                        "",
                        "btech",
                        "r17",
                        "null",
                        "gradercrv",
                        "A".repeat(20),
                        "A".repeat(21),
                        "b-tech",
                        "b tech",
                        "r17&x=1"));
        assertPatternAgrees(
                "FeedDegree",
                text -> accepts(() -> FeedRoutes.degree(text)),
                List.of(
                        "btech",
                        "bpharmacy",
                        "mtech",
                        "mpharmacy",
                        "mba",
                        "mca",
                        "BTECH",
                        "bsc",
                        "btech ",
                        "b.tech",
                        ""));
        assertPatternAgrees(
                "TitleRegulation",
                text -> accepts(() -> FeedRoutes.regulation(text)),
                List.of("R18", "R22", "R99", "r22", "R2", "R222", "22", "R-22", ""));
        JsonNode examCode =
                resolve(DOCUMENT.at("/components/parameters/ExamCode")).path("schema");
        Pattern examCodePattern = Pattern.compile(examCode.path("pattern").asText());
        for (String sample : List.of("1", "1560", "123456", "1234567", "15a0", "-1", " 1")) {
            assertThat(examCodePattern.matcher(sample).find())
                    .as("examCode '%s'", sample)
                    .isEqualTo(accepts(() -> Params.examCode("examCode", sample)));
        }
    }

    @Test
    void the_error_code_enum_is_every_code_the_service_sends() {
        Set<String> documented = new TreeSet<>();
        DOCUMENT.at("/components/schemas/Error/properties/code/enum").forEach(code -> documented.add(code.asText()));
        Set<String> sent = new TreeSet<>();
        for (ApiException e : List.of(
                ApiException.invalidParameter("x", "is bad"),
                ApiException.notFound(),
                ApiException.tooLarge("too long"),
                ApiException.rateLimited(1),
                ApiException.tooManyJobs(),
                ApiException.starting("starting"),
                ApiException.originNotAllowed("not this origin"),
                ApiException.bodyTooLarge(1),
                ApiException.unsupportedMediaType())) {
            sent.add(e.code());
        }
        for (int status : List.of(400, 404, 405, 414, 431, 500)) {
            sent.add(readTree(JettyErrorJson.body(status)).path("code").asText());
        }
        // ErrorMapper's own answers for lookups that found nothing or an upstream that failed.
        sent.addAll(List.of("RESULT_NOT_FOUND", "UPSTREAM_BAD_RESPONSE", "UPSTREAM_UNAVAILABLE"));

        assertThat(documented).isEqualTo(sent);
    }

    private static JsonNode readTree(byte[] json) {
        try {
            return MAPPER.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void every_code_a_response_narrows_to_is_an_error_code() {
        Set<String> codes = new HashSet<>();
        DOCUMENT.at("/components/schemas/Error/properties/code/enum").forEach(code -> codes.add(code.asText()));
        List<JsonNode> narrowed = new ArrayList<>();
        DOCUMENT.findParents("code").forEach(parent -> narrowed.add(parent.path("code")));

        assertThat(narrowed).isNotEmpty();
        for (JsonNode code : narrowed) {
            code.path("enum").forEach(value -> assertThat(codes).contains(value.asText()));
            if (code.has("const")) {
                assertThat(codes).contains(code.path("const").asText());
            }
        }
    }
}
