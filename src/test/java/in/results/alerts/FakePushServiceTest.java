package in.results.alerts;

import static in.results.alerts.Rfc8291Example.AS_PUBLIC;
import static in.results.alerts.Rfc8291Example.AUTH_SECRET;
import static in.results.alerts.Rfc8291Example.BODY;
import static in.results.alerts.Rfc8291Example.PLAINTEXT;
import static in.results.alerts.Rfc8291Example.SALT;
import static in.results.alerts.Rfc8291Example.UA_PRIVATE;
import static in.results.alerts.Rfc8291Example.UA_PUBLIC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.alerts.FakePushService.Rejection;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.AEADBadTagException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The fake push service on its own: its decryption against the RFC's example, its checks of tokens, its scripts. */
class FakePushServiceTest {
    private static final Instant NOW = Instant.parse("2026-06-01T10:00:00Z");
    private static final String SUBJECT = "mailto:alerts@results.example";
    private static final byte[] MESSAGE = "3-1: SGPA 8.42".getBytes(StandardCharsets.UTF_8);

    private final VapidKeys ours = VapidKeys.generate();
    private final FakePushService push = FakePushService.start(ours.publicKeyBase64Url(), clockAt(NOW));
    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    @AfterEach
    void close() {
        push.close();
        client.close();
    }

    private static Clock clockAt(Instant instant) {
        return Clock.fixed(instant, ZoneOffset.UTC);
    }

    private static byte[] base64Url(String text) {
        return Base64.getUrlDecoder().decode(text);
    }

    private HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest requestFor(String name, VapidKeys keys, Instant now) {
        return OutgoingPosts.jdk(new PushEncryptor(keys, clockAt(now))
                .request(push.subscription(name), MESSAGE, Duration.ofHours(1), SUBJECT));
    }

    private static byte[] decryptRfcExample(byte[] body, String authSecret) throws GeneralSecurityException {
        return FakePushService.decrypt(
                body, FakePushService.privateKeyOf(base64Url(UA_PRIVATE)), base64Url(UA_PUBLIC), base64Url(authSecret));
    }

    @Test
    void decrypts_the_example_of_rfc_8291_appendix_a() throws GeneralSecurityException {
        byte[] body = base64Url(BODY);

        byte[] plaintext = decryptRfcExample(body, AUTH_SECRET);

        assertThat(new String(plaintext, StandardCharsets.UTF_8)).isEqualTo(PLAINTEXT);
        // The example's header, read by hand: its salt, record size 4096 (00 00 10 00), a 65-byte key id that is
        // the application server's public key.
        ByteBuffer header = ByteBuffer.wrap(body);
        assertThat(Arrays.copyOfRange(body, 0, 16)).isEqualTo(base64Url(SALT));
        assertThat(header.getInt(16)).isEqualTo(4096);
        assertThat(body[20]).isEqualTo((byte) 65);
        assertThat(Arrays.copyOfRange(body, 21, 86)).isEqualTo(base64Url(AS_PUBLIC));
    }

    @Test
    void the_example_with_one_ciphertext_byte_changed_does_not_decrypt() {
        byte[] body = base64Url(BODY);
        body[100] ^= 1;

        assertThatThrownBy(() -> decryptRfcExample(body, AUTH_SECRET)).isInstanceOf(AEADBadTagException.class);
    }

    @Test
    void the_example_with_another_authentication_secret_does_not_decrypt() {
        byte[] otherSecret = base64Url(AUTH_SECRET);
        otherSecret[0] ^= 1;

        assertThatThrownBy(() -> decryptRfcExample(
                        base64Url(BODY), Base64.getUrlEncoder().encodeToString(otherSecret)))
                .isInstanceOf(AEADBadTagException.class);
    }

    @Test
    void the_example_cut_short_is_refused_before_decryption() {
        byte[] header = Arrays.copyOf(base64Url(BODY), 40);

        assertThatThrownBy(() -> decryptRfcExample(header, AUTH_SECRET))
                .isInstanceOf(GeneralSecurityException.class)
                .hasMessageContaining("key id");
    }

    @Test
    void a_subscription_is_a_browser_of_its_own_with_its_json_as_a_browser_gives_it() throws IOException {
        PushSubscription subscription = push.subscription("ravi");
        JsonNode json = new ObjectMapper().readTree(push.subscriptionJson("ravi"));

        assertThat(subscription.endpoint()).hasToString(push.origin() + "/push/ravi");
        assertThat(push.origin()).startsWith("http://127.0.0.1:");
        assertThat(base64Url(subscription.p256dh())).hasSize(65).startsWith(4);
        assertThat(base64Url(subscription.auth())).hasSize(16);
        assertThat(PushSubscription.fromJson(json)).isEqualTo(subscription);
        assertThat(json.has("expirationTime")).isTrue();
        assertThat(json.get("expirationTime").isNull()).isTrue();
        assertThat(push.subscription("ravi")).isEqualTo(subscription);
        assertThat(push.subscription("sita").p256dh()).isNotEqualTo(subscription.p256dh());
    }

    @Test
    void a_token_made_with_another_key_is_refused_with_403() throws Exception {
        VapidKeys someoneElse = VapidKeys.generate();

        HttpResponse<String> response = send(requestFor("ravi", someoneElse, NOW));

        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(push.messages("ravi")).isEmpty();
        assertThat(push.rejected()).singleElement().satisfies(rejection -> {
            assertThat(rejection.name()).isEqualTo("ravi");
            assertThat(rejection.reason()).contains("k is not");
        });
    }

