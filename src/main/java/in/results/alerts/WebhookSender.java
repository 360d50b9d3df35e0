package in.results.alerts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Map;

/**
 * Posts signed messages to apps' webhooks: the verification request of a new subscription and the deliveries of
 * events. Each attempt checks the URL's address first ({@link TargetAddress}), sends with a fresh
 * {@code webhook-timestamp} and signature under the message's fixed {@code webhook-id}, bounded by
 * {@link TargetClient}.
 */
public final class WebhookSender {
    private final TargetClient client;
    private final ObjectMapper mapper;
    private final boolean allowPrivate;
    private final HostResolver resolver;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    /**
     * @param client       follows no redirect (a redirect could lead past the address check)
     * @param allowPrivate whether loopback, private and link-local targets are allowed (tests, intranets)
     */
    public WebhookSender(
            HttpClient client, ObjectMapper mapper, boolean allowPrivate, HostResolver resolver, Clock clock) {
        this.client = new TargetClient(client);
        this.mapper = mapper;
        this.allowPrivate = allowPrivate;
        this.resolver = resolver;
        this.clock = clock;
    }

    /** Sends the verification request; whether the webhook answered 2xx with the same challenge. */
    boolean verify(Subscription subscription) {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        String challenge = HexFormat.of().formatHex(bytes);
        String data = mapper.createObjectNode().put("challenge", challenge).toString();
        String id = "msg_verify_" + subscription.id().substring(4) + "_" + subscription.verifyAttempts();
        TargetClient.Answer answer =
                post(subscription, id, EventMessage.of(mapper, EventMessage.VERIFY, clock.instant(), data));
        if (!answer.succeeded()) {
            return false;
        }
        try {
            JsonNode body = mapper.readTree(answer.body());
            return body != null && challenge.equals(body.path("challenge").asText(null));
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
        URI target;
        try {
            target = TargetAddress.check("webhook_url", subscription.target(), allowPrivate, resolver)
                    .uri();
        } catch (TargetRejected e) {
            return TargetClient.Answer.none("refused: " + e.getMessage());
        }
        WebhookSecret secret = WebhookSecret.parse(subscription.secret());
        long timestamp = clock.instant().getEpochSecond();
        HttpRequest.Builder request = HttpRequest.newBuilder(target)
                .timeout(TargetClient.SEND_TIMEOUT)
                .header("Content-Type", "application/json")
                .header("User-Agent", "results-service-webhooks")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (Map.Entry<String, String> header :
                WebhookSignature.headers(secret, id, timestamp, body).entrySet()) {
            request.header(header.getKey(), header.getValue());
        }
        return client.send(request.build());
    }
}
