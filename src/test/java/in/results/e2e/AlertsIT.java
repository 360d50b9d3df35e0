package in.results.e2e;

import static in.results.e2e.AlertRequests.post;
import static in.results.e2e.AlertRequests.subscription;
import static in.results.e2e.AlertRequests.withToken;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import in.results.alerts.WebhookReceiver;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.MarksLayout;
import in.results.testing.PostgresServer;
import in.results.testing.RedisServer;
import io.javalin.Javalin;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Result alerts end to end: a university that publishes while the service runs, apps' webhooks on loopback (the
 * receiver checks every signature with the Standard Webhooks reference library) and a live page read as a browser
 * reads it. Every expected event comes from the simulator's truth for the release published.
 */
class AlertsIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final Exam RESULTS_DAY_RELEASE =
            COHORT.nextRegularRelease(LocalDate.of(2023, 12, 1)).orElseThrow();
    private static final LocalDate RESULTS_DAY = RESULTS_DAY_RELEASE.releaseDate();
    private static final LocalDate DAY_BEFORE = RESULTS_DAY.minusDays(1);
    private static final String PUBLIC_URL = "https://results.example.org";
    private static final Map<String, String> SETTINGS = Map.of(
            "RESULTS_LIST_REFRESH_SECONDS", "5",
            "RESULTS_WEBHOOK_ALLOW_PRIVATE", "true",
            "RESULTS_PUBLIC_URL", PUBLIC_URL);

    private final PublishingUniversity world = new PublishingUniversity(COHORT);

    @AfterEach
    void stopEverything() throws Exception {
        world.stopEverything();
    }

    @Test
    void subscribers_with_a_result_in_a_new_release_are_told_it_once_signed_and_the_others_nothing() {
        // given a university on the day before results day, a webhook receiver, and five subscriptions: three
        // students of the batch whose results come out, two of another batch
        world.openOn(DAY_BEFORE);
        ServiceClient service = service(SETTINGS);
        WebhookReceiver receiver = world.closedAfter(new WebhookReceiver());
        Cohort after = COHORT.asOf(RESULTS_DAY);
        List<Student> batch = after.students().stream()
                .filter(s -> s.results().containsKey(RESULTS_DAY_RELEASE.code()))
                .limit(3)
                .toList();
        List<Student> others = after.students().stream()
                .filter(s -> !s.hasNoResult() && !s.results().containsKey(RESULTS_DAY_RELEASE.code()))
                .filter(s -> s.regulation().equals(RESULTS_DAY_RELEASE.regulation()))
                .limit(2)
                .toList();
        Map<String, JsonNode> created = new HashMap<>();
        for (Student student : concat(batch, others)) {
            String path = "/hook/" + student.hallTicket();
            ServiceClient.Reply reply =
                    post(service, "/api/subscriptions", subscription(student.hallTicket(), receiver.url(path)));
            assertThat(reply.status()).as(reply.response().body()).isEqualTo(201);
            JsonNode body = reply.json();
            assertThat(body.get("status").asText()).isEqualTo("pending");
            assertThat(body.get("secret").asText()).startsWith("whsec_");
            assertThat(body.get("id").asText()).startsWith("sub_");
            receiver.expectSecret(path, body.get("secret").asText());
            created.put(student.hallTicket(), body);
        }

        // when each webhook answered its verification, and the university publishes the batch's results
        for (JsonNode subscription : created.values()) {
            await("verified " + subscription.get("id").asText())
                    .atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> statusOf(service, subscription)
                            .get("status")
                            .asText()
                            .equals("active"));
        }
        long askedBefore = world.asked();
        List<Exam> published = publish(RESULTS_DAY);
        long publishedAt = System.nanoTime();
        await("every subscriber of the batch told")
                .atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> receiver.events("result.published").size() >= batch.size());
        Duration toldAfter = Duration.ofNanos(System.nanoTime() - publishedAt);
        long askedForAlerts = world.asked() - askedBefore;

        // then each student of the batch got exactly one event, signed, with their page as the university shows it,
        // its SGPA, and the merged semester's SGPA; nobody else got any; each subscriber cost about one request
        System.out.printf(
                "alerts: %s told after %d ms, %d upstream requests%n", published, toldAfter.toMillis(), askedForAlerts);
        assertThat(published).contains(RESULTS_DAY_RELEASE);
        List<WebhookReceiver.Delivery> events = receiver.events("result.published");
        assertThat(events)
                .hasSize(batch.size())
                .allSatisfy(event -> assertThat(event.signatureValid()).isTrue());
        assertThat(events.stream().map(WebhookReceiver.Delivery::webhookId).distinct())
                .hasSize(batch.size());
        for (Student student : batch) {
            WebhookReceiver.Delivery event = events.stream()
                    .filter(e -> e.path().equals("/hook/" + student.hallTicket()))
                    .findFirst()
                    .orElseThrow();
            assertThat(event.body().get("type").asText()).isEqualTo("result.published");
            assertThat(ExpectedReport.numbersCanonical(event.body().get("data")))
                    .isEqualTo(ExpectedReport.numbersCanonical(expectedData(after, student)));
        }
        assertThat(askedForAlerts).isLessThanOrEqualTo((long) Math.ceil(1.2 * (batch.size() + others.size())));
        for (JsonNode subscription : created.values()) {
            JsonNode status = statusOf(service, subscription);
            assertThat(status.get("hallticket").asText()).hasSize(10);
        }
    }

    @Test
    void a_receiver_that_fails_its_first_delivery_gets_the_event_again_under_the_same_webhook_id() {
        world.openOn(DAY_BEFORE);
        ServiceClient service = service(SETTINGS);
        WebhookReceiver receiver = world.closedAfter(new WebhookReceiver());
        Student student = COHORT.asOf(RESULTS_DAY).students().stream()
                .filter(s -> s.results().containsKey(RESULTS_DAY_RELEASE.code()))
                .findFirst()
                .orElseThrow();
        String path = "/flaky";
        JsonNode subscription = post(
                        service, "/api/subscriptions", subscription(student.hallTicket(), receiver.url(path)))
                .json();
        receiver.expectSecret(path, subscription.get("secret").asText());
        await().atMost(Duration.ofSeconds(10))
                .until(() ->
                        statusOf(service, subscription).get("status").asText().equals("active"));
        receiver.failNext(path, 1, 503);

        publish(RESULTS_DAY);
        await("the event delivered after one failure")
                .atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> receiver.attempts(path, "result.published").size() >= 2);

        List<WebhookReceiver.Delivery> attempts = receiver.attempts(path, "result.published");
        assertThat(attempts).hasSize(2);
        assertThat(attempts.get(0).status()).isEqualTo(503);
        assertThat(attempts.get(1).status()).isEqualTo(200);
        assertThat(attempts.get(1).webhookId()).isEqualTo(attempts.get(0).webhookId());
        assertThat(attempts)
                .allSatisfy(attempt -> assertThat(attempt.signatureValid()).isTrue());
        await().atMost(Duration.ofSeconds(5))
                .until(() ->
                        !statusOf(service, subscription).get("last_delivery").isNull());
        assertThat(statusOf(service, subscription)
                        .get("last_delivery")
                        .get("status")
                        .asText())
                .isEqualTo("200");
    }

    @Test
    void an_open_live_page_is_told_of_the_new_result_without_a_subscription() throws Exception {
        // given two students of the batch whose results come out, each with a live page open: one looked up by a
        // person just before (as the website does), the other never looked up (a script opening pages)
        world.openOn(DAY_BEFORE);
        ServiceClient service = service(SETTINGS);
        Cohort after = COHORT.asOf(RESULTS_DAY);
        List<Student> batch = after.students().stream()
                .filter(s -> s.results().containsKey(RESULTS_DAY_RELEASE.code()))
                .limit(2)
                .toList();
        Student student = batch.getFirst();
        Student notLookedUp = batch.getLast();
        assertThat(service.get("/all/" + student.hallTicket()).status()).isEqualTo(200);
        service.awaitArchiveWritten();
        BufferedReader lines = livePage(service, student, "");
        CompletableFuture<List<String>> firstEvent = CompletableFuture.supplyAsync(() -> readEvent(lines));
        BufferedReader unwatched = livePage(service, notLookedUp, "");
        CompletableFuture<List<String>> unwatchedEvent = CompletableFuture.supplyAsync(() -> readEvent(unwatched));

        // when the university publishes their results
        publish(RESULTS_DAY);

        // then the page of the student looked up is told; the other page does not make the service check its student,
        // so it is told nothing once the release is dispatched
        List<String> event = firstEvent.get(2, TimeUnit.MINUTES);
        await("the release dispatched")
                .atMost(Duration.ofMinutes(1))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> service.get("/health")
                                .json()
                                .at("/alerts/releases_waiting")
                                .asInt()
                        == 0);
        assertThat(unwatchedEvent)
                .as("a page of a student nobody looked up")
                .failsWithin(Duration.ofSeconds(5))
                .withThrowableThat()
                .isInstanceOf(java.util.concurrent.TimeoutException.class);
        assertThat(event).anySatisfy(line -> assertThat(line).isEqualTo("event: result.published"));
        assertThat(event).anySatisfy(line -> assertThat(line).startsWith("id: "));
        // a page that reconnects with the id of an event before it (the Unix epoch's first millisecond) gets it again
        BufferedReader reconnected = livePage(service, student, "1-btech/0/regular");
        List<String> replayed =
                CompletableFuture.supplyAsync(() -> readEvent(reconnected)).get(30, TimeUnit.SECONDS);
        assertThat(replayed).isEqualTo(event);
        String data = event.stream()
                .filter(line -> line.startsWith("data: "))
                .findFirst()
                .orElseThrow()
                .substring(6);
        JsonNode message = ServiceClient.MAPPER.readTree(data);
        assertThat(message.get("type").asText()).isEqualTo("result.published");
        assertThat(ExpectedReport.numbersCanonical(message.get("data")))
                .isEqualTo(ExpectedReport.numbersCanonical(expectedData(after, student)));
    }

    @Test
    void a_fleet_whose_dispatching_instance_is_stopped_mid_dispatch_tells_every_subscriber_under_one_webhook_id() {
        // given three instances on one Redis and one PostgreSQL, and subscriptions of twelve students of the batch
        // whose results come out and three of others, made through the first
        world.openOn(DAY_BEFORE);
        RedisServer redis = world.closedAfter(RedisServer.start());
        PostgresServer postgres = world.closedAfter(PostgresServer.start());
        Map<String, String> fleet = new HashMap<>(SETTINGS);
        fleet.put("RESULTS_REDIS_URL", redis.url());
        fleet.put("RESULTS_REDIS_TIMEOUT_MS", "2000");
        fleet.put("RESULTS_DATABASE_URL", postgres.newDatabase());
        // No reading ahead: the dispatch's own checks ask the university, so that it can be caught while they run.
        fleet.put("RESULTS_WARMUP_SECONDS", "0");
        List<Javalin> instances =
                List.of(world.startService(fleet), world.startService(fleet), world.startService(fleet));
        ServiceClient first = new ServiceClient(instances.getFirst().port());
        WebhookReceiver receiver = world.closedAfter(new WebhookReceiver());
        Cohort after = COHORT.asOf(RESULTS_DAY);
        List<Student> batch = after.students().stream()
                .filter(s -> s.results().containsKey(RESULTS_DAY_RELEASE.code()))
                .limit(12)
                .toList();
        List<Student> others = after.students().stream()
                .filter(s -> !s.hasNoResult() && !s.results().containsKey(RESULTS_DAY_RELEASE.code()))
                .filter(s -> s.regulation().equals(RESULTS_DAY_RELEASE.regulation()))
                .limit(3)
                .toList();
        List<JsonNode> subscriptions = new ArrayList<>();
        for (Student student : concat(batch, others)) {
            String path = "/hook/" + student.hallTicket();
            JsonNode created = post(first, "/api/subscriptions", subscription(student.hallTicket(), receiver.url(path)))
                    .json();
            receiver.expectSecret(path, created.get("secret").asText());
            subscriptions.add(created);
        }
        for (JsonNode subscription : subscriptions) {
            await().atMost(Duration.ofSeconds(30))
                    .until(() ->
                            statusOf(first, subscription).get("status").asText().equals("active"));
        }

        // when the university, now answering slowly, publishes, and the instance dispatching the release is stopped
        // while its checks run
        world.primary().setLatency(Duration.ofSeconds(1), Duration.ZERO);
        world.mirror().setLatency(Duration.ofSeconds(1), Duration.ZERO);
        publish(RESULTS_DAY);
        Javalin dispatching = await("an instance dispatching the release")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> instances.stream()
                                .filter(instance -> new ServiceClient(instance.port())
                                                .get("/health")
                                                .json()
                                                .get("alerts")
                                                .get("releases_waiting")
                                                .asInt()
                                        > 0)
                                .findFirst(),
                        java.util.Optional::isPresent)
                .orElseThrow();
        world.stop(dispatching);

        // then another instance takes over once the lease ends, and every subscriber of the batch is told under one
        // webhook-id (a delivery repeated after the stop carries the same id); the others are told nothing
        await("every subscriber of the batch told")
                .atMost(Duration.ofMinutes(3))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> receiver.events("result.published").stream()
                                .map(WebhookReceiver.Delivery::path)
                                .distinct()
                                .count()
                        >= batch.size());
        List<WebhookReceiver.Delivery> events = receiver.events("result.published");
        assertThat(events)
                .allSatisfy(event -> assertThat(event.signatureValid()).isTrue());
        for (Student student : batch) {
            List<WebhookReceiver.Delivery> told = events.stream()
                    .filter(event -> event.path().equals("/hook/" + student.hallTicket()))
                    .toList();
            assertThat(told.stream().map(WebhookReceiver.Delivery::webhookId).distinct())
                    .as(student.hallTicket())
                    .hasSize(1);
            assertThat(ExpectedReport.numbersCanonical(told.getFirst().body().get("data")))
                    .isEqualTo(ExpectedReport.numbersCanonical(expectedData(after, student)));
        }
        for (Student student : others) {
            assertThat(receiver.attempts("/hook/" + student.hallTicket(), "result.published"))
                    .as(student.hallTicket())
                    .isEmpty();
        }
    }

    @Test
    void bad_subscriptions_get_a_clear_error_naming_the_field() {
        world.openOn(DAY_BEFORE);
        ServiceClient service = service(Map.of()); // internal addresses refused, as in production
        String hallTicket = COHORT.students().getFirst().hallTicket();

        assertError(post(service, "/api/subscriptions", ""), 400, "body");
        assertError(post(service, "/api/subscriptions", "[1, 2]"), 400, "body");
        assertError(
                post(service, "/api/subscriptions", "{\"webhook_url\": \"https://example.org/h\"}"), 400, "hallticket");
        assertError(
                post(service, "/api/subscriptions", subscription("12345", "https://example.org/h")), 400, "hallticket");
        assertError(
                post(service, "/api/subscriptions", "{\"hallticket\": \"" + hallTicket + "\"}"), 400, "webhook_url");
        assertError(
                post(service, "/api/subscriptions", subscription(hallTicket, "ftp://example.org/h")),
                400,
                "webhook_url");
        assertError(
                post(service, "/api/subscriptions", subscription(hallTicket, "http://127.0.0.1:9/h")),
                400,
                "webhook_url");
        assertError(
                post(service, "/api/subscriptions", subscription(hallTicket, "http://10.1.2.3/h")), 400, "webhook_url");
        assertError(
                post(
                        service,
                        "/api/subscriptions",
                        subscription(hallTicket, "https://example.org/" + "a".repeat(2001))),
                400,
                "webhook_url");
        ServiceClient.Reply tooLarge = post(service, "/api/subscriptions", "{\"x\": \"" + "a".repeat(9000) + "\"}");
        assertThat(tooLarge.status()).isEqualTo(413);
        assertThat(tooLarge.json().get("code").asText()).isEqualTo("PAYLOAD_TOO_LARGE");

        ServiceClient.Reply noAuth = service.get("/api/subscriptions/sub_0123456789abcdef0123456789abcdef");
        assertThat(noAuth.status()).isEqualTo(401);
        assertThat(noAuth.json().get("code").asText()).isEqualTo("UNAUTHORIZED");
        ServiceClient.Reply unknown = service.send(
                HttpRequest.newBuilder(service.uri("/api/subscriptions/sub_0123456789abcdef0123456789abcdef"))
                        .header("Authorization", "Bearer whsec_AAAA")
                        .build());
        assertThat(unknown.status()).isEqualTo(404);
    }

    @Test
    void a_subscription_is_read_and_deleted_only_with_its_token_not_with_its_signing_secret() {
        world.openOn(DAY_BEFORE);
        ServiceClient service = service(SETTINGS);
        WebhookReceiver receiver = world.closedAfter(new WebhookReceiver());
        String hallTicket = COHORT.students().getFirst().hallTicket();
        JsonNode created = post(service, "/api/subscriptions", subscription(hallTicket, receiver.url("/one")))
                .json();
        JsonNode other = post(service, "/api/subscriptions", subscription(hallTicket, receiver.url("/two")))
                .json();
        String id = created.get("id").asText();
        String token = created.get("token").asText();

        ServiceClient.Reply wrongToken =
                withToken(service, "GET", id, other.get("token").asText());
        ServiceClient.Reply withSecret =
                withToken(service, "GET", id, created.get("secret").asText());
        ServiceClient.Reply read = withToken(service, "GET", id, token);
        ServiceClient.Reply deletedWithWrong =
                withToken(service, "DELETE", id, other.get("token").asText());
        ServiceClient.Reply deletedWithSecret =
                withToken(service, "DELETE", id, created.get("secret").asText());
        ServiceClient.Reply deleted = withToken(service, "DELETE", id, token);
        ServiceClient.Reply readAfter = withToken(service, "GET", id, token);

        assertThat(token).startsWith("subtok_").isNotEqualTo(other.get("token").asText());
        assertThat(wrongToken.status()).isEqualTo(404);
        assertThat(withSecret.status()).isEqualTo(404); // the secret signs; the receiving end holds it too
        assertThat(deletedWithSecret.status()).isEqualTo(404);
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json().get("id").asText()).isEqualTo(id);
        assertThat(read.json().get("hallticket").asText()).isEqualTo(hallTicket);
        assertThat(read.json().has("last_delivery")).isTrue();
        assertThat(deletedWithWrong.status()).isEqualTo(404);
        assertThat(deleted.status()).isEqualTo(204);
        assertThat(readAfter.status()).isEqualTo(404);
    }

    @Test
    void subscriptions_past_the_limit_of_a_hall_ticket_get_429_naming_the_limit_and_retry_after() {
        // given a hall ticket with 2 places, and three clients (127.0.0.1 to 127.0.0.3) with one place each to take
        world.openOn(DAY_BEFORE);
        Map<String, String> settings = new HashMap<>(SETTINGS);
        settings.put("RESULTS_SUBSCRIPTIONS_PER_HALLTICKET", "2");
        int port = world.startService(settings).port();
        WebhookReceiver receiver = world.closedAfter(new WebhookReceiver());
        String hallTicket = COHORT.students().getFirst().hallTicket();

        List<Integer> statuses = new ArrayList<>();
        ServiceClient.Reply last = null;
        for (int i = 1; i <= 3; i++) {
            ServiceClient client = new ServiceClient(port, "127.0.0." + i);
            last = post(client, "/api/subscriptions", subscription(hallTicket, receiver.url("/h" + i)));
            statuses.add(last.status());
        }
        ServiceClient.Reply bad =
                post(new ServiceClient(port, "127.0.0.3"), "/api/subscriptions", subscription(hallTicket, "ftp://x"));

        assertThat(statuses).containsExactly(201, 201, 429);
        assertThat(last.json().get("code").asText()).isEqualTo("RATE_LIMITED");
        assertThat(last.json().get("error").asText())
                .isEqualTo("A hall ticket may have at most 2 subscriptions, and this one has no place left; retry"
                        + " later.");
        assertThat(last.response().headers().firstValue("Retry-After")).isPresent();
        assertThat(bad.status()).isEqualTo(400);
    }

    /** The event's data for {@code student}'s page of the release, from the simulator's truth. */
    private static ObjectNode expectedData(Cohort after, Student student) {
        ObjectNode data = ServiceClient.MAPPER.createObjectNode();
        data.put("hallticket", student.hallTicket());
        data.set("release", ExpectedReport.release(RESULTS_DAY_RELEASE));
        data.set(
                "sgpa",
                Expected.sgpaNumber(student.results().get(RESULTS_DAY_RELEASE.code()))
                        .get("SGPA"));
        JsonNode semester = null;
        for (JsonNode element :
                ExpectedTranscript.of(after, student).get("data").get("results")) {
            if (element.has(RESULTS_DAY_RELEASE.semester())) {
                semester = element.get("SGPA");
            }
        }
        data.set("semester_sgpa", semester);
        data.set(
                "subjects",
                Expected.fullSubjects(
                        student.results().get(RESULTS_DAY_RELEASE.code()),
                        RESULTS_DAY_RELEASE.layout() == MarksLayout.FOUR_COLUMN));
        data.put("transcript_url", PUBLIC_URL + "/all/" + student.hallTicket());
        return data;
    }

    /** The live page of {@code student}, reconnecting with {@code lastEventId} unless it is empty; closed after the test. */
    private BufferedReader livePage(ServiceClient service, Student student, String lastEventId) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(service.uri("/events/student/" + student.hallTicket()));
        if (!lastEventId.isEmpty()) {
            request.header("Last-Event-ID", lastEventId);
        }
        HttpResponse<InputStream> stream =
                HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        assertThat(stream.statusCode()).isEqualTo(200);
        assertThat(stream.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
        return world.closedAfter(new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8)));
    }

    /** Lines of the next event on a live page (up to its blank line), skipping heartbeats and the retry hint. */
    private static List<String> readEvent(BufferedReader lines) {
        List<String> event = new ArrayList<>();
        try {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isEmpty()) {
                    if (event.stream().anyMatch(l -> l.startsWith("event:"))) {
                        return event;
                    }
                    event.clear();
                } else if (!line.startsWith(":")) {
                    event.add(line);
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        throw new AssertionError("the live page ended without an event");
    }

    private static void assertError(ServiceClient.Reply reply, int status, String field) {
        assertThat(reply.status()).as(reply.response().body()).isEqualTo(status);
        assertThat(reply.json().get("code").asText()).isEqualTo("INVALID_PARAMETER");
        assertThat(reply.json().get("error").asText()).contains("'" + field + "'");
    }

    /** The subscription as its token reads it. */
    private static JsonNode statusOf(ServiceClient service, JsonNode subscription) {
        ServiceClient.Reply reply = withToken(
                service,
                "GET",
                subscription.get("id").asText(),
                subscription.get("token").asText());
        assertThat(reply.status()).as(reply.response().body()).isEqualTo(200);
        return reply.json();
    }

    /**
     * Moves the university to {@code day} once the alerts have seen the list as it was (in a fleet, the instance
     * that holds the dispatch lease): the alerts take the releases listed when they first look as known, and tell
     * subscribers only of releases listed after.
     */
    private List<Exam> publish(LocalDate day) {
        await("the alerts' first look at the list")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> world.services().stream()
                        .anyMatch(service -> new ServiceClient(service.port())
                                        .get("/health")
                                        .json()
                                        .get("alerts")
                                        .get("releases_known")
                                        .asInt()
                                > 0));
        return world.publish(day);
    }

    private ServiceClient service(Map<String, String> settings) {
        return new ServiceClient(world.startService(settings).port());
    }

    private static <T> List<T> concat(List<T> first, List<T> second) {
        List<T> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }
}
