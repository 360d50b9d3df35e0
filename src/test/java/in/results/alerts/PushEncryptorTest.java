package in.results.alerts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PushEncryptorTest {
    private static final Instant NOW = Instant.parse("2026-06-01T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final String SUBJECT = "mailto:alerts@results.example";
    private static final Duration ONE_DAY = Duration.ofDays(1);

    private final VapidKeys keys = VapidKeys.generate();
    private final PushEncryptor encryptor = new PushEncryptor(keys, CLOCK);
    private final FakePushService push = FakePushService.start(keys.publicKeyBase64Url(), CLOCK);
    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    @AfterEach
    void close() {
        push.close();
        client.close();
    }

    private int send(HttpRequest request) throws Exception {
        return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void a_message_reaches_the_push_service_and_decrypts_to_the_payload() throws Exception {
        String payload = "{\"semester\":\"3-1\",\"sgpa\":8.42,\"url\":\"/student/20AB1A0501\",\"note\":\"₹ ✓\"}";

        HttpRequest request =
                OutgoingPosts.jdk(encryptor.request(push.subscription("ravi"), utf8(payload), ONE_DAY, SUBJECT));
        int status = send(request);

        assertThat(status).isEqualTo(201);
        assertThat(push.messages("ravi")).containsExactly(payload);
        assertThat(push.rejected()).isEmpty();
    }

    @Test
    void the_request_is_a_post_to_the_endpoint_with_the_web_push_headers() {
        PushSubscription ravi = push.subscription("ravi");

        HttpRequest request =
                OutgoingPosts.jdk(encryptor.request(ravi, utf8("hello"), Duration.ofMinutes(90), SUBJECT));

        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.uri()).isEqualTo(ravi.endpoint());
        assertThat(request.headers().firstValue("Content-Encoding")).hasValue("aes128gcm");
        assertThat(request.headers().firstValue("Content-Type")).hasValue("application/octet-stream");
        assertThat(request.headers().firstValue("TTL")).hasValue("5400");
        assertThat(request.headers().firstValue("Urgency")).hasValue("high");
        // 16 salt + 4 record size + 1 + 65 key id, then "hello", the delimiter and the 16-byte tag.
        assertThat(request.bodyPublisher().orElseThrow().contentLength()).isEqualTo(86 + 5 + 1 + 16);
    }

    @Test
    void the_token_names_the_endpoint_origin_the_subject_and_an_expiry_12_hours_ahead() throws Exception {
        HttpRequest request =
                OutgoingPosts.jdk(encryptor.request(push.subscription("ravi"), utf8("hello"), ONE_DAY, SUBJECT));
        String authorization = request.headers().firstValue("Authorization").orElseThrow();

        assertThat(authorization).startsWith("vapid t=").endsWith(", k=" + keys.publicKeyBase64Url());
        String token = authorization.substring("vapid t=".length(), authorization.indexOf(", k="));
        String[] parts = token.split("\\.");
        ObjectMapper json = new ObjectMapper();
        JsonNode header = json.readTree(Base64.getUrlDecoder().decode(parts[0]));
        JsonNode claims = json.readTree(Base64.getUrlDecoder().decode(parts[1]));
        assertThat(header.get("alg").asText()).isEqualTo("ES256");
        assertThat(claims.get("aud").asText()).isEqualTo(push.origin());
        assertThat(claims.get("sub").asText()).isEqualTo(SUBJECT);
        assertThat(claims.get("exp").asLong())
                .isEqualTo(Instant.parse("2026-06-01T22:00:00Z").getEpochSecond());
        assertThat(Base64.getUrlDecoder().decode(parts[2])).hasSize(64);
    }

    @Test
    void a_payload_of_3000_bytes_is_delivered_and_one_of_3001_is_refused() throws Exception {
        String largest = "x".repeat(3_000);

        int status =
                send(OutgoingPosts.jdk(encryptor.request(push.subscription("ravi"), utf8(largest), ONE_DAY, SUBJECT)));

        assertThat(status).isEqualTo(201);
        assertThat(push.messages("ravi")).containsExactly(largest);
        assertThatThrownBy(() -> encryptor.request(push.subscription("ravi"), utf8(largest + "x"), ONE_DAY, SUBJECT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a push payload is at most 3000 bytes, not 3001");
    }

    @Test
    void each_request_is_encrypted_afresh_and_each_decrypts() throws Exception {
        PushSubscription ravi = push.subscription("ravi");
        HttpRequest first = OutgoingPosts.jdk(encryptor.request(ravi, utf8("one"), ONE_DAY, SUBJECT));
        HttpRequest second = OutgoingPosts.jdk(encryptor.request(ravi, utf8("one"), ONE_DAY, SUBJECT));

        send(first);
        send(second);

        assertThat(push.messages("ravi")).containsExactly("one", "one");
    }

    @Test
    void a_subject_that_is_not_a_mailto_or_https_uri_is_refused() {
        PushSubscription ravi = push.subscription("ravi");

        for (String subject : new String[] {"", "alerts@results.example", "http://results.example", "mailto:"}) {
            assertThatThrownBy(() -> encryptor.request(ravi, utf8("hello"), ONE_DAY, subject))
                    .as(subject)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("VAPID subject");
        }
        assertThat(PushEncryptor.isVapidSubject("https://results.example/contact"))
                .isTrue();
        assertThat(PushEncryptor.isVapidSubject("mailto:ops@results.example")).isTrue();
    }

    @Test
    void a_negative_ttl_is_refused() {
        assertThatThrownBy(() ->
                        encryptor.request(push.subscription("ravi"), utf8("hello"), Duration.ofSeconds(-1), SUBJECT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TTL");
    }
}
