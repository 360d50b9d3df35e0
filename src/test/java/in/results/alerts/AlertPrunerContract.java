package in.results.alerts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.archive.Archive;
import in.results.archive.ArchiveDatabase;
import in.results.core.Deadline;
import in.results.core.HallTicket;
import in.results.testing.ManualTicker;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the pruning of result alerts promises, whichever database holds them: run against the embedded SQLite file and
 * a real PostgreSQL by the subclasses. Rows are made by the stores the service uses (a subscription added, an event
 * recorded with its deliveries, each delivery claimed and ended); time is a manual clock, moved past the retention.
 */
abstract class AlertPrunerContract {
    static final Duration RETENTION = Duration.ofDays(30);
    static final HallTicket STUDENT = new HallTicket("189A1A0501");
    static final HallTicket OTHER = new HallTicket("189A1A0502");
    static final String FIRST = "btech/1560/regular";
    static final String SECOND = "btech/1610/regular";
    static final String THIRD = "btech/1628/regular";

    final ManualTicker ticker = new ManualTicker();
    /** When the test starts: the rows' times are counted from it. */
    final Instant start = ticker.clock().instant();

    private final List<Archive> archives = new ArrayList<>();
    Archive archive;
    AlertStore store;

    /** The database of a test: empty at the start of every test. */
    abstract ArchiveDatabase database();

    /** How each delivery of an event ends in a test. */
    enum Outcome {
        DELIVERED,
        /** failed, and tried again in a year: not finished */
        RETRYING
    }

    @BeforeEach
    void openArchive() {
        archive = opened();
        store = new AlertStore(archive);
    }

    @AfterEach
    void closeArchives() {
        archives.forEach(Archive::close);
    }

    /** An archive on the test's database, its schema in place. */
    Archive opened() {
        Archive opened = Archive.open(database(), Duration.ofSeconds(5), ticker.clock());
        archives.add(opened);
        await().atMost(Duration.ofSeconds(20)).until(() -> opened.health().reachable());
        return opened;
    }

    AlertPruner pruner(Archive database, String instance, int batch) {
        return new AlertPruner(
                database,
                new AlertStore(database),
                RETENTION,
                batch,
                Duration.ZERO,
                instance,
                Duration.ofSeconds(5),
                ticker.clock(),
                ticker);
    }

    AlertPruner pruner(String instance) {
        return pruner(archive, instance, 500);
    }

    @Test
    void old_finished_deliveries_and_their_events_are_deleted_and_recent_ones_kept() {
        // given one subscriber, told of an event 40 days ago, one a moment over 30 days ago and one exactly 30 days ago
        // (each delivered), when the pass runs
        subscribe("sub_a", STUDENT);
        told(STUDENT, FIRST, start, Map.of("sub_a", Outcome.DELIVERED));
        told(STUDENT, SECOND, start.plus(Duration.ofDays(10)).minusMillis(1), Map.of("sub_a", Outcome.DELIVERED));
        told(STUDENT, THIRD, start.plus(Duration.ofDays(10)), Map.of("sub_a", Outcome.DELIVERED));
        ticker.advance(Duration.ofDays(40));

        // when one instance prunes
        Optional<AlertPruner.Pruned> pruned = pruner("instance-a").prune();

        // then the two older than 30 days are gone with their deliveries; the one 30 days old stays
        assertThat(pruned).map(AlertPruner.Pruned::deliveries).hasValue(2);
        assertThat(pruned).map(AlertPruner.Pruned::events).hasValue(2);
        assertThat(events()).containsExactly(STUDENT.value() + " " + THIRD);
        assertThat(deliveries()).containsExactly("sub_a " + THIRD);
    }

    @Test
    void an_old_event_a_delivery_still_waits_to_tell_is_kept_with_that_delivery() {
        // given two subscribers of a student, told 40 days ago of one event (one delivery done, one still retrying)
        // and of another (both done)
        subscribe("sub_a", STUDENT);
        subscribe("sub_b", STUDENT);
        told(STUDENT, FIRST, start, Map.of("sub_a", Outcome.RETRYING, "sub_b", Outcome.DELIVERED));
        told(STUDENT, SECOND, start, Map.of("sub_a", Outcome.DELIVERED, "sub_b", Outcome.DELIVERED));
        ticker.advance(Duration.ofDays(40));

        // when pruned
        pruner("instance-a").prune();

        // then the event with a delivery to make stays, as does that delivery; every finished one goes
        assertThat(events()).containsExactly(STUDENT.value() + " " + FIRST);
        assertThat(deliveries()).containsExactly("sub_a " + FIRST);
    }

