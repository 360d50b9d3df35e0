package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.Ticker;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamKind;
import io.javalin.router.ParsedEndpoint;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI document and the running service agree: every documented path is served, every route is documented,
 * requests built from the document alone get the answers it describes, and {@code /docs} renders it.
 */
class ApiDocsIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final JsonNode DOCUMENT = ServiceClient.MAPPER.valueToTree(readDocument());
    /** On {@code /api} the optional hall ticket parameters choose the form (the document's dispatch rule). */
    private static final List<Set<String>> API_FORMS =
            List.of(Set.of("hallticket"), Set.of("hallticket_from", "hallticket_to"));

    private static final Set<String> FORM_PARAMETERS = Set.of("hallticket", "hallticket_from", "hallticket_to");

    private TestUniverse universe;
    private ServiceClient client;

    @BeforeEach
    void start() {
        universe = TestUniverse.start(COHORT, Ticker.systemTicker(), Map.of());
        client = universe.client();
    }

    @AfterEach
    void stop() {
        universe.close();
    }

    private static byte[] documentBytes() {
        try (InputStream in = ApiDocsIT.class.getResourceAsStream("/openapi.json")) {
            assertThat(in).as("openapi.json on the classpath").isNotNull();
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode readDocument() {
        try {
            return ServiceClient.MAPPER.readTree(documentBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode resolve(JsonNode node) {
        JsonNode current = node;
        while (current.has("$ref")) {
            current = DOCUMENT.at(current.path("$ref").asText().substring(1));
        }
        return current;
    }

    /**
     * A student of the simulated cohort with a regular 1-1 result (the document's {@code year} example is 1,1) and
     * that release: the real values "where it matters", so that requests built from the document find results.
     * {@code /all-r22} needs an R22 student, every other path an R18 one.
     */
    private record RealExample(Student student, Exam exam) {
        static RealExample find(String regulation) {
            for (Student student : COHORT.students()) {
                if (student.lateralEntry()
                        || student.detained()
                        || !student.regulation().equals(regulation)) {
                    continue;
                }
                for (String code : student.results().keySet()) {
                    Exam exam = COHORT.exam(code).orElseThrow();
                    if (exam.semester().equals("1-1") && exam.kind() == ExamKind.REGULAR && !exam.rcrv()) {
                        return new RealExample(student, exam);
                    }
                }
            }
            throw new AssertionError("the cohort has no student with a regular 1-1 result");
        }

        /** Values to use instead of the document's examples. */
        Map<String, String> values() {
            Map<String, String> values = new LinkedHashMap<>(exam.linkParams());
            values.put("hallticket", student.hallTicket());
            values.put("hallticket_from", student.hallTicket());
            values.put("hallticket_to", student.hallTicket());
            return values;
        }
    }

    /** One documented GET operation and a request for it built from the document. */
    private record Probe(String path, JsonNode operation, String request) {
        @Override
        public String toString() {
            return "GET " + path + " as " + request;
        }
    }

    /**
     * For every documented GET, a request: path parameters and required query parameters filled from the
     * document's {@code example}s, the hall ticket and the release's own parameters from the cohort. {@code /api}
     * gets one request per form.
     */
    private static List<Probe> probes() {
        Map<String, String> real = RealExample.find("R18").values();
        real.put("other_hallticket", RealExample.find("R22").student().hallTicket()); // /compare's second student
        Map<String, String> realR22 = RealExample.find("R22").values();
        Map<String, String> realR25 = RealExample.find("R25").values();
        List<Probe> probes = new ArrayList<>();
        DOCUMENT.path("paths").properties().forEach(entry -> {
            JsonNode operation = entry.getValue().path("get");
            if (!operation.isObject()) {
                return; // POST /mcp: McpIT speaks its protocol
            }
            List<JsonNode> parameters = new ArrayList<>();
            operation.path("parameters").forEach(parameter -> parameters.add(resolve(parameter)));
            boolean twoForms = parameters.stream()
                    .filter(parameter ->
                            FORM_PARAMETERS.contains(parameter.path("name").asText()))
                    .noneMatch(parameter -> parameter.path("required").asBoolean());
            List<Set<String>> forms = twoForms
                            && parameters.stream()
                                    .anyMatch(parameter ->
                                            parameter.path("name").asText().equals("hallticket_from"))
                    ? API_FORMS
                    : List.of(Set.of());
            for (Set<String> form : forms) {
                probes.add(new Probe(
                        entry.getKey(),
                        operation,
                        request(
                                entry.getKey(),
                                parameters,
                                form,
                                entry.getKey().startsWith("/all-r22/")
                                        ? realR22
                                        : entry.getKey().startsWith("/all-r25/") ? realR25 : real)));
            }
        });
        return probes;
    }

    private static String request(
            String template, List<JsonNode> parameters, Set<String> form, Map<String, String> real) {
        String path = template;
        List<String> query = new ArrayList<>();
        for (JsonNode parameter : parameters) {
            String name = parameter.path("name").asText();
            String value = real.getOrDefault(name, parameter.path("example").asText());
            boolean wanted = parameter.path("required").asBoolean()
                    || form.contains(name)
                    || (real.containsKey(name) && !FORM_PARAMETERS.contains(name));
            switch (parameter.path("in").asText()) {
                case "path" -> {
                    assertThat(value).as("path example of " + name).matches("[A-Za-z0-9,-]+");
                    path = path.replace("{" + name + "}", value);
                }
                case "query" -> {
                    if (wanted) {
                        query.add(name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8));
                    }
                }
                default -> throw new AssertionError("unexpected parameter location of " + name);
            }
        }
        return query.isEmpty() ? path : path + "?" + String.join("&", query);
    }

    @Test
    void openapi_json_answers_the_document_as_written() {
        var reply = client.get("/openapi.json");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.header("Content-Type")).isEqualToIgnoringWhitespace("application/json; charset=utf-8");
        assertThat(reply.response().body()).isEqualTo(new String(documentBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void every_documented_path_is_served() {
        List<Probe> probes = probes();

        assertThat(probes).hasSize(DOCUMENT.path("paths").size() - 1 + 1); // /mcp is no GET; /api has two forms
        for (Probe probe : probes) {
            var reply = client.get(probe.request());
            assertThat(reply.status()).as(probe.toString()).isIn(200, 202, 400, 404);
            if (reply.status() == 404) {
                assertThat(reply.json().path("code").asText())
                        .as(probe.toString())
                        .isEqualTo("RESULT_NOT_FOUND");
            }
        }
    }

    @Test
    void requests_built_from_the_document_get_the_answers_it_documents() {
        for (Probe probe : probes()) {
            var first = client.get(probe.request());
            assertThat(first.status()).as(probe.toString()).isIn(200, 202);
            assertDocumented(probe, first);
            // A bulk job of one hall ticket answers 202 until it has finished: every answer on the way is documented.
            var reply = first.status() != 202
                    ? first
                    : await(probe + " finishes")
                            .atMost(Duration.ofSeconds(15))
                            .pollInterval(Duration.ofMillis(50))
                            .until(
                                    () -> {
                                        var polled = client.get(probe.request());
                                        assertDocumented(probe, polled);
                                        return polled;
                                    },
                                    polled -> polled.status() != 202);
            assertThat(reply.status()).as(probe + " finishes").isEqualTo(200);
        }
    }

    @Test
    void documented_errors_are_the_errors_the_service_answers() {
        var missing = client.get("/api/calculate?examCode=1");
        var malformed = client.get("/all-r18/short");
        var unknown = client.get("/api?hallticket=" + Cases.hallTicketWithoutStudent(COHORT) + "&examCode=1");
        var noYear = client.get("/all/ABCDEFGHIJ");
        var before2018 = client.get("/all/17BD1A0501");
        var noR22Result = client.get("/all-r22/" + Cases.hallTicketWithoutStudent(COHORT));
        var sameTwice = client.get("/compare/189A1A0501/189a1a0501");
        var noSecondResult = client.get("/compare/189A1A0501/" + Cases.hallTicketWithoutStudent(COHORT));

        assertConforms("/api/calculate", missing, 400);
        assertConforms("/all-r18/{hallticket}", malformed, 400);
        assertConforms("/api", unknown, 404);
        assertConforms("/all/{hallticket}", noYear, 400);
        assertConforms("/all/{hallticket}", before2018, 404);
        assertConforms("/all-r22/{hallticket}", noR22Result, 404);
        assertConforms("/compare/{hallticket}/{other_hallticket}", sameTwice, 400);
        assertConforms("/compare/{hallticket}/{other_hallticket}", noSecondResult, 404);
    }

    private void assertConforms(String path, ServiceClient.Reply reply, int status) {
        assertThat(reply.status()).isEqualTo(status);
        assertDocumented(new Probe(path, DOCUMENT.path("paths").path(path).path("get"), "an error"), reply);
    }

    /** The answer's status is documented for the operation, and its headers and body are as documented. */
    private static void assertDocumented(Probe probe, ServiceClient.Reply reply) {
        String status = Integer.toString(reply.status());
        JsonNode responses = probe.operation().path("responses");
        assertThat(responses.has(status))
                .as("%s answers documented status %s", probe, status)
                .isTrue();
        JsonNode response = resolve(responses.path(status));
        response.path("headers").properties().forEach(header -> {
            JsonNode documented = resolve(header.getValue());
            String value = reply.header(header.getKey());
            if (documented.path("required").asBoolean()) {
                assertThat(value).as("%s header %s", probe, header.getKey()).isNotNull();
            }
            if (value != null) {
                JsonNode schema = documented.path("schema");
                JsonNode typed = schema.path("type").asText().equals("integer")
                        ? ServiceClient.MAPPER.getNodeFactory().numberNode(Long.parseLong(value))
                        : ServiceClient.MAPPER.getNodeFactory().textNode(value);
                assertThat(SchemaCheck.violations(DOCUMENT, schema, typed))
                        .as("%s header %s", probe, header.getKey())
                        .isEmpty();
            }
        });
        String contentType = reply.header("Content-Type");
        String mediaType = contentType.split(";")[0].strip();
        JsonNode content = response.path("content");
        assertThat(content.has(mediaType))
                .as("%s answers documented %s", probe, contentType)
                .isTrue();
        if (mediaType.equals("application/json")) {
            assertThat(SchemaCheck.violations(DOCUMENT, content.path(mediaType).path("schema"), reply.json()))
                    .as("%s %s body as documented", probe, status)
                    .isEmpty();
        }
    }

    private static String withoutTrailingSlash(String path) {
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    /**
     * Routes the OpenAPI document leaves out: those of result alerts (subscriptions with POST and DELETE, browser push,
     * the live page's event stream), documented in docs/api.md — the document's operations are all GETs answering
     * JSON — and the website's service worker, a file of the website like its assets.
     */
    private static final Set<String> NOT_OPERATIONS = Set.of(
            "/api/subscriptions",
            "/api/subscriptions/{id}",
            "/api/push/key",
            "/api/push",
            "/events/student/{hallticket}",
            "/sw.js");

    @Test
    void every_route_of_the_service_is_documented_and_every_documented_path_is_a_route() {
        List<ParsedEndpoint> endpoints =
                universe.service().unsafe.internalRouter.allHttpHandlers();
        Set<String> routes = new TreeSet<>();
        for (ParsedEndpoint parsed : endpoints) {
            if (parsed.endpoint.method.isHttpMethod() && !NOT_OPERATIONS.contains(parsed.endpoint.path)) {
                routes.add(parsed.endpoint.method.name().toLowerCase(java.util.Locale.ROOT) + " "
                        + withoutTrailingSlash(parsed.endpoint.path));
            }
        }
        Set<String> documented = new TreeSet<>();
        DOCUMENT.path("paths")
                .propertyStream()
                .forEach(path -> path.getValue()
                        .propertyStream()
                        .forEach(operation ->
                                documented.add(operation.getKey() + " " + withoutTrailingSlash(path.getKey()))));

        // Javalin ignores trailing slashes: the documented /new/ is the route /new.
        assertThat(routes).isEqualTo(documented);
    }

    @Test
    void docs_is_html_showing_every_path_without_scripts() {
        var reply = client.get("/docs");
        String html = reply.response().body();

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.header("Content-Type")).isEqualToIgnoringWhitespace("text/html; charset=utf-8");
        assertThat(reply.header("Content-Security-Policy")).isEqualTo("default-src 'none'; style-src 'unsafe-inline'");
        assertThat(html).startsWith("<!DOCTYPE html>").doesNotContainIgnoringCase("<script");
        DOCUMENT.path("paths").propertyStream().forEach(path -> assertThat(html).contains(path.getKey()));
    }

    @Test
    void docs_routes_go_through_the_request_guards() {
        var repeated = client.get("/openapi.json?x=1&x=2");
        var tooLong = client.get("/docs?x=" + "a".repeat(1100));

        assertThat(repeated.status()).isEqualTo(400);
        assertThat(repeated.json().path("code").asText()).isEqualTo("INVALID_PARAMETER");
        assertThat(tooLong.status()).isEqualTo(414);
        assertThat(tooLong.json().path("code").asText()).isEqualTo("REQUEST_TOO_LARGE");
    }
}
