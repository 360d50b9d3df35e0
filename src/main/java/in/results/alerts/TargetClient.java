package in.results.alerts;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sends one request to a target a stranger gave (a webhook, a push service) and bounds all of it: connecting, the
 * answer's headers and its body end within {@link #SEND_TIMEOUT}, or the exchange is cancelled; at most
 * {@link #MOST_ANSWER_BYTES} of the answer are kept. A receiver that accepts the connection and never answers, or
 * answers without end, costs one sending thread for {@link #SEND_TIMEOUT} at most. The client follows no redirect.
 */
final class TargetClient {
    static final Duration SEND_TIMEOUT = Duration.ofSeconds(10);
    static final int MOST_ANSWER_BYTES = 4096;
    /** The longest status kept: the database's column. */
    private static final int MOST_WHAT_CHARACTERS = 80;

    private final HttpClient client;

    TargetClient(HttpClient client) {
        this.client = client;
    }

    /**
     * What came of one request: the HTTP status (0 when none came), the answer's first bytes, and what is recorded of
     * it ({@code "200"}, {@code "timeout"}, {@code "connection failed"}, …, at most 80 characters).
     */
    record Answer(int status, String body, String what) {
        Answer {
            what = what.length() > MOST_WHAT_CHARACTERS ? what.substring(0, MOST_WHAT_CHARACTERS) : what;
        }

        static Answer none(String why) {
            return new Answer(0, "", why);
        }

        boolean succeeded() {
            return status / 100 == 2;
        }
    }

    Answer send(HttpRequest request) {
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        CompletableFuture<HttpResponse<Void>> exchange = client.sendAsync(
                request,
                HttpResponse.BodyHandlers.ofByteArrayConsumer(chunk -> chunk.ifPresent(bytes -> {
                    int room = MOST_ANSWER_BYTES - kept.size();
                    if (room > 0) {
                        kept.write(bytes, 0, Math.min(room, bytes.length));
                    }
                })));
        try {
            HttpResponse<Void> response = exchange.get(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            int status = response.statusCode();
            return new Answer(status, kept.toString(StandardCharsets.UTF_8), Integer.toString(status));
        } catch (TimeoutException e) {
            exchange.cancel(true);
            return Answer.none("timeout");
        } catch (ExecutionException e) {
            return Answer.none(e.getCause() instanceof HttpTimeoutException ? "timeout" : "connection failed");
        } catch (InterruptedException e) {
            exchange.cancel(true);
            Thread.currentThread().interrupt();
            return Answer.none("interrupted");
        }
    }
}
