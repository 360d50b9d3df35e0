package in.results.alerts;

import static in.results.alerts.Rfc8291Example.AUTH_SECRET;
import static in.results.alerts.Rfc8291Example.UA_PUBLIC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PushSubscriptionTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ENDPOINT = "https://fcm.googleapis.com/fcm/send/dZ3x:APA91b";

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text.replace('\'', '"'));
    }

    private static String browserJson(String endpoint, String p256dh, String auth) {
        return "{'endpoint': '" + endpoint + "', 'expirationTime': null, 'keys': {'p256dh': '" + p256dh + "', 'auth': '"
                + auth + "'}}";
    }

    @Test
    void a_browsers_subscription_json_is_read() throws Exception {
        PushSubscription subscription = PushSubscription.fromJson(json(browserJson(ENDPOINT, UA_PUBLIC, AUTH_SECRET)));

        assertThat(subscription.endpoint()).isEqualTo(URI.create(ENDPOINT));
        assertThat(subscription.p256dh()).isEqualTo(UA_PUBLIC);
        assertThat(subscription.auth()).isEqualTo(AUTH_SECRET);
        assertThat(subscription.origin()).isEqualTo("https://fcm.googleapis.com");
    }

    @Test
    void padded_keys_give_a_subscription_equal_to_the_unpadded_one() throws Exception {
        String paddedAuth =
                Base64.getUrlEncoder().encodeToString(Base64.getUrlDecoder().decode(AUTH_SECRET));
        String paddedKey =
                Base64.getUrlEncoder().encodeToString(Base64.getUrlDecoder().decode(UA_PUBLIC));

        PushSubscription padded = PushSubscription.fromJson(json(browserJson(ENDPOINT, paddedKey, paddedAuth)));
        PushSubscription plain = new PushSubscription(URI.create(ENDPOINT), UA_PUBLIC, AUTH_SECRET);

        assertThat(paddedAuth).endsWith("==");
        assertThat(padded).isEqualTo(plain).hasSameHashCodeAs(plain);
        assertThat(padded.auth()).isEqualTo(AUTH_SECRET);
        assertThat(new PushSubscription(URI.create(ENDPOINT + "x"), UA_PUBLIC, AUTH_SECRET))
                .isNotEqualTo(plain);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            https://push.example/a                  | https://push.example
            https://Push.Example:443/a              | https://push.example
            https://push.example:8443/a             | https://push.example:8443
            http://127.0.0.1:8080/push/ravi         | http://127.0.0.1:8080
            http://push.example:80/a                | http://push.example
            """)
    void the_origin_is_the_vapid_audience(String endpoint, String origin) {
        assertThat(new PushSubscription(URI.create(endpoint), UA_PUBLIC, AUTH_SECRET).origin())
                .isEqualTo(origin);
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            []                                                                   | the subscription is not a JSON object
            {'keys': {'p256dh': 'x', 'auth': 'y'}}                               | endpoint is missing
            {'endpoint': null, 'keys': {'p256dh': 'x', 'auth': 'y'}}             | endpoint is missing
            {'endpoint': 42, 'keys': {'p256dh': 'x', 'auth': 'y'}}               | endpoint is not a string
            {'endpoint': 'https://push.example/a'}                               | keys is missing
            {'endpoint': 'https://push.example/a', 'keys': 'x'}                  | keys is not a JSON object
            {'endpoint': 'https://push.example/a', 'keys': {'auth': 'y'}}        | keys.p256dh is missing
            {'endpoint': 'https://push.example/a', 'keys': {'p256dh': 'x'}}      | keys.auth is missing
            """)
    void json_without_a_field_is_refused_naming_it(String text, String message) {
        assertThatThrownBy(() -> PushSubscription.fromJson(json(text)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @ParameterizedTest(name = "{3}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            ftp://push.example/a    | BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4 | BTBZMqHH6r4Tts7J_aSIgg | endpoint is not an http or https URL
            /push/a                 | BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4 | BTBZMqHH6r4Tts7J_aSIgg | endpoint is not an http or https URL
            https:///a              | BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4 | BTBZMqHH6r4Tts7J_aSIgg | endpoint has no host
            https://push.example/ a | BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4 | BTBZMqHH6r4Tts7J_aSIgg | endpoint is not a URL
            https://push.example/a  | BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw  | BTBZMqHH6r4Tts7J_aSIgg | keys.p256dh is not an uncompressed P-256 point (65 bytes starting with 0x04; got 64 bytes)
            https://push.example/a  | BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiW4 | BTBZMqHH6r4Tts7J_aSIgg | keys.p256dh is not a point on P-256
            https://push.example/a  | BCVxsr7N/eNgVRqvHtD0zTZsEc6+VV+JvLexhqUzORcxaOzi6+AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4 | BTBZMqHH6r4Tts7J_aSIgg | keys.p256dh is not base64url
            https://push.example/a  | BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4 | BTBZMqHH6r4Tts7J       | keys.auth is not a 16-byte authentication secret (got 12 bytes)
            https://push.example/a  | BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4 | BTBZMqHH6r4Tts7J_a!Igg | keys.auth is not base64url
            """)
    void a_bad_field_is_refused_naming_it(String endpoint, String p256dh, String auth, String message) {
        assertThatThrownBy(() -> PushSubscription.fromJson(json(browserJson(endpoint, p256dh, auth))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void an_endpoint_over_2000_characters_is_refused() throws Exception {
        String endpoint = "https://push.example/" + "a".repeat(2_000 - "https://push.example/".length());

        PushSubscription longest = PushSubscription.fromJson(json(browserJson(endpoint, UA_PUBLIC, AUTH_SECRET)));

        assertThat(longest.endpoint().toString()).hasSize(2_000);
        assertThatThrownBy(() -> PushSubscription.fromJson(json(browserJson(endpoint + "a", UA_PUBLIC, AUTH_SECRET))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("endpoint is longer than 2000 characters");
    }
}
