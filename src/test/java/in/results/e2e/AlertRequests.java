package in.results.e2e;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpRequest;

/** The alert endpoints' requests as an app or a browser sends them: the tests of alerts share them. */
final class AlertRequests {
    private AlertRequests() {}

    /** {@code {"hallticket": …, "webhook_url": …}}. */
    static String subscription(String hallTicket, String url) {
        ObjectNode body = ServiceClient.MAPPER.createObjectNode();
        body.put("hallticket", hallTicket);
        body.put("webhook_url", url);
        return body.toString();
    }

    static ServiceClient.Reply post(ServiceClient service, String path, String body) {
        return send(service, "POST", path, body);
    }

    /** {@code method} on {@code path} with a JSON body. */
    static ServiceClient.Reply send(ServiceClient service, String method, String path, String body) {
        return service.send(HttpRequest.newBuilder(service.uri(path))
                .header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body))
                .build());
    }

    /** {@code method} on the subscription {@code id} with {@code Authorization: Bearer <token>}. */
    static ServiceClient.Reply withToken(ServiceClient service, String method, String id, String token) {
        return service.send(HttpRequest.newBuilder(service.uri("/api/subscriptions/" + id))
                .header("Authorization", "Bearer " + token)
                .method(method, HttpRequest.BodyPublishers.noBody())
                .build());
    }
}
