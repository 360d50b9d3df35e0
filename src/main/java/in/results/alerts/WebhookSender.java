package in.results.alerts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Posts signed messages to apps' webhooks: the verification request of a new subscription and the deliveries of
 * events. Each attempt is sent through {@link TargetClient} (the URL checked again, connected to the address checked,
 * bounded in time) with a fresh {@code webhook-timestamp} and signature under the message's fixed {@code webhook-id}.
 */
public final class WebhookSender {
    private final TargetClient client;
    private final ObjectMapper mapper;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    public WebhookSender(TargetClient client, ObjectMapper mapper, Clock clock) {
        this.client = client;
        this.mapper = mapper;
        this.clock = clock;
    }

    /** What came of a verification request. */
    enum Verification {
        /** The webhook answered 2xx with the same challenge. */
        ANSWERED,
        /** It did not: an attempt that failed. */
        NOT_ANSWERED,
        /** The request was not sent: its address was busy (not an attempt). */
        NOT_STARTED
    }

    /** Sends the verification request. */
    Verification verify(Subscription subscription) {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        String challenge = HexFormat.of().formatHex(bytes);
        String data = mapper.createObjectNode().put("challenge", challenge).toString();
        String id = "msg_verify_" + subscription.id().substring(4) + "_" + subscription.verifyAttempts();
        TargetClient.Answer answer =
                post(subscription, id, EventMessage.of(mapper, EventMessage.VERIFY, clock.instant(), data));
        if (!answer.started()) {
            return Verification.NOT_STARTED;
        }
        return answer.succeeded() && echoes(answer.body(), challenge)
                ? Verification.ANSWERED
                : Verification.NOT_ANSWERED;
    }

    private boolean echoes(String body, String challenge) {
        try {
            JsonNode answer = mapper.readTree(body);
            return answer != null && challenge.equals(answer.path("challenge").asText(null));
        } catch (JsonProcessingException e) {
            return false;
        }
    }

    /** Delivers {@code event} under the webhook-id {@code id}. */
    DeliveryWorker.Outcome deliver(String id, Subscription subscription, StudentEvent event) {
        TargetClient.Answer answer = post(subscription, id, EventMessage.published(mapper, event));
        return DeliveryWorker.Outcome.of(answer, answer.status() == 410);
    }

    private TargetClient.Answer post(Subscription subscription, String id, String body) {
        WebhookSecret secret = WebhookSecret.parse(subscription.secret());
        long timestamp = clock.instant().getEpochSecond();
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("User-Agent", "results-service-webhooks");
        headers.putAll(WebhookSignature.headers(secret, id, timestamp, body));
        return client.send(
                "webhook_url", new OutgoingPost(subscription.target(), headers, body.getBytes(StandardCharsets.UTF_8)));
    }
}
