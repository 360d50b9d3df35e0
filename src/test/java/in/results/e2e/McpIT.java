package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.benmanes.caffeine.cache.Ticker;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.CohortCases;
import in.results.simulator.cohort.EdgeCase;
import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import io.javalin.Javalin;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code /mcp} against the simulator, through the MCP SDK's own client: every tool's answer compared with its HTTP
 * twin's for the same student or class, and figures with the simulator's truth; the protocol's bad input; origins
 * and the rate limit as on every route.
 */
class McpIT {
    /** The demo's cohort, so that docs/mcp.md's hall tickets are students here. */
    private static final Cohort COHORT = Cohort.generate(Cohort.DEFAULT_SEED);

    private static final CohortCases CASES = CohortCases.of(COHORT);
    private static final DateTimeFormatter LISTED = DateTimeFormatter.ofPattern("dd-MMM-yyyy", Locale.ENGLISH);

    private TestUniverse universe;
    private ServiceClient http;
    private McpSyncClient mcp;

    @BeforeEach
    void start() {
        universe = TestUniverse.start(COHORT, Ticker.systemTicker(), Map.of());
        http = universe.client();
        mcp = McpClients.connected(universe.service().port());
    }

    @AfterEach
    void stop() {
        mcp.close();
        universe.close();
    }

    private static Student student(EdgeCase edgeCase) {
        return COHORT.student(CASES.first(edgeCase).hallTicket()).orElseThrow();
    }

    private static JsonNode canonical(JsonNode json) {
        return ExpectedReport.numbersCanonical(json);
    }

    /** {@code structured} less the course the HTTP twin names in its headers, which a tool answer carries inline. */
    private static JsonNode withoutCourse(JsonNode structured) {
        ObjectNode copy = structured.deepCopy();
        copy.remove(List.of("regulation", "degree"));
        return copy;
    }

    @Test
    void every_tool_is_listed_read_only_with_an_object_schema_and_a_description() {
        List<McpSchema.Tool> tools = mcp.listTools().tools();

        assertThat(tools)
                .extracting(McpSchema.Tool::name)
                .containsExactlyInAnyOrder(
                        "get_student_results",
                        "get_attempts",
                        "get_report",
                        "what_if",
                        "get_exam_result",
                        "list_releases",
                        "get_class_summary",
                        "get_class_record",
                        "compare_students");
        for (McpSchema.Tool tool : tools) {
            assertThat(tool.inputSchema()).as(tool.name()).containsEntry("type", "object");
            assertThat(tool.annotations().readOnlyHint()).as(tool.name()).isTrue();
            assertThat(tool.annotations().destructiveHint()).as(tool.name()).isFalse();
            assertThat(tool.description()).as(tool.name()).isNotBlank();
        }
        assertThat(tools.stream().filter(tool -> tool.name().equals("get_report")))
                .singleElement()
                .satisfies(tool -> assertThat(tool.description()).contains("not an official figure"));
        assertThat(mcp.ping()).isNotNull();
        assertThat(mcp.getServerInfo().name()).isEqualTo("results-service");
    }

    @Test
    void the_release_feed_is_a_resource_whose_text_is_the_feed_routes_answer() {
        List<McpSchema.Resource> resources = mcp.listResources().resources();

        assertThat(resources).singleElement().satisfies(resource -> {
            assertThat(resource.uri()).isEqualTo("results://feeds/releases.atom");
            assertThat(resource.mimeType()).isEqualTo("application/atom+xml");
        });
        McpSchema.ReadResourceResult read =
                mcp.readResource(McpSchema.ReadResourceRequest.builder("results://feeds/releases.atom")
                        .build());
        var feed = http.get("/feeds/releases.atom");
        assertThat(read.contents())
                .singleElement()
                .isInstanceOfSatisfying(McpSchema.TextResourceContents.class, text -> {
                    assertThat(text.mimeType()).isEqualTo("application/atom+xml");
                    assertThat(text.text()).isEqualTo(feed.response().body());
                });
        String newest = http.get("/new/").json().get(0).get("exam_name").asText();
        assertThat(feed.response().body()).contains(newest);
        assertThatThrownBy(() -> mcp.readResource(McpSchema.ReadResourceRequest.builder("results://feeds/other.atom")
                        .build()))
                .isInstanceOfSatisfying(
                        McpError.class,
                        error -> assertThat(error.getJsonRpcError().code())
                                .isEqualTo(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND));
    }

