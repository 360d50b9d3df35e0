package in.results.alerts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.archive.Archive;
import in.results.archive.ArchiveDatabase;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The counts the subscription limits are checked against, in a real SQLite database. */
class SubscriptionStoreTest {
    private static final HallTicket STUDENT = new HallTicket("189A1A0501");
    private static final Instant T0 = Instant.parse("2024-01-15T10:00:00Z");
    private static final Duration DAY = Duration.ofHours(24);

    @TempDir
    Path dataDir;

    private Archive archive;
    private SubscriptionStore store;
    private AlertStore alerts;
    private final AtomicInteger ids = new AtomicInteger();

    @BeforeEach
    void openDatabase() {
        archive = Archive.open(ArchiveDatabase.embedded(dataDir), Duration.ofSeconds(5), Clock.systemUTC());
        await().atMost(Duration.ofSeconds(20)).until(() -> archive.health().reachable());
        store = new SubscriptionStore(archive);
        alerts = new AlertStore(archive);
    }

    @AfterEach
    void closeDatabase() {
        archive.close();
    }

    @Test
    void a_client_s_subscriptions_of_a_hall_ticket_are_counted_apart_from_other_clients() {
        add("203.0.113.7", T0);
        add("203.0.113.7", T0);
        add("198.51.100.1", T0);

        SubscriptionStore.Counts counts = countsFor("203.0.113.7", T0.plusSeconds(1));

        assertThat(counts.byHallTicketClient()).isEqualTo(2);
        assertThat(counts.byHallTicket()).isEqualTo(3);
        assertThat(counts.byClientLastHour()).isEqualTo(2);
        assertThat(counts.total()).isEqualTo(3);
        assertThat(countsFor("198.51.100.2", T0.plusSeconds(1)).byHallTicketClient())
                .isZero();
    }

    @Test
    void a_subscription_failing_for_24_hours_no_longer_counts_and_later_failures_do_not_move_its_start() {
        // given a subscription whose deliveries fail from T0 + 1 h on, again at T0 + 2 h
        String failing = add("203.0.113.7", T0);
        Instant firstFailure = T0.plus(Duration.ofHours(1));
        alerts.failed("msg_1", failing, "503", firstFailure, firstFailure.plusSeconds(10), soon());
        alerts.failed("msg_1", failing, "timeout", firstFailure.plus(Duration.ofHours(1)), T0, soon());

        // then it holds its place until 24 h after the first failure, and none after
        assertThat(countsFor("203.0.113.7", firstFailure.plus(DAY).minusSeconds(1)))
                .extracting(SubscriptionStore.Counts::byHallTicket, SubscriptionStore.Counts::byHallTicketClient)
                .containsExactly(1, 1);
        assertThat(countsFor("203.0.113.7", firstFailure.plus(DAY).plusSeconds(1)))
                .extracting(
                        SubscriptionStore.Counts::byHallTicket,
                        SubscriptionStore.Counts::byHallTicketClient,
                        SubscriptionStore.Counts::total)
                .containsExactly(0, 0, 0);
    }

    @Test
    void a_delivery_that_succeeds_ends_the_run_of_failures() {
        String subscription = add("203.0.113.7", T0);
        alerts.failed("msg_1", subscription, "503", T0, T0.plusSeconds(10), soon());
        alerts.delivered("msg_1", subscription, "200", T0.plus(Duration.ofHours(3)), soon());

        assertThat(countsFor("203.0.113.7", T0.plus(DAY).plus(DAY)).byHallTicket())
                .isEqualTo(1);
    }

    @Test
    void a_subscription_refused_by_the_limits_is_not_stored() {
        countsFor("203.0.113.7", T0); // a probe: refused after counting

        assertThat(countsFor("203.0.113.7", T0.plusSeconds(1)).total()).isZero();
    }

    /** Adds a webhook subscription of {@link #STUDENT} made by {@code client} at {@code at}; its id. */
    private String add(String client, Instant at) {
        Subscription subscription = subscription(client, at);
        store.add(subscription, ManagementToken.hashOf("subtok_x"), at, counts -> {}, soon());
        return subscription.id();
    }

    /** The counts a new subscription of {@code client} made at {@code at} is checked against (it is then refused). */
    private SubscriptionStore.Counts countsFor(String client, Instant at) {
        AtomicReference<SubscriptionStore.Counts> seen = new AtomicReference<>();
        try {
            store.add(
                    subscription(client, at),
                    "",
                    at,
                    counts -> {
                        seen.set(counts);
                        throw new LimitReached("probe", 1);
                    },
                    soon());
        } catch (LimitReached expected) {
            // the probe's refusal rolls its subscription back
        }
        return seen.get();
    }

    private Subscription subscription(String client, Instant at) {
        return new Subscription(
                "sub_" + ids.incrementAndGet(),
                STUDENT,
                Subscription.Kind.WEBHOOK,
                "https://example.org/hook",
                "whsec_x",
                Subscription.Status.PENDING,
                client,
                at,
                0,
                Subscription.LastDelivery.NONE);
    }

    private static Deadline soon() {
        return Deadline.after(Duration.ofSeconds(10), Ticker.systemTicker());
    }
}
