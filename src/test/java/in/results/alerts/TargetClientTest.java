package in.results.alerts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import in.results.core.HallTicket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The client of strangers' targets against real listeners on loopback: which address it connects to when a name
 * answers differently on each lookup (DNS rebinding), what it sends as the host, and how many exchanges it holds with
 * one address. A "public" answer is 203.0.113.10 (TEST-NET-3: public by the rules, reachable by nobody).
 */
class TargetClientTest {
    private static final InetAddress PUBLIC = address(203, 0, 113, 10);
    private static final InetAddress LOOPBACK = address(127, 0, 0, 1);

    private final List<AutoCloseable> opened = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable resource : opened.reversed()) {
            resource.close();
        }
    }

    @Test
    void a_name_that_answers_loopback_at_the_attempt_is_refused_and_nothing_connects() {
        // given a webhook accepted while its name answered a public address, answering loopback now
        StuckReceiver loopback = opened(new StuckReceiver(LOOPBACK, true));
        Rebinding resolver = new Rebinding(0);
        WebhookSender sender = sender(resolver, false);

        WebhookSender.Verification verification = sender.verify(subscription(loopback.port()));
        DeliveryWorker.Outcome delivery = sender.deliver("msg_1", subscription(loopback.port()), event());

        assertThat(verification).isEqualTo(WebhookSender.Verification.NOT_ANSWERED);
        assertThat(delivery.result()).isEqualTo(DeliveryWorker.Outcome.Result.FAILED);
        assertThat(delivery.status())
                .isEqualTo("refused: must point to public addresses only, not to a loopback address");
        assertThat(resolver.calls()).isEqualTo(2);
        assertThat(loopback.accepted()).isZero();
    }

    @Test
    void a_name_that_rebinds_to_loopback_after_the_check_is_not_looked_up_again_for_the_connection() {
        // given a name that answers a public address once per attempt, then loopback
        StuckReceiver loopback = opened(new StuckReceiver(LOOPBACK, true));
        Rebinding verifyResolver = new Rebinding(1);
        Rebinding deliverResolver = new Rebinding(1);

        WebhookSender.Verification verification = sender(verifyResolver, false).verify(subscription(loopback.port()));
        DeliveryWorker.Outcome delivery =
                sender(deliverResolver, false).deliver("msg_1", subscription(loopback.port()), event());

        // then each attempt connected to the public address it checked (which nobody answers), never to loopback
        assertThat(verification).isEqualTo(WebhookSender.Verification.NOT_ANSWERED);
        assertThat(delivery.result()).isEqualTo(DeliveryWorker.Outcome.Result.FAILED);
        assertThat(delivery.status()).isIn("connection failed", "timeout");
        assertThat(verifyResolver.calls()).isEqualTo(1);
        assertThat(deliverResolver.calls()).isEqualTo(1);
        assertThat(loopback.accepted()).isZero();
    }

    @Test
    void the_request_goes_to_the_checked_address_with_the_name_as_its_host() throws Exception {
        List<String> hosts = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress(LOOPBACK, 0), 0);
        server.createContext("/", exchange -> {
            hosts.add(exchange.getRequestHeaders().getFirst("Host"));
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        opened.add(() -> server.stop(0));
        int port = server.getAddress().getPort();
        AtomicInteger lookups = new AtomicInteger();
        TargetClient client = opened(TargetClient.start(
                host -> {
                    lookups.incrementAndGet();
                    return new InetAddress[] {LOOPBACK};
                },
                true));

        TargetClient.Answer answer = client.send("webhook_url", post("http://hooks.example:" + port + "/h"));

        assertThat(answer.status()).isEqualTo(204);
        assertThat(answer.started()).isTrue();
        assertThat(hosts).containsExactly("hooks.example:" + port);
        assertThat(lookups).hasValue(1);
    }

    @Test
    void a_host_that_never_answers_gets_four_exchanges_and_delays_nobody_else() throws Exception {
        // given a stuck host on 127.0.1.7 and a healthy one on 127.0.1.8
        StuckReceiver stuck = opened(new StuckReceiver(address(127, 0, 1, 7), false));
        StuckReceiver healthy = opened(new StuckReceiver(address(127, 0, 1, 8), true));
        TargetClient client = opened(TargetClient.start(HostResolver.SYSTEM, true));

        // when six requests go to the stuck host at once
        for (int i = 0; i < 6; i++) {
            Thread.ofVirtual().start(() -> client.send("webhook_url", post(stuck.url("/h"))));
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> stuck.open() == AddressGates.PER_ADDRESS);
        long start = System.nanoTime();
        WebhookSender sender = new WebhookSender(client, new ObjectMapper(), Clock.systemUTC());
        WebhookSender.Verification healthyAnswer = sender.verify(subscription(healthy.url("/h")));
        Duration healthyTook = Duration.ofNanos(System.nanoTime() - start);

        // then the stuck host holds four exchanges (two wait), and the healthy one answers at once
        assertThat(stuck.accepted()).isEqualTo(4);
        assertThat(healthyAnswer).isEqualTo(WebhookSender.Verification.ANSWERED);
        assertThat(healthyTook).isLessThan(Duration.ofSeconds(5));
        assertThat(stuck.firstEndedNanos()).isEqualTo(Long.MAX_VALUE);
    }

    /**
     * A name whose first {@code publicAnswers} lookups answer {@link #PUBLIC} and every later one loopback; counts
     * its lookups.
     */
    private static final class Rebinding implements HostResolver {
        private final int publicAnswers;
        private final AtomicInteger calls = new AtomicInteger();

        Rebinding(int publicAnswers) {
            this.publicAnswers = publicAnswers;
        }

        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
            return new InetAddress[] {calls.incrementAndGet() <= publicAnswers ? PUBLIC : LOOPBACK};
        }

        int calls() {
            return calls.get();
        }
    }

    private WebhookSender sender(HostResolver resolver, boolean allowPrivate) {
        return new WebhookSender(
                opened(TargetClient.start(resolver, allowPrivate)), new ObjectMapper(), Clock.systemUTC());
    }

    private <T extends AutoCloseable> T opened(T resource) {
        opened.add(resource);
        return resource;
    }

    private static Subscription subscription(int port) {
        // "localhost": a client that looked the name up again itself (the system's resolver) would reach loopback.
        return subscription("http://localhost:" + port + "/hook");
    }

    private static Subscription subscription(String url) {
        return new Subscription(
                "sub_0123456789abcdef0123456789abcdef",
                new HallTicket("20AB1A0501"),
                Subscription.Kind.WEBHOOK,
                url,
                WebhookSecret.generate(new SecureRandom()).text(),
                Subscription.Status.PENDING,
                "127.0.0.1",
                Instant.parse("2026-06-01T10:00:00Z"),
                0,
                Subscription.LastDelivery.NONE);
    }

    private static StudentEvent event() {
        return new StudentEvent(new HallTicket("20AB1A0501"), "1-btech/1662/regular", "{\"sgpa\":8.5}", Instant.now());
    }

    private static OutgoingPost post(String url) {
        return new OutgoingPost(url, Map.of("Content-Type", "application/json"), "{}".getBytes(StandardCharsets.UTF_8));
    }

    private static InetAddress address(int a, int b, int c, int d) {
        try {
            return InetAddress.getByAddress(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
