package in.results.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.simulator.cohort.Cohort;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

class RequestReportTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void counts_every_request_and_result_pages_apart_but_not_itself() throws Exception {
        try (UniversitySimulator simulator = UniversitySimulator.start(Cohort.generate(42), 0)) {
            get(simulator.baseUrl().resolve("/jsp/home.jsp"));
            get(simulator.baseUrl().resolve("/resultAction?degree=btech"));
            get(simulator.baseUrl().resolve("/resultAction?degree=btech"));

            JsonNode first = new ObjectMapper().readTree(get(simulator.baseUrl().resolve(RequestReport.PATH)));
            JsonNode second =
                    new ObjectMapper().readTree(get(simulator.baseUrl().resolve(RequestReport.PATH)));

            assertThat(first.get("total").asLong()).isEqualTo(3);
            assertThat(first.get("result_pages").asLong()).isEqualTo(2);
            assertThat(second).isEqualTo(first);
        }
    }

    private String get(URI uri) throws Exception {
        return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }
}
