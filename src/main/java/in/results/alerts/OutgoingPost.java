package in.results.alerts;

import java.util.Map;
import java.util.Objects;

/**
 * A POST for a stranger's target (a webhook, a push service), before any address is checked: the URL as the stranger
 * gave it, the headers and the body. Made and sent once; never compared (the body is an array, compared by identity).
 */
record OutgoingPost(String url, Map<String, String> headers, byte[] body) {
    OutgoingPost {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(body, "body");
        headers = Map.copyOf(headers);
    }

    @Override
    public String toString() {
        // The URL and headers hold what a log must not (a push endpoint, a signature, a VAPID token).
        return "OutgoingPost[" + body.length + " bytes]";
    }
}
