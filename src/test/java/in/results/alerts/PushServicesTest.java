package in.results.alerts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import in.results.config.AlertSettings;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PushServicesTest {
    private static final PushServices BROWSERS = new PushServices(AlertSettings.BROWSER_PUSH_SERVICES, false);

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://fcm.googleapis.com/fcm/send/abc",
                "https://android.googleapis.com/gcm/send/abc",
                "https://updates.push.services.mozilla.com/wpush/v2/abc",
                "https://web.push.apple.com/QGx",
                "https://FCM.GoogleAPIs.com/fcm/send/abc",
                "https://wns2-par02p.notify.windows.com/w/?token=abc"
            })
    void endpoints_of_the_browsers_push_services_are_taken(String endpoint) {
        assertThatCode(() -> BROWSERS.check(URI.create(endpoint))).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://push.apple.com/x", // *.push.apple.com is hosts under it, not itself
                "https://evilpush.apple.com/x", // a name ending the same way, not under it
                "https://x.fcm.googleapis.com/x", // an exact entry takes that host only
                "https://fcm.googleapis.com.example.org/x",
                "https://example.org/fcm.googleapis.com",
                "https://203.0.113.7/x"
            })
    void endpoints_elsewhere_are_refused_naming_the_field_and_the_push_services(String endpoint) {
        assertThatThrownBy(() -> BROWSERS.check(URI.create(endpoint)))
                .isInstanceOfSatisfying(TargetRejected.class, e -> {
                    assertThat(e.field()).isEqualTo("subscription.endpoint");
                    assertThat(e.code()).isEqualTo("PUSH_SERVICE_NOT_ALLOWED");
                    assertThat(e.getMessage()).contains("fcm.googleapis.com").contains("*.push.apple.com");
                });
    }

    @Test
    void http_is_taken_on_a_listed_host_where_private_targets_are_allowed() {
        PushServices local = new PushServices(List.of("127.0.0.1"), true);

        assertThatCode(() -> local.check(URI.create("http://127.0.0.1:8443/push/a")))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> local.check(URI.create("http://127.0.0.2:8443/push/a")))
                .isInstanceOf(TargetRejected.class);
    }

    @Test
    void http_is_refused_where_private_targets_are_not_allowed() {
        PushServices local = new PushServices(List.of("127.0.0.1"), false);

        assertThatThrownBy(() -> local.check(URI.create("http://127.0.0.1:8443/push/a")))
                .hasMessage("must be an https URL");
    }
}
