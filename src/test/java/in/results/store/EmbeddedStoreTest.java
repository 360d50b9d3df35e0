package in.results.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import in.results.core.Deadline;
import in.results.core.LookupFailure;
import in.results.testing.ManualExecutor;
import in.results.testing.ManualTicker;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class EmbeddedStoreTest {
    private final ManualTicker ticker = new ManualTicker();
    /** Loads run at once on the caller's thread: the store's waiting plays no part. */
    private final EmbeddedStore<String, String> store =
            new EmbeddedStore<>(100, Duration.ofDays(7), ticker, Runnable::run);
    /** Loads wait in a queue until the test releases them. */
    private final ManualExecutor loads = new ManualExecutor();

    private final EmbeddedStore<String, String> held = new EmbeddedStore<>(100, Duration.ofDays(7), ticker, loads);

    private Deadline ample() {
        return Deadline.after(Duration.ofSeconds(5), ticker);
    }

    /** A deadline that has passed already: the caller does not wait for a load at all. */
    private Deadline passed() {
        return Deadline.after(Duration.ZERO, ticker);
    }

    private static Loaded<String> fresh(String value) {
        return new Loaded<>(value, Duration.ofMinutes(30));
    }

    private static Loaded<String> down(String key) {
        throw LookupFailure.unavailable("down");
    }

    @Test
    void fresh_value_is_a_hit_without_loading_again() {
        AtomicInteger count = new AtomicInteger();
        store.get(
                "k",
                key -> {
                    count.incrementAndGet();
                    return fresh("v");
                },
                ample());
        ticker.advance(Duration.ofMinutes(10));

        CachedAnswer<String> answer = store.get(
                "k",
                key -> {
                    count.incrementAndGet();
                    return fresh("w");
                },
                ample());

        assertThat(answer.value()).isEqualTo("v");
        assertThat(answer.status()).isEqualTo(CacheStatus.HIT);
        assertThat(answer.age()).isEqualTo(Duration.ofMinutes(10));
        assertThat(answer.freshLeft()).isEqualTo(Duration.ofMinutes(20));
        assertThat(count).hasValue(1);
    }

    @Test
    void expired_value_is_loaded_again() {
        store.get("k", key -> fresh("v1"), ample());
        ticker.advance(Duration.ofMinutes(31));

        CachedAnswer<String> answer = store.get("k", key -> fresh("v2"), ample());

        assertThat(answer.value()).isEqualTo("v2");
        assertThat(answer.status()).isEqualTo(CacheStatus.MISS);
        assertThat(answer.freshLeft()).isEqualTo(Duration.ofMinutes(30));
    }

    @Test
    void failed_load_serves_the_stale_copy_with_its_age() {
        store.get("k", key -> fresh("old"), ample());
        ticker.advance(Duration.ofHours(5));

        CachedAnswer<String> answer = store.get("k", EmbeddedStoreTest::down, ample());

        assertThat(answer.value()).isEqualTo("old");
        assertThat(answer.status()).isEqualTo(CacheStatus.STALE);
        assertThat(answer.age()).isEqualTo(Duration.ofHours(5));
        assertThat(answer.freshLeft()).isZero();
    }

    @Test
    void failed_load_without_a_copy_throws_and_stores_nothing() {
        assertThatThrownBy(() -> store.get("k", EmbeddedStoreTest::down, ample()))
                .isInstanceOfSatisfying(
                        LookupFailure.class,
                        failure -> assertThat(failure.kind()).isEqualTo(LookupFailure.Kind.UNAVAILABLE))
                .hasMessage("down");
        assertThat(store.peek("k")).isEmpty();
    }

    @Test
    void stale_copy_is_dropped_after_the_stale_period() {
        store.get("k", key -> fresh("old"), ample());
        ticker.advance(Duration.ofDays(7).plusMinutes(1));

        assertThatThrownBy(() -> store.get("k", EmbeddedStoreTest::down, ample()))
                .isInstanceOf(LookupFailure.class);
    }

    @Test
    void failure_does_not_replace_a_good_copy() {
        store.get("k", key -> fresh("good"), ample());
        ticker.advance(Duration.ofHours(1));
        store.get("k", EmbeddedStoreTest::down, ample());

        assertThat(store.peek("k")).get().extracting(CachedAnswer::value).isEqualTo("good");
    }

    @Test
    void a_loader_that_throws_something_else_is_treated_as_a_failed_load() {
        store.get("k", key -> fresh("good"), ample());
        ticker.advance(Duration.ofHours(1));

        CachedAnswer<String> answer = store.get(
                "k",
                key -> {
                    throw new IllegalStateException("bug in the loader");
                },
                ample());

        assertThat(answer.value()).isEqualTo("good");
        assertThat(answer.status()).isEqualTo(CacheStatus.STALE);
        assertThatThrownBy(() -> store.get(
                        "other",
                        key -> {
                            throw new IllegalStateException("bug in the loader");
                        },
                        ample()))
                .hasMessage("bug in the loader");
    }

    @Test
    void a_load_not_done_by_the_deadline_is_left_to_finish_and_fills_the_store() {
        assertThatThrownBy(() -> held.get("k", key -> fresh("late"), passed()))
                .isInstanceOfSatisfying(
                        LookupFailure.class,
                        failure -> assertThat(failure.kind()).isEqualTo(LookupFailure.Kind.UNAVAILABLE));
        assertThat(held.peek("k")).isEmpty();

        loads.runNext();

        assertThat(held.peek("k")).get().extracting(CachedAnswer::value).isEqualTo("late");
        assertThat(held.get("k", key -> fresh("other"), passed()).value()).isEqualTo("late");
    }

    @Test
    void a_load_not_done_by_the_deadline_answers_the_stale_copy() {
        assertThatThrownBy(() -> held.get("k", key -> fresh("old"), passed())).isInstanceOf(LookupFailure.class);
        loads.runAll();
        ticker.advance(Duration.ofHours(1));

        CachedAnswer<String> answer = held.get("k", key -> fresh("new"), passed());

        assertThat(answer.value()).isEqualTo("old");
        assertThat(answer.status()).isEqualTo(CacheStatus.STALE);
        loads.runAll();
        assertThat(held.peek("k")).get().extracting(CachedAnswer::value).isEqualTo("new");
    }

    @Test
    void identical_gets_while_a_load_runs_share_that_load() {
        AtomicInteger count = new AtomicInteger();
        for (int i = 0; i < 20; i++) {
            assertThatThrownBy(() -> held.get(
                            "k",
                            key -> {
                                count.incrementAndGet();
                                return fresh("v");
                            },
                            passed()))
                    .isInstanceOf(LookupFailure.class);
        }
        assertThat(loads.queued()).isEqualTo(1);

        loads.runAll();

        assertThat(count).hasValue(1);
        CachedAnswer<String> answer = held.get("k", key -> fresh("w"), passed());
        assertThat(answer.value()).isEqualTo("v");
        assertThat(answer.status()).isEqualTo(CacheStatus.HIT);
    }

    @Test
    void a_caller_waiting_for_a_shared_load_gets_its_value_as_a_miss() throws Exception {
        AtomicReference<CachedAnswer<String>> received = new AtomicReference<>();
        Thread caller = Thread.ofVirtual().start(() -> received.set(held.get("k", key -> fresh("v"), ample())));
        await().until(() -> loads.queued() == 1);

        loads.runNext();
        caller.join(Duration.ofSeconds(5));

        assertThat(received.get().value()).isEqualTo("v");
        assertThat(received.get().status()).isEqualTo(CacheStatus.MISS);
    }
}