    @Test
    void deliveries_left_by_a_deleted_subscription_go_once_old_and_free_their_events() {
        // given a subscription with deliveries still due (40 and 20 days old) that an operator deleted with SQL,
        // which leaves its deliveries behind (nothing sends them any more)
        subscribe("sub_b", OTHER);
        told(OTHER, FIRST, start, Map.of("sub_b", Outcome.RETRYING));
        told(OTHER, SECOND, start.plus(Duration.ofDays(20)), Map.of("sub_b", Outcome.RETRYING));
        archive.run(connection -> Sql.execute(connection, "DELETE FROM subscriptions WHERE kind = 'webhook'"), soon());
        ticker.advance(Duration.ofDays(40));

        // when pruned
        Optional<AlertPruner.Pruned> pruned = pruner("instance-a").prune();

        // then the old one goes with its event; the recent one is kept for the retention like any other
        assertThat(pruned).map(AlertPruner.Pruned::deliveries).hasValue(1);
        assertThat(events()).containsExactly(OTHER.value() + " " + SECOND);
        assertThat(deliveries()).containsExactly("sub_b " + SECOND);
    }

    @Test
    void rows_are_deleted_in_batches_of_the_given_size_until_one_is_short() {
        // given five old events of a student, each delivered
        subscribe("sub_a", STUDENT);
        for (int i = 0; i < 5; i++) {
            told(STUDENT, "btech/" + (1700 + i) + "/regular", start, Map.of("sub_a", Outcome.DELIVERED));
        }
        ticker.advance(Duration.ofDays(31));

        // when pruned two rows at a time
        Optional<AlertPruner.Pruned> pruned = pruner(archive, "instance-a", 2).prune();

        // then 2 + 2 + 1 of each, and nothing is left
        assertThat(pruned).map(AlertPruner.Pruned::deliveryBatches).hasValue(List.of(2, 2, 1));
        assertThat(pruned).map(AlertPruner.Pruned::eventBatches).hasValue(List.of(2, 2, 1));
        assertThat(events()).isEmpty();
        assertThat(deliveries()).isEmpty();
    }

    @Test
    void only_the_instance_holding_the_lease_prunes_until_it_lapses() {
        // given an instance that pruned a moment ago, and old rows made since
        subscribe("sub_a", STUDENT);
        ticker.advance(Duration.ofDays(31));
        AlertPruner first = pruner("instance-a");
        AlertPruner second = pruner("instance-b");
        assertThat(first.prune()).isPresent();
        told(STUDENT, FIRST, start, Map.of("sub_a", Outcome.DELIVERED));

        // when another instance tries while the lease is held, and again once it lapsed
        Optional<AlertPruner.Pruned> whileHeld = second.prune();
        List<String> eventsWhileHeld = events();
        ticker.advance(AlertPruner.LEASE_FOR.plusSeconds(1));
        Optional<AlertPruner.Pruned> afterLapse = second.prune();

        // then it skips its pass first, and prunes after
        assertThat(whileHeld).isEmpty();
        assertThat(eventsWhileHeld).containsExactly(STUDENT.value() + " " + FIRST);
        assertThat(afterLapse).map(AlertPruner.Pruned::events).hasValue(1);
        assertThat(events()).isEmpty();
    }

    void subscribe(String id, HallTicket student) {
        new SubscriptionStore(archive)
                .add(
                        new Subscription(
                                id,
                                student,
                                Subscription.Kind.WEBHOOK,
                                "https://app.example/hook",
                                "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                                Subscription.Status.ACTIVE,
                                "client",
                                start,
                                0,
                                Subscription.LastDelivery.NONE),
                        ManagementToken.hashOf("subtok_" + id),
                        null,
                        counts -> {},
                        soon());
    }

    /**
     * A new result of {@code student} at {@code at}, as the dispatch records it (the event and one delivery per active
     * subscription), and each delivery sent at once, ending as {@code outcomes} says for its subscription.
     */
    void told(HallTicket student, String page, Instant at, Map<String, Outcome> outcomes) {
        store.checked(page, student, List.of(new StudentEvent(student, page, "{}", at)), soon());
        for (AlertStore.DueDelivery due : store.claimDue(at, at, 100, soon())) {
            String subscription = due.subscription().id();
            switch (outcomes.get(subscription)) {
                case DELIVERED -> store.delivered(due.id(), subscription, "200", at, soon());
                case RETRYING -> store.failed(due.id(), subscription, "500", at, at.plus(Duration.ofDays(365)), soon());
            }
        }
    }

    /** Every event left, as {@code <hall ticket> <page>}, in order. */
    List<String> events() {
        return archive.run(
                connection ->
                        Sql.firstColumn(connection, "SELECT hall_ticket || ' ' || page FROM student_events ORDER BY 1"),
                soon());
    }

    /** Every delivery left, as {@code <subscription> <page>}, in order. */
    List<String> deliveries() {
        return archive.run(
                connection ->
                        Sql.firstColumn(connection, "SELECT subscription_id || ' ' || page FROM deliveries ORDER BY 1"),
                soon());
    }

    static Deadline soon() {
        return Deadline.after(Duration.ofSeconds(5), Ticker.systemTicker());
    }
}