    @Test
    void a_token_signed_by_another_key_that_names_ours_in_k_is_refused() throws Exception {
        HttpRequest signedByOther = requestFor("ravi", VapidKeys.generate(), NOW);
        String authorization =
                signedByOther.headers().firstValue("Authorization").orElseThrow();
        String forged = authorization.substring(0, authorization.indexOf("k=")) + "k=" + ours.publicKeyBase64Url();
        HttpRequest request = HttpRequest.newBuilder(
                        signedByOther, (name, value) -> !name.equalsIgnoreCase("Authorization"))
                .header("Authorization", forged)
                .build();

        HttpResponse<String> response = send(request);

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(push.rejected())
                .extracting(Rejection::reason)
                .singleElement()
                .asString()
                .contains("signature");
    }

    @Test
    void a_token_for_another_origin_is_refused() throws Exception {
        PushSubscription elsewhere = new PushSubscription(
                URI.create("https://push.example/push/ravi"),
                push.subscription("ravi").p256dh(),
                push.subscription("ravi").auth());
        HttpRequest madeForElsewhere = OutgoingPosts.jdk(
                new PushEncryptor(ours, clockAt(NOW)).request(elsewhere, MESSAGE, Duration.ofHours(1), SUBJECT));
        HttpRequest request = HttpRequest.newBuilder(madeForElsewhere, (name, value) -> true)
                .uri(push.endpoint("ravi"))
                .build();

        HttpResponse<String> response = send(request);

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(push.rejected())
                .extracting(Rejection::reason)
                .singleElement()
                .asString()
                .contains("aud is https://push.example, not " + push.origin());
    }

    @Test
    void a_token_is_taken_up_to_24_hours_ahead_and_refused_once_expired_or_further_ahead() throws Exception {
        // The encryptor's tokens last 12 hours: made 12 h 1 s ago, one expired a second ago; made 12 h from now, one
        // expires exactly 24 h ahead; made a second later, 24 h 1 s ahead.
        Instant expiredAgo = NOW.minus(Duration.ofHours(12).plusSeconds(1));
        Instant dayAhead = NOW.plus(Duration.ofHours(12));

        int expired = send(requestFor("ravi", ours, expiredAgo)).statusCode();
        int atTheLimit = send(requestFor("ravi", ours, dayAhead)).statusCode();
        int beyond = send(requestFor("ravi", ours, dayAhead.plusSeconds(1))).statusCode();

        assertThat(expired).isEqualTo(401);
        assertThat(atTheLimit).isEqualTo(201);
        assertThat(beyond).isEqualTo(401);
        assertThat(push.rejected())
                .extracting(Rejection::reason)
                .containsExactly("token: expired 1 s ago", "token: exp is more than 24 hours ahead");
        assertThat(push.messages("ravi")).containsExactly("3-1: SGPA 8.42");
    }

    @Test
    void a_request_without_a_token_is_refused_with_401() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(
                        requestFor("ravi", ours, NOW), (name, value) -> !name.equalsIgnoreCase("Authorization"))
                .build();

        HttpResponse<String> response = send(request);

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(push.rejected()).extracting(Rejection::reason).containsExactly("token: no Authorization header");
    }

    @Test
    void a_request_for_an_endpoint_never_handed_out_is_answered_404_and_recorded() throws Exception {
        push.subscription("ravi");
        HttpRequest request = HttpRequest.newBuilder(requestFor("ravi", ours, NOW), (name, value) -> true)
                .uri(push.endpoint("nobody"))
                .build();

        HttpResponse<String> response = send(request);

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(push.rejected()).extracting(Rejection::name).containsExactly("nobody");
    }

    @Test
    void a_subscription_told_to_fail_answers_500_that_many_times_then_takes_the_message() throws Exception {
        push.failNext("ravi", 2);

        int first = send(requestFor("ravi", ours, NOW)).statusCode();
        int second = send(requestFor("ravi", ours, NOW)).statusCode();
        int third = send(requestFor("ravi", ours, NOW)).statusCode();

        assertThat(first).isEqualTo(500);
        assertThat(second).isEqualTo(500);
        assertThat(third).isEqualTo(201);
        assertThat(push.messages("ravi")).containsExactly("3-1: SGPA 8.42");
        assertThat(push.attempts("ravi")).isEqualTo(3);
        assertThat(push.rejected()).isEmpty();
    }

    @Test
    void a_subscription_that_has_ended_answers_410_or_404_to_every_request() throws Exception {
        push.answerGone("ravi");
        push.answerNotFound("sita");

        int gone = send(requestFor("ravi", ours, NOW)).statusCode();
        int goneAgain = send(requestFor("ravi", ours, NOW)).statusCode();
        int notFound = send(requestFor("sita", ours, NOW)).statusCode();

        assertThat(gone).isEqualTo(410);
        assertThat(goneAgain).isEqualTo(410);
        assertThat(notFound).isEqualTo(404);
        assertThat(push.messages("ravi")).isEmpty();
        assertThat(push.messages("sita")).isEmpty();
        assertThat(push.rejected()).isEmpty();
    }
}
