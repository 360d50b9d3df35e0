package in.results.e2e;

import static in.results.e2e.AlertRequests.post;
import static in.results.e2e.AlertRequests.send;
import static in.results.e2e.AlertRequests.subscription;
import static in.results.e2e.AlertRequests.withToken;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import in.results.alerts.FakePushService;
import in.results.alerts.WebhookSecret;
import in.results.archive.ArchiveDatabase;
import in.results.simulator.cohort.Cohort;
import in.results.testing.ArchiveSchemas;
import in.results.testing.DataFolders;
import in.results.testing.PostgresServer;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What keeps subscriptions safe from strangers, over HTTP against the running service: push endpoints on push services
 * only, a push subscription ended only by its browser, webhook subscriptions managed with their token, a client's share
 * of a hall ticket's places, and limits that hold when many subscribe at once — on two instances sharing one
 * PostgreSQL and on one instance's SQLite file.
 */
class SubscriptionGuardsIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final LocalDate DAY = LocalDate.of(2023, 12, 1);
    private static final String HALL_TICKET = COHORT.students().getFirst().hallTicket();
    /** Webhooks on loopback allowed; their verification requests go to a closed port (they stay pending). */
    private static final Map<String, String> SETTINGS = Map.of("RESULTS_WEBHOOK_ALLOW_PRIVATE", "true");

    private static final String HOOK = "http://127.0.0.1:9/hook";

    private final PublishingUniversity world = new PublishingUniversity(COHORT);

    @AfterEach
    void stopEverything() throws Exception {
        world.stopEverything();
    }

    @Test
    void a_push_endpoint_off_the_push_services_list_is_refused_and_nothing_is_stored() {
        // given the default list (the browsers' push services) and a browser of a push service on loopback
        world.openOn(DAY);
        ServiceClient service = service(SETTINGS);
        FakePushService push = world.closedAfter(FakePushService.start(publicKey(service)));
        ObjectNode browser = browser(push, "browser");
        ObjectNode elsewhere = browser.deepCopy().put("endpoint", "https://push.example.org/send/abc");
        ObjectNode underApple = browser.deepCopy().put("endpoint", "https://push.apple.com/abc");

        // when it subscribes with that endpoint, one on another host, and one on the suffix itself
        List<ServiceClient.Reply> replies = List.of(
                post(service, "/api/push", pushBody(browser)),
                post(service, "/api/push", pushBody(elsewhere)),
                post(service, "/api/push", pushBody(underApple)));

        // then each is refused, naming the field and the push services taken, and nothing was stored
        assertThat(replies).allSatisfy(reply -> {
            assertThat(reply.status()).as(reply.response().body()).isEqualTo(400);
            assertThat(reply.json().get("code").asText()).isEqualTo("PUSH_SERVICE_NOT_ALLOWED");
            assertThat(reply.json().get("error").asText())
                    .startsWith("Parameter 'subscription.endpoint' ")
                    .contains("*.push.apple.com");
        });
        assertThat(replies.getFirst().json().get("error").asText())
                .isEqualTo("Parameter 'subscription.endpoint' must be on one of the push services this service sends"
                        + " to (fcm.googleapis.com, android.googleapis.com, updates.push.services.mozilla.com,"
                        + " *.push.apple.com, *.notify.windows.com).");
        assertThat(endPush(service, browser, auth(browser)).status()).isEqualTo(404);
    }

    @Test
    void a_push_subscription_is_ended_only_with_its_browsers_auth_key() {
        // given a push service on loopback listed, and a browser subscribed through it
        world.openOn(DAY);
        ServiceClient service = service(pushServiceOnLoopback());
        FakePushService push = world.closedAfter(FakePushService.start(publicKey(service)));
        ObjectNode browser = browser(push, "browser");
        ObjectNode other = browser(push, "other");
        ServiceClient.Reply created = post(service, "/api/push", pushBody(browser));
        assertThat(created.status()).as(created.response().body()).isEqualTo(201);

        // when it is ended without the key, with a malformed one, with another browser's, then with its own
        ServiceClient.Reply without = send(
                service,
                "DELETE",
                "/api/push",
                ServiceClient.MAPPER
                        .createObjectNode()
                        .put("endpoint", browser.get("endpoint").asText())
                        .toString());
        ServiceClient.Reply malformed = endPush(service, browser, "not base64!");
        ServiceClient.Reply wrong = endPush(service, browser, auth(other));
        ServiceClient.Reply right = endPush(service, browser, auth(browser));
        ServiceClient.Reply again = endPush(service, browser, auth(browser));

        // then: 400 naming auth; 404 for a wrong key (as for no subscription: existence is not told); 204; 404
        assertThat(without.status()).isEqualTo(400);
        assertThat(without.json().get("error").asText()).isEqualTo("Parameter 'auth' is required.");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.json().get("error").asText()).contains("'auth'");
        assertThat(wrong.status()).isEqualTo(404);
        assertThat(wrong.json()).isEqualTo(again.json());
        assertThat(right.status()).isEqualTo(204);
        assertThat(again.status()).isEqualTo(404);
    }

    @Test
    void a_browser_subscribing_again_replaces_its_own_and_another_key_for_its_endpoint_replaces_nothing() {
        // given a push service on loopback listed, a browser, and a stranger who learned its endpoint
        world.openOn(DAY);
        ServiceClient service = service(pushServiceOnLoopback());
        FakePushService push = world.closedAfter(FakePushService.start(publicKey(service)));
        ObjectNode browser = browser(push, "browser");
        ObjectNode stranger = browser(push, "stranger")
                .put("endpoint", browser.get("endpoint").asText());

        // when the browser subscribes three times (its client's share is 2 places), and the stranger once with its
        // own keys for the browser's endpoint
        List<Integer> browserTimes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            browserTimes.add(post(service, "/api/push", pushBody(browser)).status());
        }
        ServiceClient.Reply strangers = post(service, "/api/push", pushBody(stranger));

        // then the browser's subscription replaced itself each time; the stranger's is a second subscription (its
        // place taken), and the browser's own is still there to end with its key
        assertThat(browserTimes).containsExactly(201, 201, 201);
        assertThat(strangers.status()).isEqualTo(201);
        assertThat(endPush(service, browser, auth(browser)).status()).isEqualTo(204);
        assertThat(endPush(service, browser, auth(stranger)).status()).isEqualTo(204);
        assertThat(endPush(service, browser, auth(browser)).status()).isEqualTo(404);
    }

    @Test
    void one_client_takes_two_places_of_a_hall_ticket_and_another_client_still_subscribes() {
        // given the default limits: 20 places per hall ticket, 2 of them per client
        world.openOn(DAY);
        int port = world.startService(SETTINGS).port();
        ServiceClient squatter = new ServiceClient(port, "127.0.0.1");

        // when one client asks for 25 subscriptions of one hall ticket, and then another client for one
        List<ServiceClient.Reply> replies = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            replies.add(post(squatter, "/api/subscriptions", subscription(HALL_TICKET, HOOK + i)));
        }
        ServiceClient.Reply another =
                post(new ServiceClient(port, "127.0.0.2"), "/api/subscriptions", subscription(HALL_TICKET, HOOK));

        // then the first two are made, the other 23 refused naming the limit, and the other client is served
        assertThat(replies.stream().map(ServiceClient.Reply::status).toList())
                .containsExactlyElementsOf(statuses(2, 23));
        ServiceClient.Reply refused = replies.getLast();
        assertThat(refused.json().get("code").asText()).isEqualTo("RATE_LIMITED");
        assertThat(refused.json().get("error").asText())
                .isEqualTo("One client may hold at most 2 subscriptions of a hall ticket, and this client holds"
                        + " them; end one to make another.");
        assertThat(refused.header("Retry-After")).isEqualTo("3600");
        assertThat(another.status()).as(another.response().body()).isEqualTo(201);
    }

    @Test
    void a_subscription_made_before_tokens_is_still_managed_with_its_secret() throws Exception {
        // given a database of the version before tokens (migrations up to 3) holding a webhook subscription
        world.openOn(DAY);
        Path dataDir = DataFolders.fresh();
        ArchiveDatabase database = ArchiveDatabase.embedded(dataDir);
        ArchiveSchemas.migrateTo(database, "3");
        String jdbcUrl = database.jdbcUrl();
        String secret = WebhookSecret.generate(new SecureRandom()).text();
        String id = "sub_0123456789abcdef0123456789abcdef";
        try (Connection connection = DriverManager.getConnection(jdbcUrl);
                PreparedStatement insert = connection.prepareStatement("INSERT INTO subscriptions (id, hall_ticket,"
                        + " kind, target, secret, status, client, created_at, verify_attempts) VALUES (?, ?,"
                        + " 'webhook', 'https://example.org/hook', ?, 'active', '203.0.113.7', 0, 1)")) {
            insert.setString(1, id);
            insert.setString(2, HALL_TICKET);
            insert.setString(3, secret);
            insert.executeUpdate();
        }

        // when the service, migrating it, is asked for it with the secret, and deletes it with the secret
        Map<String, String> settings = new HashMap<>(SETTINGS);
        settings.put("RESULTS_DATA_DIR", dataDir.toString());
        ServiceClient service = service(settings);
        ServiceClient.Reply read = await("the migrated database answers")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> withToken(service, "GET", id, secret), reply -> reply.status() != 503);
        ServiceClient.Reply wrong = withToken(service, "GET", id, "subtok_" + secret.substring(6));
        ServiceClient.Reply deleted = withToken(service, "DELETE", id, secret);

        // then the secret still works as its token
        assertThat(read.status()).as(read.response().body()).isEqualTo(200);
        assertThat(read.json().get("hallticket").asText()).isEqualTo(HALL_TICKET);
        assertThat(wrong.status()).isEqualTo(404);
        assertThat(deleted.status()).isEqualTo(204);
    }

    @Test
    void sixteen_at_once_on_two_instances_of_one_postgresql_take_the_last_place_of_a_hall_ticket_once()
            throws Exception {
        // given two instances on one PostgreSQL, a hall ticket of 4 places (no per-client share: every request comes
        // from 127.0.0.1) and 3 of them taken
        world.openOn(DAY);
        PostgresServer postgres = world.closedAfter(PostgresServer.start());
        Map<String, String> fleet = new HashMap<>(SETTINGS);
        fleet.put("RESULTS_DATABASE_URL", postgres.newDatabase());
        fleet.put("RESULTS_SUBSCRIPTIONS_PER_HALLTICKET", "4");
        fleet.put("RESULTS_SUBSCRIPTIONS_PER_HALLTICKET_CLIENT", "0");
        List<ServiceClient> instances = List.of(service(fleet), service(fleet));
        for (int i = 0; i < 3; i++) {
            assertThat(subscribeOnceReady(instances.get(i % 2), HOOK + i).status())
                    .isEqualTo(201);
        }

        // when 16 subscriptions are asked at once, 8 of each instance
        long started = System.nanoTime();
        List<ServiceClient.Reply> replies = atOnce(16, i -> instances.get(i % 2));
        long tookMillis = Duration.ofNanos(System.nanoTime() - started).toMillis();

        // then exactly one takes the last place; the others are told the hall ticket's limit
        System.out.printf("16 subscriptions at once on two instances of one PostgreSQL: %d ms%n", tookMillis);
        assertOneMadeOthersRefused(replies, "A hall ticket may have at most 4 subscriptions");
    }

    @Test
    void eight_at_once_on_one_instance_s_sqlite_take_a_client_s_last_place_once() throws Exception {
        // given the default share of 2 places per client and hall ticket, one of them taken
        world.openOn(DAY);
        ServiceClient service = service(SETTINGS);
        assertThat(subscribeOnceReady(service, HOOK + "first").status()).isEqualTo(201);

        // when the same client asks for 8 more at once
        long started = System.nanoTime();
        List<ServiceClient.Reply> replies = atOnce(8, i -> service);
        long tookMillis = Duration.ofNanos(System.nanoTime() - started).toMillis();

        // then exactly one is made
        System.out.printf("8 subscriptions at once on one instance's SQLite: %d ms%n", tookMillis);
        assertOneMadeOthersRefused(replies, "One client may hold at most 2 subscriptions of a hall ticket");
    }

    // --- helpers ---

    private ServiceClient service(Map<String, String> settings) {
        return new ServiceClient(world.startService(settings).port());
    }

    /** The settings with the push service on loopback listed (the fake push service's host). */
    private static Map<String, String> pushServiceOnLoopback() {
        Map<String, String> settings = new HashMap<>(SETTINGS);
        settings.put("RESULTS_PUSH_SERVICES", "127.0.0.1");
        return settings;
    }

    /** A subscription, once the service's database answers (the archive opens while the service starts). */
    private static ServiceClient.Reply subscribeOnceReady(ServiceClient service, String hook) {
        return await("the database answers")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> post(service, "/api/subscriptions", subscription(HALL_TICKET, hook)),
                        reply -> reply.status() != 503);
    }

    /** {@code count} subscriptions of {@link #HALL_TICKET}, request {@code i} to {@code target.apply(i)}, all at once. */
    private static List<ServiceClient.Reply> atOnce(int count, java.util.function.IntFunction<ServiceClient> target)
            throws Exception {
        CountDownLatch ready = new CountDownLatch(count);
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(count);
        try {
            List<Future<ServiceClient.Reply>> replies = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                ServiceClient client = target.apply(i);
                String hook = HOOK + "/at-once-" + i;
                replies.add(threads.submit(() -> {
                    ready.countDown();
                    go.await();
                    return post(client, "/api/subscriptions", subscription(HALL_TICKET, hook));
                }));
            }
            ready.await();
            go.countDown();
            List<ServiceClient.Reply> done = new ArrayList<>();
            for (Future<ServiceClient.Reply> reply : replies) {
                done.add(reply.get());
            }
            return done;
        } finally {
            threads.shutdownNow();
        }
    }

    private static void assertOneMadeOthersRefused(List<ServiceClient.Reply> replies, String limit) {
        List<Integer> statuses =
                replies.stream().map(ServiceClient.Reply::status).sorted().toList();
        assertThat(statuses)
                .as(replies.stream().map(r -> r.response().body()).toList().toString())
                .containsExactlyElementsOf(statuses(1, replies.size() - 1));
        assertThat(replies.stream().filter(reply -> reply.status() == 429))
                .allSatisfy(
                        reply -> assertThat(reply.json().get("error").asText()).startsWith(limit));
    }

    /** {@code made} times 201, then {@code refused} times 429. */
    private static List<Integer> statuses(int made, int refused) {
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < made + refused; i++) {
            statuses.add(i < made ? 201 : 429);
        }
        return statuses;
    }

    /** The service's VAPID public key, once its database answers. */
    private static String publicKey(ServiceClient service) {
        ServiceClient.Reply reply = await("GET /api/push/key answered")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> service.get("/api/push/key"), answer -> answer.status() != 503);
        return reply.json().get("public_key").asText();
    }

    private static ObjectNode browser(FakePushService push, String name) {
        try {
            return (ObjectNode) ServiceClient.MAPPER.readTree(push.subscriptionJson(name));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String auth(JsonNode browser) {
        return browser.get("keys").get("auth").asText();
    }

    private static String pushBody(ObjectNode browser) {
        ObjectNode body = ServiceClient.MAPPER.createObjectNode();
        body.put("hallticket", HALL_TICKET);
        body.set("subscription", browser);
        return body.toString();
    }

    private static ServiceClient.Reply endPush(ServiceClient service, JsonNode browser, String auth) {
        ObjectNode body = ServiceClient.MAPPER.createObjectNode();
        body.put("endpoint", browser.get("endpoint").asText());
        body.put("auth", auth);
        return send(service, "DELETE", "/api/push", body.toString());
    }
}
