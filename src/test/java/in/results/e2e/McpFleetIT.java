package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code /mcp} of two instances sharing one real {@code redis-server}: the server keeps no session, so calls
 * alternated between the instances are answered alike, from the fleet's shared answers and jobs.
 */
class McpFleetIT {
    private static final Cohort COHORT = Cohort.generate(42);

    private FleetRig rig;
    private ServiceClient first;
    private ServiceClient second;

    @BeforeEach
    void start() {
        rig = FleetRig.start(COHORT);
        Map<String, String> settings =
                Map.of("RESULTS_REDIS_URL", rig.redis().url(), "RESULTS_REDIS_TIMEOUT_MS", "2000");
        first = rig.instance(settings);
        second = rig.instance(settings);
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    private static int portOf(ServiceClient client) {
        return client.uri("/").getPort();
    }

    @Test
    void calls_alternated_between_two_instances_answer_alike_from_one_lookup_per_student() {
        List<Student> students = COHORT.students().stream()
                .filter(student -> !student.hasNoResult() && student.results().size() > 4)
                .limit(3)
                .toList();
        McpSyncClient[] clients = {McpClients.connected(portOf(first)), McpClients.connected(portOf(second))};
        try {
            for (Student student : students) {
                Map<String, Object> arguments = Map.of("hallticket", student.hallTicket());
                var onFirst = McpClients.call(clients[0], "get_report", arguments);
                long asked = rig.universityRequests();
                var onSecond = McpClients.call(clients[1], "get_report", arguments);

                assertThat(rig.universityRequests())
                        .as("the second instance asks nothing")
                        .isEqualTo(asked);
                assertThat(McpClients.structured(onSecond)).isEqualTo(McpClients.structured(onFirst));
                assertThat(ExpectedReport.numbersCanonical(
                                McpClients.structured(onSecond).get("overall")))
                        .isEqualTo(ExpectedReport.numbersCanonical(
                                ExpectedReport.of(COHORT, student).get("overall")));
            }
        } finally {
            for (McpSyncClient client : clients) {
                client.close();
            }
        }
    }

    @Test
    void a_session_begun_on_one_instance_goes_on_at_the_other() {
        Student student = COHORT.students().stream()
                .filter(s -> !s.hasNoResult())
                .findFirst()
                .orElseThrow();
        var initialized = post(
                first,
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}");
        assertThat(initialized.status()).isEqualTo(200);
        assertThat(initialized.header("Mcp-Session-Id"))
                .as("no session to stick to")
                .isNull();

        var called = post(
                second,
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"get_student_results\","
                        + "\"arguments\":{\"hallticket\":\"" + student.hallTicket() + "\"}}}");

        assertThat(called.status()).isEqualTo(200);
        JsonNode data = called.json().at("/result/structuredContent/data");
        assertThat(ExpectedReport.numbersCanonical(data))
                .isEqualTo(ExpectedReport.numbersCanonical(
                        ExpectedTranscript.of(COHORT, student).get("data")));
    }

    @Test
    void a_class_job_started_through_one_instance_is_polled_through_either() {
        BulkIT.Section section = BulkIT.Section.largest(COHORT);
        Map<String, Object> arguments = new LinkedHashMap<>(section.exam().linkParams());
        arguments.put("hallticket_from", section.prefix() + "01");
        arguments.put("hallticket_to", section.prefix() + "30");
        McpSyncClient[] clients = {McpClients.connected(portOf(first)), McpClients.connected(portOf(second))};
        try {
            var started = McpClients.call(clients[0], "get_class_summary", arguments);
            assertThat(McpClients.structured(started).get("result").asText()).isEqualTo("loading");

            AtomicInteger turn = new AtomicInteger();
            AtomicReference<McpSchema.CallToolResult> finished = new AtomicReference<>();
            Awaitility.await("the fleet's job finishes")
                    .atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        // The other instance first: a job that is quick to finish is still polled through it.
                        var polled = McpClients.call(
                                clients[(turn.getAndIncrement() + 1) % 2], "get_class_summary", arguments);
                        finished.set(polled);
                        return !McpClients.structured(polled).has("result");
                    });

            assertThat(turn.get())
                    .as("polled through the instance that did not start it")
                    .isPositive();
            var twin = second.get("/api/bulk/summary?" + section.query("01", "30"));
            assertThat(twin.status()).isEqualTo(200);
            assertThat(ExpectedReport.numbersCanonical(McpClients.structured(finished.get())))
                    .isEqualTo(ExpectedReport.numbersCanonical(twin.json()));
        } finally {
            for (McpSyncClient client : clients) {
                client.close();
            }
        }
    }

    private static ServiceClient.Reply post(ServiceClient client, String body) {
        return client.send(HttpRequest.newBuilder(client.uri("/mcp"))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build());
    }
}