    @Test
    void the_feed_resource_without_a_release_list_is_a_json_rpc_error_with_the_apis_sentence_and_code() {
        universe.primary().setDown(true);
        universe.mirror().setDown(true);
        Javalin listless = ExamEndpointsIT.startService(
                List.of(universe.primary().baseUrl(), universe.mirror().baseUrl()));
        try (McpSyncClient client = McpClients.connected(listless.port())) {
            var feed = new ServiceClient(listless.port()).get("/feeds/releases.atom");
            assertThat(feed.status()).isEqualTo(503);

            assertThatThrownBy(() ->
                            client.readResource(McpSchema.ReadResourceRequest.builder("results://feeds/releases.atom")
                                    .build()))
                    .isInstanceOfSatisfying(McpError.class, error -> {
                        assertThat(error.getJsonRpcError().code()).isEqualTo(McpSchema.ErrorCodes.INTERNAL_ERROR);
                        assertThat(error.getJsonRpcError().message())
                                .isEqualTo(feed.json().get("error").asText());
                        assertThat(error.getJsonRpcError().data())
                                .isEqualTo(
                                        Map.of("code", feed.json().get("code").asText()));
                    });
        } finally {
            listless.stop();
        }
    }

    @Test
    void student_tools_answer_their_http_twins_bodies_and_the_simulators_truth() {
        Student student = student(EdgeCase.SUPPLY_NEVER_CLEARED);
        Map<String, Object> arguments =
                Map.of("hallticket", student.hallTicket().toLowerCase(Locale.ROOT));

        var results = McpClients.call(mcp, "get_student_results", arguments);
        var all = http.get("/all/" + student.hallTicket());
        assertThat(results.isError()).isFalse();
        JsonNode transcript = McpClients.structured(results);
        assertThat(canonical(withoutCourse(transcript))).isEqualTo(canonical(all.json()));
        assertThat(canonical(transcript.get("data")))
                .isEqualTo(canonical(ExpectedTranscript.of(COHORT, student).get("data")));
        assertThat(transcript.get("regulation").asText()).isEqualTo(all.header("Regulation"));
        assertThat(transcript.get("degree").asText()).isEqualTo(all.header("Degree"));
        assertThat(McpClients.text(results))
                .contains(student.hallTicket())
                .contains("overall GPA (CGPA) "
                        + all.json().at("/data/overall_gpa").decimalValue().toPlainString());

        var attempts = McpClients.call(mcp, "get_attempts", arguments);
        assertThat(canonical(withoutCourse(McpClients.structured(attempts))))
                .isEqualTo(
                        canonical(http.get("/attempts/" + student.hallTicket()).json()));

        var report = McpClients.call(mcp, "get_report", arguments);
        JsonNode reported = McpClients.structured(report);
        JsonNode httpReport = http.get("/report/" + student.hallTicket()).json();
        assertThat(canonical(reported)).isEqualTo(canonical(httpReport));
        ObjectNode truth = ExpectedReport.of(COHORT, student);
        assertThat(canonical(reported.get("overall"))).isEqualTo(canonical(truth.get("overall")));
        assertThat(canonical(reported.get("semesters"))).isEqualTo(canonical(truth.get("semesters")));
        String backlog = truth.at("/overall/backlogs/0/subject_code").asText();
        assertThat(McpClients.text(report))
                .contains("CGPA " + truth.at("/overall/cgpa").decimalValue().toPlainString())
                .contains("open backlogs " + truth.at("/overall/open_backlogs").asInt())
                .contains(backlog);
    }

