package in.results.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LookupCacheTest {
    private final ManualTicker ticker = new ManualTicker();
    private final LookupCache<String, String> cache = new LookupCache<>(100, Duration.ofDays(7), Duration.ofSeconds(5), ticker);

    @Test
    void fresh_value_is_a_hit_without_loading_again() {
        AtomicInteger loads = new AtomicInteger();
        cache.get("k", key -> { loads.incrementAndGet(); return new Load.Keep<>("v", Duration.ofMinutes(30)); });
        ticker.advance(Duration.ofMinutes(10));

        CachedAnswer<String> answer = cache.get("k", key -> { loads.incrementAndGet(); return new Load.Keep<>("w", Duration.ofMinutes(30)); });

        assertThat(answer.value()).isEqualTo("v");
        assertThat(answer.status()).isEqualTo(CacheStatus.HIT);
        assertThat(answer.age()).isEqualTo(Duration.ofMinutes(10));
        assertThat(answer.freshLeft()).isEqualTo(Duration.ofMinutes(20));
        assertThat(loads).hasValue(1);
    }

    @Test
    void expired_value_is_loaded_again() {
        cache.get("k", key -> new Load.Keep<>("v1", Duration.ofMinutes(30)));
        ticker.advance(Duration.ofMinutes(31));

        CachedAnswer<String> answer = cache.get("k", key -> new Load.Keep<>("v2", Duration.ofMinutes(30)));

        assertThat(answer.value()).isEqualTo("v2");
        assertThat(answer.status()).isEqualTo(CacheStatus.MISS);
        assertThat(answer.freshLeft()).isEqualTo(Duration.ofMinutes(30));
    }

    @Test
    void failed_load_serves_the_stale_copy_with_its_age() {
        cache.get("k", key -> new Load.Keep<>("old", Duration.ofMinutes(30)));
        ticker.advance(Duration.ofHours(5));

        CachedAnswer<String> answer = cache.get("k", key -> new Load.Failed<>(new IllegalStateException("down")));

        assertThat(answer.value()).isEqualTo("old");
        assertThat(answer.status()).isEqualTo(CacheStatus.STALE);
        assertThat(answer.age()).isEqualTo(Duration.ofHours(5));
        assertThat(answer.freshLeft()).isZero();
    }

    @Test
    void failed_load_without_a_copy_throws_and_stores_nothing() {
        assertThatThrownBy(() -> cache.get("k", key -> new Load.Failed<>(new IllegalStateException("down"))))
                .isInstanceOf(IllegalStateException.class).hasMessage("down");
        assertThat(cache.peek("k")).isNull();
    }

    @Test
    void stale_copy_is_dropped_after_the_stale_period() {
        cache.get("k", key -> new Load.Keep<>("old", Duration.ofMinutes(30)));
        ticker.advance(Duration.ofDays(7).plusMinutes(1));

        assertThatThrownBy(() -> cache.get("k", key -> new Load.Failed<>(new IllegalStateException("down"))))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void failure_does_not_replace_a_good_copy() {
        cache.get("k", key -> new Load.Keep<>("good", Duration.ofMinutes(30)));
        ticker.advance(Duration.ofHours(1));
        cache.get("k", key -> new Load.Failed<>(new IllegalStateException("down")));

        assertThat(cache.peek("k").value()).isEqualTo("good");
    }

    @Test
    void a_loader_that_throws_is_treated_as_a_failed_load() {
        cache.get("k", key -> new Load.Keep<>("good", Duration.ofMinutes(30)));
        ticker.advance(Duration.ofHours(1));

        CachedAnswer<String> answer = cache.get("k", key -> {
            throw new IllegalStateException("bug in the loader");
        });

        assertThat(answer.value()).isEqualTo("good");
        assertThat(answer.status()).isEqualTo(CacheStatus.STALE);
        assertThatThrownBy(() -> cache.get("other", key -> {
            throw new IllegalStateException("bug in the loader");
        })).hasMessage("bug in the loader");
    }

    @Test
    void a_slow_load_is_abandoned_at_the_deadline_but_still_fills_the_store() throws Exception {
        LookupCache<String, String> quick = new LookupCache<>(10, Duration.ofDays(7), Duration.ofMillis(100), ticker);
        CountDownLatch release = new CountDownLatch(1);

        assertThatThrownBy(() -> quick.get("k", key -> {
            await(release);
            return new Load.Keep<>("late", Duration.ofMinutes(30));
        })).isInstanceOf(DeadlineExceeded.class);
        release.countDown();
        for (int i = 0; i < 100 && quick.peek("k") == null; i++) {
            Thread.sleep(10);
        }

        assertThat(quick.get("k", key -> new Load.Keep<>("other", Duration.ofMinutes(30))).value()).isEqualTo("late");
    }

    @Test
    void a_slow_load_past_the_deadline_answers_the_stale_copy() {
        LookupCache<String, String> quick = new LookupCache<>(10, Duration.ofDays(7), Duration.ofMillis(100), ticker);
        quick.get("k", key -> new Load.Keep<>("old", Duration.ofMinutes(30)));
        ticker.advance(Duration.ofHours(1));
        CountDownLatch never = new CountDownLatch(1);

        CachedAnswer<String> answer = quick.get("k", key -> {
            await(never);
            return new Load.Keep<>("new", Duration.ofMinutes(30));
        });

        assertThat(answer.value()).isEqualTo("old");
        assertThat(answer.status()).isEqualTo(CacheStatus.STALE);
        never.countDown();
    }

    @Test
    void concurrent_identical_gets_share_one_load() throws Exception {
        AtomicInteger loads = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        List<Future<CachedAnswer<String>>> answers = new ArrayList<>();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 20; i++) {
                answers.add(executor.submit(() -> cache.get("k", key -> {
                    loads.incrementAndGet();
                    await(release);
                    return new Load.Keep<>("v", Duration.ofMinutes(30));
                })));
            }
            Thread.sleep(200); // let all 20 callers arrive while the first load is blocked
            release.countDown();
            for (Future<CachedAnswer<String>> answer : answers) {
                assertThat(answer.get().value()).isEqualTo("v");
                assertThat(answer.get().status()).isEqualTo(CacheStatus.MISS); // a HIT would mean it came after
            }
        }
        assertThat(loads).hasValue(1);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
