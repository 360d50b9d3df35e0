package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import in.results.alerts.HostResolver;
import in.results.alerts.StuckReceiver;
import in.results.alerts.WebhookReceiver;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Result alerts against hostile receivers, the service over HTTP: a webhook name that rebinds to loopback after it
 * was accepted (DNS rebinding), and a hundred hosts (127.0.1.1 to 127.0.1.100) that accept connections and never
 * answer, beside one good receiver.
 */
class HostileReceiversIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final Exam RESULTS_DAY_RELEASE =
            COHORT.nextRegularRelease(LocalDate.of(2023, 12, 1)).orElseThrow();
    private static final LocalDate RESULTS_DAY = RESULTS_DAY_RELEASE.releaseDate();
    private static final LocalDate DAY_BEFORE = RESULTS_DAY.minusDays(1);
    private static final int STUCK = 100;
    /** Loopback webhooks allowed; no limit on subscriptions (a hundred of one student from one client). */
    private static final Map<String, String> SETTINGS = Map.of(
            "RESULTS_LIST_REFRESH_SECONDS", "5",
            "RESULTS_WEBHOOK_ALLOW_PRIVATE", "true",
            "RESULTS_SUBSCRIPTIONS_PER_HALLTICKET", "0",
            "RESULTS_SUBSCRIPTIONS_PER_HALLTICKET_CLIENT", "0",
            "RESULTS_SUBSCRIPTIONS_PER_CLIENT_HOUR", "0");
    /** TEST-NET-3: a public address by the rules, which nobody answers. */
    private static final InetAddress PUBLIC = address(203, 0, 113, 10);

    private static final InetAddress LOOPBACK = address(127, 0, 0, 1);

    private final PublishingUniversity world = new PublishingUniversity(COHORT);

    @AfterEach
    void stopEverything() throws Exception {
        world.stopEverything();
    }

    @Test
    void webhook_names_that_rebind_to_loopback_after_they_were_accepted_get_no_connection_to_loopback() {
        // given a service that refuses internal targets, as in production, and two webhook names on a hostile DNS
        // server: each answers a public address to the subscription's check; "once.rebinding.example" answers
        // loopback from then on, "localhost" once more public (to the verification's check) and loopback after — as
        // the system's resolver does, so a client that looked the name up again itself would reach loopback; there,
        // a receiver that would answer the verification
        world.openOn(DAY_BEFORE);
        StuckReceiver loopback = world.closedAfter(new StuckReceiver(LOOPBACK, true));
        Map<String, Integer> publicAnswers = Map.of("once.rebinding.example", 1, "localhost", 2);
        Map<String, AtomicInteger> lookups = new ConcurrentHashMap<>();
        HostResolver hostile = host -> {
            int call =
                    lookups.computeIfAbsent(host, name -> new AtomicInteger()).incrementAndGet();
            return new InetAddress[] {call <= publicAnswers.getOrDefault(host, 0) ? PUBLIC : LOOPBACK};
        };
        ServiceClient service =
                new ServiceClient(world.startService(Map.of(), hostile).port());
        String hallTicket = COHORT.students().getFirst().hallTicket();

        // when both subscribe, and their verification requests are due at once
        for (String host : publicAnswers.keySet()) {
            ServiceClient.Reply created =
                    subscribe(service, hallTicket, "http://" + host + ":" + loopback.port() + "/h");
            assertThat(created.status()).as(created.response().body()).isEqualTo(201);
        }
        await("both verification attempts")
                .atMost(Duration.ofSeconds(10))
                .until(() -> lookups.values().stream().allMatch(calls -> calls.get() >= 2));

        // then no connection reaches loopback while the attempts run out (a connection attempt lasts 5 s at most),
        // and each attempt looked its name up once: the address checked is the address used
        await("no connection to loopback")
                .during(Duration.ofSeconds(6))
                .atMost(Duration.ofSeconds(8))
                .until(() -> loopback.accepted() == 0);
        assertThat(lookups.get("once.rebinding.example")).hasValue(2);
        assertThat(lookups.get("localhost")).hasValue(2);
    }

    @Test
    void a_good_webhook_is_verified_while_a_hundred_hosts_hold_their_verification_requests_open() {
        // given a hundred webhooks on hosts that never answer, each holding its verification request open
        world.openOn(DAY_BEFORE);
        ServiceClient service =
                ready(new ServiceClient(world.startService(SETTINGS).port()));
        List<StuckReceiver> stuck = stuckReceivers(false);
        String hallTicket = COHORT.students().getFirst().hallTicket();
        for (StuckReceiver receiver : stuck) {
            assertThat(subscribe(service, hallTicket, receiver.url("/hook")).status())
                    .isEqualTo(201);
        }
        await("a verification request open on every stuck host")
                .atMost(Duration.ofSeconds(8))
                .until(() -> stuck.stream().allMatch(receiver -> receiver.open() == 1));

        // when a good webhook subscribes after them
        WebhookReceiver good = world.closedAfter(new WebhookReceiver());
        JsonNode created = subscribe(service, hallTicket, good.url("/good")).json();
        await("the good webhook verified")
                .atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> statusOf(service, created).equals("active"));

        // then it was verified while every one of the hundred exchanges was still open
        assertThat(stuck).allSatisfy(receiver -> {
            assertThat(receiver.accepted()).isEqualTo(1);
            assertThat(receiver.open()).isEqualTo(1);
            assertThat(receiver.firstEndedNanos()).isEqualTo(Long.MAX_VALUE);
        });
    }

    @Test
    void a_good_webhook_gets_its_result_while_a_hundred_hosts_hold_their_deliveries_open() {
        // given a student of the batch whose results come out, a hundred webhooks of theirs on hosts that answer
        // the verification and never anything else, and a good webhook subscribed after them
        world.openOn(DAY_BEFORE);
        ServiceClient service =
                ready(new ServiceClient(world.startService(SETTINGS).port()));
        Student student = COHORT.asOf(RESULTS_DAY).students().stream()
                .filter(s -> s.results().containsKey(RESULTS_DAY_RELEASE.code()))
                .findFirst()
                .orElseThrow();
        List<StuckReceiver> stuck = stuckReceivers(true);
        List<JsonNode> subscriptions = new ArrayList<>();
        for (StuckReceiver receiver : stuck) {
            subscriptions.add(subscribe(service, student.hallTicket(), receiver.url("/hook"))
                    .json());
        }
        WebhookReceiver good = world.closedAfter(new WebhookReceiver());
        JsonNode goodSubscription =
                subscribe(service, student.hallTicket(), good.url("/good")).json();
        good.expectSecret("/good", goodSubscription.get("secret").asText());
        subscriptions.add(goodSubscription);
        for (JsonNode subscription : subscriptions) {
            await("verified")
                    .atMost(Duration.ofSeconds(20))
                    .until(() -> statusOf(service, subscription).equals("active"));
        }

        // when the university publishes the student's result
        publish(service);
        await("the good webhook told")
                .atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> !good.events("result.published").isEmpty());
        long toldAt = good.events("result.published").getFirst().arrivedNanos();

        // then every stuck host holds its delivery open, and none of those exchanges had ended when the good webhook
        // was told: it did not wait for them
        await("a delivery open on every stuck host")
                .atMost(Duration.ofSeconds(8))
                .until(() -> stuck.stream().allMatch(receiver -> receiver.open() == 1));
        assertThat(good.events("result.published").getFirst().signatureValid()).isTrue();
        assertThat(stuck).allSatisfy(receiver -> {
            assertThat(receiver.verified()).isEqualTo(1);
            assertThat(receiver.firstEndedNanos() - toldAt).isPositive();
        });
    }

    /**
     * {@code service} once its archive answers (its schema is put in place in the background; until then a
     * subscription is answered 503).
     */
    private static ServiceClient ready(ServiceClient service) {
        await("the archive answers")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> service.get("/health")
                        .json()
                        .path("archive")
                        .path("reachable")
                        .asBoolean());
        return service;
    }

    /** A receiver on each of 127.0.1.1 to 127.0.1.100; closed after the test. */
    private List<StuckReceiver> stuckReceivers(boolean answersVerification) {
        List<StuckReceiver> stuck = new ArrayList<>();
        for (int i = 1; i <= STUCK; i++) {
            stuck.add(world.closedAfter(new StuckReceiver(address(127, 0, 1, i), answersVerification)));
        }
        return stuck;
    }

    /** The university publishes once the alerts have seen the list as it was (they tell only of later releases). */
    private void publish(ServiceClient service) {
        await("the alerts' first look at the list")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> service.get("/health")
                                .json()
                                .get("alerts")
                                .get("releases_known")
                                .asInt()
                        > 0);
        assertThat(world.publish(RESULTS_DAY)).contains(RESULTS_DAY_RELEASE);
    }

    /** Subscribes {@code url}; a 503 (the database slow to answer) is asked again after its Retry-After, as told. */
    private static ServiceClient.Reply subscribe(ServiceClient service, String hallTicket, String url) {
        Map<String, String> body = new HashMap<>();
        body.put("hallticket", hallTicket);
        body.put("webhook_url", url);
        HttpRequest request = HttpRequest.newBuilder(service.uri("/api/subscriptions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(
                        ServiceClient.MAPPER.valueToTree(body).toString()))
                .build();
        ServiceClient.Reply reply = service.send(request);
        for (int retry = 0; reply.status() == 503 && retry < 5; retry++) {
            long seconds =
                    reply.response().headers().firstValueAsLong("Retry-After").orElse(1);
            await().pollDelay(Duration.ofSeconds(seconds)).until(() -> true);
            reply = service.send(request);
        }
        return reply;
    }

    private static String statusOf(ServiceClient service, JsonNode subscription) {
        ServiceClient.Reply reply = AlertRequests.withToken(
                service,
                "GET",
                subscription.get("id").asText(),
                subscription.get("token").asText());
        assertThat(reply.status()).as(reply.response().body()).isEqualTo(200);
        return reply.json().get("status").asText();
    }

    private static InetAddress address(int a, int b, int c, int d) {
        try {
            return InetAddress.getByAddress(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
