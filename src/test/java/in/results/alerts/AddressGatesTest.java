package in.results.alerts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class AddressGatesTest {
    private static final Duration LONG = Duration.ofSeconds(30);

    private final AddressGates gates = new AddressGates();
    private final InetAddress busy = address(7);

    @Test
    void four_exchanges_with_one_address_and_the_fifth_gets_no_place_in_its_time() throws Exception {
        List<AddressGates.Place> held = holdAll(busy);

        Optional<AddressGates.Place> fifth = gates.enter(busy, Duration.ofMillis(50));
        Optional<AddressGates.Place> elsewhere = gates.enter(address(8), Duration.ZERO);

        assertThat(held).hasSize(4);
        assertThat(fifth).isEmpty();
        assertThat(elsewhere).isPresent();
    }

    @Test
    void requests_for_a_busy_address_get_its_places_in_the_order_they_came() throws Exception {
        List<AddressGates.Place> held = holdAll(busy);
        List<String> served = new CopyOnWriteArrayList<>();
        List<Thread> waiting = new ArrayList<>();
        for (String name : List.of("first", "second", "third")) {
            Thread waiter = Thread.ofVirtual().start(() -> {
                try {
                    gates.enter(busy, LONG).ifPresent(place -> served.add(name));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            await().atMost(Duration.ofSeconds(5)).until(() -> waiter.getState() == Thread.State.TIMED_WAITING);
            waiting.add(waiter);
        }

        for (int freed = 1; freed <= 3; freed++) {
            held.get(freed - 1).close();
            int expected = freed;
            await().atMost(Duration.ofSeconds(5)).until(() -> served.size() == expected);
        }

        assertThat(served).containsExactly("first", "second", "third");
        for (Thread waiter : waiting) {
            waiter.join();
        }
    }

    @Test
    void at_most_28_wait_for_one_address_and_the_next_is_told_at_once() throws Exception {
        holdAll(busy);
        List<Thread> waiting = new ArrayList<>();
        for (int i = 0; i < AddressGates.MOST_WAITING; i++) {
            waiting.add(Thread.ofVirtual().start(() -> {
                try {
                    gates.enter(busy, LONG);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        await().atMost(Duration.ofSeconds(5))
                .until(() -> waiting.stream().allMatch(t -> t.getState() == Thread.State.TIMED_WAITING));

        long start = System.nanoTime();
        Optional<AddressGates.Place> refused = gates.enter(busy, LONG);
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(refused).isEmpty();
        assertThat(took).isLessThan(Duration.ofSeconds(5));
        waiting.forEach(Thread::interrupt);
    }

    @Test
    void a_place_given_back_is_free_for_the_next() throws Exception {
        List<AddressGates.Place> held = holdAll(busy);

        held.getFirst().close();

        assertThat(gates.enter(busy, Duration.ZERO)).isPresent();
        assertThat(gates.enter(busy, Duration.ZERO)).isEmpty();
    }

    private List<AddressGates.Place> holdAll(InetAddress address) throws InterruptedException {
        List<AddressGates.Place> held = new ArrayList<>();
        for (int i = 0; i < AddressGates.PER_ADDRESS; i++) {
            held.add(gates.enter(address, Duration.ZERO).orElseThrow());
        }
        return held;
    }

    private static InetAddress address(int last) {
        try {
            return InetAddress.getByAddress(new byte[] {(byte) 198, 51, 100, (byte) last});
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
