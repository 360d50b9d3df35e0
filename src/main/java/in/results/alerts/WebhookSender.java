package in.results.alerts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Map;

/**
 * Posts signed messages to apps' webhooks: the verification request of a new subscription and the deliveries of
 * events. Each attempt checks the URL's address first ({@link TargetAddress}), sends with a fresh
 * {@code webhook-timestamp} and signature under the message's fixed {@code webhook-id}, follows no redirect, and
 * reads at most {@link #MOST_ANSWER_BYTES} of the answer.
 */
public final class WebhookSender {
    static final int MOST_ANSWER_BYTES = 4096;

    private final HttpClient client;
    private final ObjectMapper mapper;
    private final boolean allowPrivate;
    private final HostResolver resolver;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    /** @param allowPrivate whether loopback, private and link-local targets are allowed (tests, intranets) */
    public WebhookSender(
            HttpClient client, ObjectMapper mapper, boolean allowPrivate, HostResolver resolver, Clock clock) {
        this.client = client;
        this.mapper = mapper;
        this.allowPrivate = allowPrivate;
        this.resolver = resolver;
        this.clock = clock;
    }

    /** Sends the verification request; whether the webhook answered 2xx with the same challenge. */
    boolean verify(Subscription subscription) {
        String challenge = HexFormat.of().formatHex(bytes(16));
        String data = mapper.createObjectNode().put("challenge", challenge).toString();
        String id = "msg_verify_" + subscription.id().substring(4) + "_" + subscription.verifyAttempts();
        Sent sent = post(subscription, id, EventMessage.of(mapper, EventMessage.VERIFY, clock.instant(), data));
        if (sent.status() / 100 != 2) {
            return false;
        }
        try {
            JsonNode answer = mapper.readTree(sent.body());
            return answer != null && challenge.equals(answer.path("challenge").asText(null));
        } catch (JsonProcessingException e) {
            return false;
        }
    }

    /** Delivers {@code event} under the webhook-id {@code id}. */
    DeliveryWorker.Outcome deliver(String id, Subscription subscription, StudentEvent event) {
        Sent sent = post(subscription, id, EventMessage.published(mapper, event));
        if (sent.status() == 410) {
            return new DeliveryWorker.Outcome(DeliveryWorker.Outcome.Result.GONE, "410");
        }
        return new DeliveryWorker.Outcome(
                sent.status() / 100 == 2
                        ? DeliveryWorker.Outcome.Result.DELIVERED
                        : DeliveryWorker.Outcome.Result.FAILED,
                sent.what());
    }

    /** What a post came to: the HTTP status (0 when none came) and the answer's first bytes, or why it failed. */
    private record Sent(int status, String body, String what) {}

    private Sent post(Subscription subscription, String id, String body) {
        URI target;
        try {
            target = TargetAddress.check("webhook_url", subscription.target(), allowPrivate, resolver)
                    .uri();
        } catch (TargetRejected e) {
            return new Sent(0, "", "refused: " + e.getMessage());
        }
        WebhookSecret secret = WebhookSecret.parse(subscription.secret());
        long timestamp = clock.instant().getEpochSecond();
        HttpRequest.Builder request = HttpRequest.newBuilder(target)
                .timeout(DeliveryWorker.SEND_TIMEOUT)
                .header("Content-Type", "application/json")
                .header("User-Agent", "results-service-webhooks")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (Map.Entry<String, String> header :
                WebhookSignature.headers(secret, id, timestamp, body).entrySet()) {
            request.header(header.getKey(), header.getValue());
        }
        return send(request.build());
    }

    private Sent send(HttpRequest request) {
        try {
            HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream answer = response.body()) {
                String body = new String(answer.readNBytes(MOST_ANSWER_BYTES), java.nio.charset.StandardCharsets.UTF_8);
                return new Sent(response.statusCode(), body, Integer.toString(response.statusCode()));
            }
        } catch (HttpTimeoutException e) {
            return new Sent(0, "", "timeout");
        } catch (IOException e) {
            return new Sent(0, "", "connection failed");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Sent(0, "", "interrupted");
        }
    }

    private byte[] bytes(int count) {
        byte[] bytes = new byte[count];
        random.nextBytes(bytes);
        return bytes;
    }
}
