package in.results.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A plain HTTP client for the service under test; answers are parsed as JSON (every answer must be JSON). */
final class ServiceClient {
    static final ObjectMapper MAPPER =
            new ObjectMapper().enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    private final HttpClient http;
    private final URI base;

    ServiceClient(int port) {
        this.http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        this.base = URI.create("http://127.0.0.1:" + port);
    }

    /**
     * A client connecting from {@code localAddress} (such as 127.0.0.2: every 127.x.y.z address is this machine's
     * loopback), so that the service sees another client than {@link #ServiceClient(int)}'s 127.0.0.1.
     */
    ServiceClient(int port, String localAddress) {
        try {
            this.http = HttpClient.newBuilder()
                    .connectTimeout(Duration.ofSeconds(5))
                    .localAddress(InetAddress.getByName(localAddress))
                    .build();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(localAddress + " is not an address", e);
        }
        this.base = URI.create("http://127.0.0.1:" + port);
    }

    Reply get(String pathAndQuery) {
        return send(HttpRequest.newBuilder(base.resolve(pathAndQuery))
                .timeout(Duration.ofSeconds(60))
                .GET()
                .build());
    }

    /**
     * Waits until the service's archive has written every page queued (its writer drains the queue within a second):
     * before a test takes the university down to see an answer rebuilt from the archive.
     */
    void awaitArchiveWritten() {
        org.awaitility.Awaitility.await("the archive's queued writes")
                .atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> get("/health").json().at("/archive/queued_writes").asInt() == 0);
    }

    /**
     * Asks {@code pathAndQuery} every 200 ms until the answer is {@code done} (a refused connection is asked again:
     * a process or container still starting), within {@code patience}; that answer, or an assertion error.
     */
    Reply awaitAnswer(String pathAndQuery, java.util.function.Predicate<Reply> done, Duration patience) {
        return org.awaitility.Awaitility.await(pathAndQuery)
                .atMost(patience)
                .pollInterval(Duration.ofMillis(200))
                .ignoreExceptions()
                .until(() -> get(pathAndQuery), done::test);
    }

    Reply send(HttpRequest request) {
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Reply(response);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The answer to {@code request} with its body as bytes: a PDF, which a text body would garble. */
    HttpResponse<byte[]> sendForBytes(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    URI uri(String pathAndQuery) {
        return base.resolve(pathAndQuery);
    }

    /** One answer of the service. */
    record Reply(HttpResponse<String> response) {
        int status() {
            return response.statusCode();
        }

        String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        JsonNode json() {
            try {
                return MAPPER.readTree(response.body());
            } catch (IOException e) {
                throw new AssertionError("answer is not JSON: " + response.body(), e);
            }
        }
    }
}
