package in.results.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import in.results.redis.RedisLink;
import in.results.redis.SharedLimits;
import in.results.testing.RedisServer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The fleet's limits towards one host, against a real {@code redis-server}: each {@link HostLimits} here plays one
 * instance of the fleet, with a link of its own.
 */
class FleetLimitsIT {
    private static final String HOST = "http://university.test";
    private static final Ticker TIME = Ticker.systemTicker();

    private RedisServer redis;
    private final List<RedisLink> links = new ArrayList<>();

    @BeforeEach
    void start() {
        redis = RedisServer.start();
    }

    @AfterEach
    void stop() {
        links.forEach(RedisLink::close);
        redis.close();
    }

    /** One instance's limits: {@code slots} in flight (bulk at most {@code bulkSlots}), {@code perSecond} tokens. */
    private HostLimits instance(int slots, int bulkSlots, int perSecond, Duration slotLease) {
        RedisLink link = RedisLink.open(
                redis.url(),
                Duration.ofSeconds(2),
                "test:loads",
                message -> {},
                TIME,
                Clock.systemUTC(),
                Executors.newVirtualThreadPerTaskExecutor());
        links.add(link);
        return HostLimits.fleet(
                new SharedLimits(link, "test:", HOST, slots, bulkSlots, perSecond, slotLease, TIME),
                Duration.ofSeconds(5),
                TIME);
    }

    private static Deadline within(Duration budget) {
        return Deadline.after(budget, TIME);
    }

    /** An admission for a request that is the whole work: due when the wait for it ends. */
    private static HostLimits.Admission admit(HostLimits limits, Priority priority, Deadline deadline)
            throws InterruptedException {
        return limits.admit(priority, deadline, deadline);
    }

    private static HostLimits.Admission.Admitted admitted(HostLimits.Admission admission) {
        assertThat(admission).isInstanceOf(HostLimits.Admission.Admitted.class);
        return (HostLimits.Admission.Admitted) admission;
    }

    @Test
    void the_slots_are_a_total_for_every_instance() throws Exception {
        List<HostLimits> fleet = List.of(
                instance(2, 2, 0, Duration.ofSeconds(30)),
                instance(2, 2, 0, Duration.ofSeconds(30)),
                instance(2, 2, 0, Duration.ofSeconds(30)));
        AtomicInteger inFlight = new AtomicInteger();
        List<Integer> seen = new CopyOnWriteArrayList<>();

        try (var callers = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 12; i++) {
                HostLimits limits = fleet.get(i % 3);
                callers.submit(() -> {
                    HostLimits.Admission.Admitted slot =
                            admitted(admit(limits, Priority.INTERACTIVE, within(Duration.ofSeconds(20))));
                    seen.add(inFlight.incrementAndGet());
                    Thread.sleep(30);
                    inFlight.decrementAndGet();
                    slot.release().run();
                    return null;
                });
            }
        }

        assertThat(seen).hasSize(12).allSatisfy(count -> assertThat(count).isBetween(1, 2));
        assertThat(fleet).allSatisfy(limits -> assertThat(limits.isShared()).isTrue());
    }

    @Test
    void a_bulk_request_waits_while_an_interactive_one_of_another_instance_waits_for_a_token() throws Exception {
        HostLimits a = instance(10, 5, 2, Duration.ofSeconds(30));
        HostLimits b = instance(10, 5, 2, Duration.ofSeconds(30));
        admitted(admit(a, Priority.BULK, within(Duration.ofSeconds(1))))
                .release()
                .run();
        admitted(admit(a, Priority.BULK, within(Duration.ofSeconds(1))))
                .release()
                .run(); // the bucket is empty now
        List<Priority> order = new CopyOnWriteArrayList<>();

        try (var callers = Executors.newVirtualThreadPerTaskExecutor()) {
            callers.submit(() -> {
                admitted(admit(a, Priority.INTERACTIVE, within(Duration.ofSeconds(10))))
                        .release()
                        .run();
                order.add(Priority.INTERACTIVE);
                return null;
            });
            // The interactive caller waits for a token (its place is in Redis), or on a slow machine the bucket
            // refilled first and it was admitted at once: either way it is ahead of the bulk caller started next.
            await().atMost(Duration.ofSeconds(5))
                    .until(() -> order.contains(Priority.INTERACTIVE)
                            || redis.command("ZCARD", "test:limits:" + "http%3A%2F%2Funiversity.test" + ":interactive")
                                    .equals("1"));
            callers.submit(() -> {
                admitted(admit(b, Priority.BULK, within(Duration.ofSeconds(10))))
                        .release()
                        .run();
                order.add(Priority.BULK);
                return null;
            });
        }

        assertThat(order).containsExactly(Priority.INTERACTIVE, Priority.BULK);
    }

    @Test
    void bulk_work_holds_at_most_its_share_of_the_slots_and_interactive_requests_find_the_rest() throws Exception {
        HostLimits a = instance(3, 2, 0, Duration.ofSeconds(30));
        HostLimits b = instance(3, 2, 0, Duration.ofSeconds(30));
        admitted(admit(a, Priority.BULK, within(Duration.ofSeconds(1))));
        admitted(admit(b, Priority.BULK, within(Duration.ofSeconds(1))));

        HostLimits.Admission thirdBulk = admit(a, Priority.BULK, within(Duration.ofMillis(200)));
        HostLimits.Admission interactive = admit(b, Priority.INTERACTIVE, within(Duration.ofMillis(200)));

        assertThat(thirdBulk).isEqualTo(new HostLimits.Admission.Refused(HostLimits.Shortage.SLOTS));
        assertThat(interactive).isInstanceOf(HostLimits.Admission.Admitted.class);
    }

    @Test
    void the_slot_of_an_instance_that_died_comes_back_when_its_lease_ends() throws Exception {
        HostLimits dead = instance(1, 1, 0, Duration.ofMillis(500));
        HostLimits alive = instance(1, 1, 0, Duration.ofMillis(500));
        admitted(admit(dead, Priority.INTERACTIVE, within(Duration.ofSeconds(1)))); // never released

        HostLimits.Admission meanwhile = admit(alive, Priority.INTERACTIVE, within(Duration.ofMillis(100)));
        HostLimits.Admission later = admit(alive, Priority.INTERACTIVE, within(Duration.ofSeconds(5)));

        assertThat(meanwhile).isEqualTo(new HostLimits.Admission.Refused(HostLimits.Shortage.SLOTS));
        assertThat(later).isInstanceOf(HostLimits.Admission.Admitted.class);
    }

    @Test
    void without_redis_the_same_limits_apply_locally_and_the_fleet_s_come_back_with_it() throws Exception {
        HostLimits limits = instance(1, 1, 0, Duration.ofSeconds(30));
        redis.kill();

        HostLimits.Admission.Admitted alone =
                admitted(admit(limits, Priority.INTERACTIVE, within(Duration.ofSeconds(3))));
        HostLimits.Admission second = admit(limits, Priority.INTERACTIVE, within(Duration.ofMillis(100)));
        boolean sharedWhileDown = limits.isShared();
        alone.release().run();
        redis.restart();
        await().atMost(Duration.ofSeconds(15)).until(() -> {
            if (admit(limits, Priority.INTERACTIVE, within(Duration.ofSeconds(1)))
                    instanceof HostLimits.Admission.Admitted admitted) {
                admitted.release().run();
            }
            return limits.isShared();
        });

        assertThat(second).isEqualTo(new HostLimits.Admission.Refused(HostLimits.Shortage.SLOTS));
        assertThat(sharedWhileDown).isFalse();
    }
}