    @Test
    void what_if_answers_the_report_with_if_and_target_cgpa() {
        Student student = student(EdgeCase.SUPPLY_NEVER_CLEARED);
        String backlog = ExpectedReport.of(COHORT, student)
                .at("/overall/backlogs/0/subject_code")
                .asText();
        // A failed row shows 0 credits: the credits come from a classmate's page that shows the subject passed.
        Student classmate = COHORT.students().stream()
                .filter(other -> other.results().values().stream()
                        .flatMap(List::stream)
                        .anyMatch(mark -> mark.code().equals(backlog) && !mark.failed()))
                .findFirst()
                .orElseThrow();
        assertThat(http.get("/all/" + classmate.hallTicket()).status()).isEqualTo(200);
        http.awaitArchiveWritten();
        Map<String, Object> arguments =
                Map.of("hallticket", student.hallTicket(), "if", backlog + ":B", "target_cgpa", 8);

        var whatIf = McpClients.call(mcp, "what_if", arguments);

        assertThat(whatIf.isError()).as(McpClients.text(whatIf)).isFalse();
        JsonNode twin = http.get("/report/" + student.hallTicket() + "?if=" + backlog + ":B&target_cgpa=8")
                .json();
        JsonNode answered = McpClients.structured(whatIf);
        assertThat(canonical(answered)).isEqualTo(canonical(twin));
        assertThat(answered.at("/what_if/assumed/0/subject_code").asText()).isEqualTo(backlog);
        assertThat(McpClients.text(whatIf))
                .contains("as if passed: CGPA "
                        + twin.at("/what_if/cgpa").decimalValue().toPlainString())
                .contains("target CGPA 8: " + twin.at("/target/status").asText());
    }

    @Test
    void exam_result_answers_api_calculate_and_the_simulators_sgpa() {
        Student student = student(EdgeCase.RCRV_UNCHANGED);
        String code = student.results().keySet().iterator().next();
        Exam exam = COHORT.exam(code).orElseThrow();
        Map<String, Object> arguments = new HashMap<>(exam.linkParams());
        arguments.put("hallticket", student.hallTicket());

        var result = McpClients.call(mcp, "get_exam_result", arguments);

        JsonNode twin = http.get(ExamQueries.firstExam(COHORT, student).replace("/api?", "/api/calculate?"))
                .json();
        JsonNode answered = McpClients.structured(result);
        assertThat(canonical(answered.get("SGPA")))
                .isEqualTo(canonical(twin.get(0).get("SGPA")));
        assertThat(answered.get("details")).isEqualTo(twin.get(1));
        assertThat(answered.get("subjects")).isEqualTo(twin.get(2));
        List<Mark> page = student.results().get(code);
        assertThat(canonical(answered.get("SGPA")))
                .isEqualTo(canonical(Expected.sgpaNumber(page).get("SGPA")));
        assertThat(answered.get("subjects")).hasSize(page.size());
    }

    @Test
    void list_releases_answers_the_release_objects_of_the_list_filtered_as_asked() {
        JsonNode everything = http.get("/new/").json();
        LocalDate after = LocalDate.of(2021, 1, 1);
        List<JsonNode> expected = StreamSupport.stream(everything.spliterator(), false)
                .filter(release -> release.get("degree").asText().equals("btech"))
                .filter(release -> release.get("exam_name").asText().contains("(R18)"))
                .filter(release -> release.get("exam_name")
                        .asText()
                        .toLowerCase(Locale.ROOT)
                        .contains("regular"))
                .filter(release -> !release.get("release_date").asText().isEmpty()
                        && LocalDate.parse(titleCase(release.get("release_date").asText()), LISTED)
                                .isAfter(after))
                .toList();
        assertThat(expected).isNotEmpty();

        var listed = McpClients.call(
                mcp,
                "list_releases",
                Map.of("degree", "btech", "regulation", "R18", "kind", "regular", "after", "2021-01-01", "limit", 500));

        JsonNode answered = McpClients.structured(listed);
        assertThat(answered.get("matching").asInt()).isEqualTo(expected.size());
        assertThat(withoutIds(answered.get("releases"))).isEqualTo(withoutIds(expected));
        assertThat(McpClients.text(listed)).startsWith(expected.size() + " releases match");
    }

    private static String titleCase(String listedDate) {
        return listedDate.substring(0, 4)
                + listedDate.substring(4, 6).toLowerCase(Locale.ROOT)
                + listedDate.substring(6);
    }

