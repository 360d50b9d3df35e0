package in.results.alerts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import in.results.config.AlertSettings;
import in.results.core.Deadline;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * Sends browsers a compact form of an event through their push services: the semester, the SGPA and the student's
 * page, encrypted (RFC 8291) and with a VAPID token (RFC 8292) of the service's key pair — the settings' pair, or the
 * one kept in the database (made by the first instance that needed it, the same for the whole fleet).
 */
public final class PushSender {
    static final Duration TTL = Duration.ofDays(1);
    private static final String KEY_SETTING = "vapid_keys";

    private final TargetClient client;
    private final ObjectMapper mapper;
    private final AlertStore store;
    private final AlertSettings settings;
    private final Supplier<String> publicUrl;
    private final Clock clock;
    private final Duration databaseBound;
    private final com.github.benmanes.caffeine.cache.Ticker ticker;
    private volatile VapidKeys keys;

    /** @param publicUrl the service's address as browsers reach it (the notification opens the student's page there) */
    public PushSender(
            TargetClient client,
            ObjectMapper mapper,
            AlertStore store,
            AlertSettings settings,
            Supplier<String> publicUrl,
            Clock clock,
            Duration databaseBound,
            com.github.benmanes.caffeine.cache.Ticker ticker) {
        this.client = client;
        this.mapper = mapper;
        this.store = store;
        this.settings = settings;
        this.publicUrl = publicUrl;
        this.clock = clock;
        this.databaseBound = databaseBound;
        this.ticker = ticker;
        // Keys given by settings are checked now: a bad pair fails start-up, naming which half is wrong.
        this.keys = settings.vapidPublicKey().isEmpty()
                ? null
                : VapidKeys.of(settings.vapidPublicKey(), settings.vapidPrivateKey());
    }

    /** The VAPID public key browsers subscribe with (base64url); throws when the database does not answer. */
    public String publicKey(Deadline deadline) {
        return keys(deadline).publicKeyBase64Url();
    }

    /** Sends {@code event} through the browser's push service, its endpoint checked as {@link TargetClient} does. */
    DeliveryWorker.Outcome deliver(Subscription subscription, StudentEvent event) {
        String[] browserKeys = subscription.secret().split(" ", 2);
        PushSubscription to = new PushSubscription(URI.create(subscription.target()), browserKeys[0], browserKeys[1]);
        byte[] payload = notification(event).getBytes(StandardCharsets.UTF_8);
        PushEncryptor encryptor = new PushEncryptor(keys(Deadline.after(databaseBound, ticker)), clock);
        TargetClient.Answer answer =
                client.send("subscription.endpoint", encryptor.request(to, payload, TTL, settings.vapidSubject()));
        // 404 or 410: the browser unsubscribed, or the subscription expired.
        return DeliveryWorker.Outcome.of(answer, answer.status() == 404 || answer.status() == 410);
    }

    /**
     * The message a browser shows: {@code {"title", "body", "url", "hallticket", "semester", "sgpa"}}, well under
     * the 3,000 bytes allowed (the exam's name, the one long part, is cut to 200 characters).
     */
    String notification(StudentEvent event) {
        JsonNode data;
        try {
            data = mapper.readTree(event.data());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an event's data was written as JSON", e);
        }
        String semester = data.path("release").path("semester").asText("");
        String sgpa = data.path("sgpa").asText("");
        String exam = data.path("release").path("exam_name").asText("");
        ObjectNode message = mapper.createObjectNode();
        message.put("title", "New result" + (semester.isEmpty() ? "" : ": semester " + semester));
        message.put("body", "SGPA " + sgpa + (exam.isEmpty() ? "" : " · " + cut(exam, 200)));
        message.put("url", publicUrl.get() + "/student/" + event.hallTicket().value());
        message.put("hallticket", event.hallTicket().value());
        message.put("semester", semester);
        message.put("sgpa", sgpa);
        return message.toString();
    }

    private static String cut(String text, int most) {
        return text.length() <= most ? text : text.substring(0, most - 1) + "…";
    }

    private VapidKeys keys(Deadline deadline) {
        VapidKeys known = keys;
        if (known != null) {
            return known;
        }
        VapidKeys loaded = storedKeys(deadline);
        keys = loaded;
        return loaded;
    }

    /** The pair kept in the database, made and kept now when there is none (the first instance's wins). */
    private VapidKeys storedKeys(Deadline deadline) {
        VapidKeys made = VapidKeys.generate();
        String kept = store.settingOr(KEY_SETTING, made.publicKeyBase64Url() + " " + made.privateKeyText(), deadline);
        String[] halves = kept.split(" ", 2);
        return VapidKeys.of(halves[0], halves[1]);
    }
}
