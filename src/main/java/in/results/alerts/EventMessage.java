package in.results.alerts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.format.DateTimeFormatter;

/** The one shape of every message the alerts send: {@code {"type", "timestamp" (ISO-8601), "data"}}. */
final class EventMessage {
    static final String PUBLISHED = "result.published";
    static final String VERIFY = "subscription.verify";

    private EventMessage() {}

    /** The message of {@code type} made at {@code at}, with {@code data} (a JSON object's text). */
    static String of(ObjectMapper mapper, String type, Instant at, String data) {
        try {
            ObjectNode message = mapper.createObjectNode();
            message.put("type", type);
            message.put("timestamp", DateTimeFormatter.ISO_INSTANT.format(at));
            message.set("data", mapper.readTree(data));
            return mapper.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an event's data is written as JSON", e);
        }
    }

    /** The {@code result.published} message of {@code event}: the same text on every delivery and live page. */
    static String published(ObjectMapper mapper, StudentEvent event) {
        return of(mapper, PUBLISHED, event.createdAt(), event.data());
    }
}