    private static List<JsonNode> withoutIds(Iterable<JsonNode> releases) {
        List<JsonNode> copies = new ArrayList<>();
        for (JsonNode release : releases) {
            ObjectNode copy = release.deepCopy();
            copy.remove("id");
            copies.add(copy);
        }
        return copies;
    }

    @Test
    void class_summary_answers_progress_until_the_job_ends_then_the_bulk_summary() {
        BulkIT.Section section = BulkIT.Section.largest(COHORT);
        Map<String, Object> arguments = new LinkedHashMap<>(section.exam().linkParams());
        arguments.put("hallticket_from", section.prefix() + "01");
        arguments.put("hallticket_to", section.prefix() + "40");

        var first = McpClients.call(mcp, "get_class_summary", arguments);

        assertThat(first.isError()).isFalse();
        assertThat(McpClients.structured(first).get("result").asText()).isEqualTo("loading");
        assertThat(McpClients.structured(first).get("total").asInt()).isEqualTo(40);
        assertThat(McpClients.text(first)).matches("Running, \\d+ of 40 done: call again .*");
        AtomicReference<McpSchema.CallToolResult> finished = new AtomicReference<>();
        Awaitility.await("the job finishes")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> {
                    var polled = McpClients.call(mcp, "get_class_summary", arguments);
                    finished.set(polled);
                    return !McpClients.structured(polled).has("result");
                });
        var twin = http.get("/api/bulk/summary?" + section.query("01", "40"));
        assertThat(twin.status()).isEqualTo(200);
        JsonNode summary = McpClients.structured(finished.get());
        assertThat(canonical(summary)).isEqualTo(canonical(twin.json()));
        long withResults = java.util.stream.IntStream.rangeClosed(1, 40)
                .mapToObj(roll -> COHORT.student(section.prefix() + "%02d".formatted(roll)))
                .flatMap(java.util.Optional::stream)
                .filter(student -> student.results().containsKey(section.exam().code()))
                .count();
        assertThat(summary.get("students").asLong()).isEqualTo(withResults);
        assertThat(McpClients.text(finished.get())).contains(withResults + " students");
    }

    @Test
    void compare_students_answers_compare_and_the_simulators_truth() {
        Student first = student(EdgeCase.SUPPLY_NEVER_CLEARED);
        Student second = COHORT.students().stream()
                .filter(other -> other.regulation().equals("R22") && !other.hasNoResult())
                .findFirst()
                .orElseThrow();

        var compared = McpClients.call(
                mcp,
                "compare_students",
                Map.of("hallticket", first.hallTicket(), "other_hallticket", second.hallTicket()));

        assertThat(compared.isError()).as(McpClients.text(compared)).isFalse();
        JsonNode answered = McpClients.structured(compared);
        assertThat(canonical(answered))
                .isEqualTo(canonical(http.get("/compare/" + first.hallTicket() + "/" + second.hallTicket())
                        .json()));
        assertThat(canonical(answered)).isEqualTo(canonical(ExpectedComparison.of(COHORT, first, second)));
        assertThat(canonical(answered.at("/overall/cgpa/0")))
                .isEqualTo(canonical(ExpectedReport.of(COHORT, first).at("/overall/cgpa")));
        assertThat(McpClients.text(compared)).contains("subjects in common");
    }

    @Test
    void class_record_answers_progress_until_the_job_ends_then_the_whole_record() {
        String prefix = BulkIT.Section.largest(COHORT).prefix();
        List<String> rolls = java.util.stream.IntStream.rangeClosed(1, 20)
                .mapToObj("%02d"::formatted)
                .toList();
        Map<String, Object> arguments = Map.of("hallticket_from", prefix + "01", "hallticket_to", prefix + "20");

        var first = McpClients.call(mcp, "get_class_record", arguments);

        assertThat(McpClients.text(first)).matches("Running, \\d+ of 20 done: call again .*");
        AtomicReference<McpSchema.CallToolResult> finished = new AtomicReference<>();
        Awaitility.await("the class job finishes")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    var polled = McpClients.call(mcp, "get_class_record", arguments);
                    finished.set(polled);
                    return !McpClients.structured(polled).has("result");
                });
        JsonNode record = McpClients.structured(finished.get());
        var twin = http.get("/api/bulk/class?hallticket_from=" + prefix + "01&hallticket_to=" + prefix + "20");
        assertThat(twin.status()).isEqualTo(200);
        assertThat(canonical(record)).isEqualTo(canonical(twin.json()));
        assertThat(canonical(record)).isEqualTo(canonical(ExpectedClassRecord.of(COHORT, prefix, rolls)));
    }

    @Test
    void an_invalid_hall_ticket_is_a_tool_error_with_the_apis_message() {
        var result = McpClients.call(mcp, "get_report", Map.of("hallticket", "ABC"));

        var twin = http.get("/report/ABC");
        assertThat(result.isError()).isTrue();
        assertThat(McpClients.text(result)).isEqualTo(twin.json().get("error").asText());
        assertThat(McpClients.structured(result)).isEqualTo(twin.json());
        var notServed = McpClients.call(mcp, "get_student_results", Map.of("hallticket", "17BD1A0501"));
        assertThat(notServed.isError()).isTrue();
        assertThat(McpClients.structured(notServed))
                .isEqualTo(http.get("/all/17BD1A0501").json());
    }

    @Test
    void an_unknown_tool_is_a_json_rpc_invalid_params_error() {
        assertThatThrownBy(() -> McpClients.call(mcp, "delete_results", Map.of()))
                .isInstanceOfSatisfying(
                        McpError.class,
                        error -> assertThat(error.getJsonRpcError().code())
                                .isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS));
    }

    private ServiceClient.Reply post(String body, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(http.uri("/mcp"))
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        return http.send(request.build());
    }

    private static final Map<String, String> JSON =
            Map.of("Content-Type", "application/json", "Accept", "application/json, text/event-stream");

    @Test
    void bodies_that_are_not_json_rpc_requests_are_refused_as_the_protocol_says() {
        var notJson = post("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ", JSON);
        assertThat(notJson.status()).isEqualTo(400);
        assertThat(notJson.json().at("/error/code").asInt()).isEqualTo(-32700);

        var notRequest = post("{\"jsonrpc\": \"2.0\", \"id\": 7, \"params\": {}}", JSON);
        assertThat(notRequest.status()).isEqualTo(400);
        assertThat(notRequest.json().at("/error/code").asInt()).isEqualTo(-32600);
        assertThat(notRequest.json().get("id").asInt()).isEqualTo(7);
        assertThat(post("[{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}]", JSON)
                        .json()
                        .at("/error/code")
                        .asInt())
                .isEqualTo(-32600);
        assertThat(post("{\"jsonrpc\": \"1.0\", \"id\": 1, \"method\": \"ping\"}", JSON)
                        .status())
                .isEqualTo(400);

        var notification = post("{\"jsonrpc\": \"2.0\", \"method\": \"notifications/initialized\"}", JSON);
        assertThat(notification.status()).isEqualTo(202);
        assertThat(notification.response().body()).isEmpty();

        var oldVersion = post(
                "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}",
                Map.of("Content-Type", "application/json", "MCP-Protocol-Version", "2023-01-01"));
        assertThat(oldVersion.status()).isEqualTo(400);

        var ping = post("{\"jsonrpc\": \"2.0\", \"id\": \"p\", \"method\": \"ping\"}", JSON);
        assertThat(ping.status()).isEqualTo(200);
        assertThat(ping.json().get("id").asText()).isEqualTo("p");
        assertThat(ping.json().has("result")).isTrue();

        var stream = http.get("/mcp");
        assertThat(stream.status()).isEqualTo(405);
        assertThat(stream.json().get("code").asText()).isEqualTo("METHOD_NOT_ALLOWED");
        var form = post("{}", Map.of("Content-Type", "text/plain"));
        assertThat(form.status()).isEqualTo(415);
        assertThat(post(
                                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\""
                                        + "y".repeat(9000) + "\"}}",
                                JSON)
                        .status())
                .isEqualTo(413);
    }

    @Test
    void pages_of_origins_the_cors_settings_do_not_allow_are_refused_and_allowed_ones_preflighted() {
        try (TestUniverse listed = TestUniverse.start(
                COHORT, Ticker.systemTicker(), Map.of("RESULTS_CORS_ORIGINS", "https://app.example"))) {
            ServiceClient client = listed.client();
            String ping = "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}";
            var stranger = client.send(HttpRequest.newBuilder(client.uri("/mcp"))
                    .header("Content-Type", "application/json")
                    .header("Origin", "https://evil.example")
                    .POST(HttpRequest.BodyPublishers.ofString(ping))
                    .build());
            assertThat(stranger.status()).isEqualTo(403);
            assertThat(stranger.json().get("code").asText()).isEqualTo("ORIGIN_NOT_ALLOWED");

            var preflight = client.send(HttpRequest.newBuilder(client.uri("/mcp"))
                    .header("Origin", "https://app.example")
                    .header("Access-Control-Request-Method", "POST")
                    .header("Access-Control-Request-Headers", "content-type, mcp-protocol-version")
                    .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                    .build());
            assertThat(preflight.status()).isEqualTo(204);
            assertThat(preflight.header("Access-Control-Allow-Origin")).isEqualTo("https://app.example");
            assertThat(preflight.header("Access-Control-Allow-Methods")).isEqualTo("POST");
            assertThat(preflight.header("Access-Control-Allow-Headers")).containsIgnoringCase("MCP-Protocol-Version");

            var allowed = client.send(HttpRequest.newBuilder(client.uri("/mcp"))
                    .header("Content-Type", "application/json")
                    .header("Origin", "https://app.example")
                    .POST(HttpRequest.BodyPublishers.ofString(ping))
                    .build());
            assertThat(allowed.status()).isEqualTo(200);
            assertThat(allowed.header("Access-Control-Allow-Origin")).isEqualTo("https://app.example");
        }
    }

    @Test
    void starting_a_class_job_through_a_tool_costs_ten_requests_as_over_http() {
        try (TestUniverse limited =
                TestUniverse.start(COHORT, Ticker.systemTicker(), Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "12"))) {
            ServiceClient client = limited.client();
            BulkIT.Section section = BulkIT.Section.largest(COHORT);
            Map<String, Object> arguments = new LinkedHashMap<>(section.exam().linkParams());
            arguments.put("hallticket_from", section.prefix() + "01");
            arguments.put("hallticket_to", section.prefix() + "05");
            String call = McpClients.toolCallBody("get_class_summary", arguments);
            java.util.function.Supplier<ServiceClient.Reply> send =
                    () -> client.send(HttpRequest.newBuilder(client.uri("/mcp"))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(call))
                            .build());

            assertThat(send.get().json().at("/result/isError").asBoolean()).isFalse(); // 1 + 9: 10 of 12
            assertThat(send.get().status()).isEqualTo(200); // the job runs: 1 more, 11
            assertThat(send.get().status()).isEqualTo(200); // 12
            var over = send.get();
            assertThat(over.status()).isEqualTo(429);
            assertThat(over.json().get("code").asText()).isEqualTo("RATE_LIMITED");
        }
    }

    @Test
    void the_curl_calls_of_the_docs_work_as_written() {
        List<DocumentedCurl> calls = DocumentedCurl.allIn(java.nio.file.Path.of("docs/mcp.md"));
        assertThat(calls).extracting(DocumentedCurl::method).contains("initialize", "tools/call");

        for (DocumentedCurl call : calls) {
            HttpRequest.Builder request =
                    HttpRequest.newBuilder(http.uri("/mcp")).POST(HttpRequest.BodyPublishers.ofString(call.body()));
            call.headers().forEach(request::header);
            var reply = http.send(request.build());

            assertThat(reply.status()).as(call.body()).isEqualTo(200);
            JsonNode answer = reply.json();
            assertThat(answer.has("error")).as(call.body()).isFalse();
            assertThat(answer.at("/result/isError").asBoolean()).as(call.body()).isFalse();
            http.awaitArchiveWritten(); // a later call may borrow credits from a page read here
            if (call.method().equals("initialize")) {
                assertThat(answer.at("/result/serverInfo/name").asText()).isEqualTo("results-service");
            }
        }
        Set<String> documentedTools = calls.stream()
                .map(DocumentedCurl::tool)
                .filter(tool -> !tool.isEmpty())
                .collect(Collectors.toSet());
        assertThat(documentedTools).isNotEmpty();
    }
}
