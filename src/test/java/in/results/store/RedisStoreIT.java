package in.results.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import in.results.core.LookupFailure;
import in.results.redis.CopyCodec;
import in.results.redis.LoadNotices;
import in.results.redis.RedisLink;
import in.results.redis.SharedCopies;
import in.results.testing.RedisServer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Two {@link RedisStore}s on one real {@code redis-server}, as two instances of a fleet would hold them. */
class RedisStoreIT {
    private static final String PREFIX = "test:";
    private static final Duration STALE_FOR = Duration.ofDays(7);

    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final List<RedisLink> links = new ArrayList<>();
    private RedisServer redis;

    @BeforeEach
    void start() {
        redis = RedisServer.start();
    }

    @AfterEach
    void stop() {
        links.forEach(RedisLink::close);
        executor.shutdownNow();
        redis.close();
    }

    /** One instance's store of words, connected to Redis: the fleet scenarios start from connected instances. */
    private RedisStore<String, String> instance() {
        RedisLink[] opened = new RedisLink[1];
        RedisStore<String, String> store = instance(opened);
        awaitUp(opened[0]);
        return store;
    }

    /** An instance whose link may not be up (Redis down at start). */
    private RedisStore<String, String> unconnectedInstance() {
        return instance(new RedisLink[1]);
    }

    /** One instance's store of words; its link is handed out in {@code opened}. */
    private RedisStore<String, String> instance(RedisLink[] opened) {
        return new RedisStore<>(
                sharedCopies(opened),
                SharedCopies::part,
                100,
                STALE_FOR,
                Ticker.systemTicker(),
                Clock.systemUTC(),
                executor);
    }

    /** One instance's shared copies of words, on a link of its own handed out in {@code opened}. */
    private SharedCopies<String> sharedCopies(RedisLink[] opened) {
        LoadNotices notices = new LoadNotices();
        RedisLink link = RedisLink.open(
                redis.url(),
                Duration.ofSeconds(2),
                SharedCopies.channel(PREFIX),
                notices::deliver,
                Ticker.systemTicker(),
                Clock.systemUTC(),
                executor);
        links.add(link);
        opened[0] = link;
        ObjectMapper mapper = new ObjectMapper();
        return new SharedCopies<>(
                link,
                notices,
                PREFIX,
                "words",
                new CopyCodec<>(mapper, mapper.constructType(String.class), UnaryOperator.identity()),
                STALE_FOR,
                Ticker.systemTicker(),
                Clock.systemUTC(),
                executor);
    }

    /** Shared copies on a link that is up. */
    private SharedCopies<String> connectedSharedCopies() {
        RedisLink[] opened = new RedisLink[1];
        SharedCopies<String> copies = sharedCopies(opened);
        awaitUp(opened[0]);
        return copies;
    }

    /** Waits until {@code link} is connected, subscription included. */
    private static void awaitUp(RedisLink link) {
        org.awaitility.Awaitility.await("the link to Redis is up")
                .atMost(Duration.ofSeconds(10))
                .until(link::isUsable);
    }

    private static Deadline ample() {
        return Deadline.after(Duration.ofSeconds(20), Ticker.systemTicker());
    }

    private static Loaded<String> fresh(String value) {
        return new Loaded<>(value, Duration.ofMinutes(30));
    }

    @Test
    void a_copy_loaded_by_one_instance_is_a_hit_on_another_without_loading() {
        RedisStore<String, String> a = instance();
        RedisStore<String, String> b = instance();
        AtomicInteger loads = new AtomicInteger();

        CachedAnswer<String> loaded = a.get(
                "k",
                key -> {
                    loads.incrementAndGet();
                    return fresh("v");
                },
                ample());
        CachedAnswer<String> shared = b.get(
                "k",
                key -> {
                    loads.incrementAndGet();
                    return fresh("w");
                },
                ample());

        assertThat(loaded.status()).isEqualTo(CacheStatus.MISS);
        assertThat(shared.status()).isEqualTo(CacheStatus.HIT);
        assertThat(shared.value()).isEqualTo("v");
        assertThat(shared.freshLeft()).isBetween(Duration.ofMinutes(29), Duration.ofMinutes(30));
        assertThat(loads).hasValue(1);
    }

    @Test
    void a_forced_reload_on_an_instance_that_never_read_the_key_replaces_the_fleets_copy() {
        RedisStore<String, String> a = instance();
        RedisStore<String, String> b = instance();
        a.get("k", key -> fresh("old"), ample());

        CachedAnswer<String> reloaded = b.reload("k", key -> fresh("new"), ample());
        // A's own reload replaces the copy A had: the one B loaded since is newer, and answers it without a load.
        CachedAnswer<String> reloadedByA = a.reload("k", key -> fresh("newer"), ample());

        assertThat(reloaded.value()).isEqualTo("new");
        assertThat(reloaded.status()).isEqualTo(CacheStatus.MISS);
        assertThat(reloadedByA.value()).isEqualTo("new");
    }

    @Test
    void concurrent_misses_on_two_instances_load_once_and_the_waiter_gets_the_holders_answer() throws Exception {
        RedisStore<String, String> a = instance();
        RedisStore<String, String> b = instance();
        AtomicInteger loads = new AtomicInteger();

        HeldLoad onA = heldLoad(a, () -> {
            loads.incrementAndGet();
            return fresh("from a");
        });
        CompletableFuture<CachedAnswer<String>> onB = getAsync(b, () -> {
            loads.incrementAndGet();
            return fresh("from b");
        });
        onA.release();

        assertThat(onA.answer().get(10, TimeUnit.SECONDS).value()).isEqualTo("from a");
        assertThat(onB.get(10, TimeUnit.SECONDS).value()).isEqualTo("from a");
        assertThat(loads).hasValue(1);
    }

    @Test
    void the_holders_failure_is_shared_with_the_waiting_instance() throws Exception {
        RedisStore<String, String> a = instance();
        RedisStore<String, String> b = instance();
        AtomicInteger loadsOnB = new AtomicInteger();

        HeldLoad onA = heldLoad(a, () -> {
            throw LookupFailure.unreadable("a page nobody can read");
        });
        long setsBefore = setCalls();
        CompletableFuture<CachedAnswer<String>> onB = getAsync(b, () -> {
            loadsOnB.incrementAndGet();
            return fresh("from b");
        });
        // B's claim of the lease (a SET) is refused while A loads: B then waits for A's notice.
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> setCalls() > setsBefore);
        onA.release();

        assertThatThrownBy(() -> onA.answer().join()).hasCauseInstanceOf(LookupFailure.class);
        assertThatThrownBy(() -> onB.join())
                .cause()
                .isInstanceOfSatisfying(
                        LookupFailure.class,
                        failure -> assertThat(failure.kind()).isEqualTo(LookupFailure.Kind.UNREADABLE));
        assertThat(loadsOnB).hasValue(0);
    }

    @Test
    void a_dead_holders_lease_expires_and_another_instance_takes_over() {
        RedisStore<String, String> b = instance();
        redis.command("SET", PREFIX + "lease:words:k", "an instance that died", "PX", "1500");
        AtomicInteger loads = new AtomicInteger();

        long start = System.nanoTime();
        CachedAnswer<String> answer = b.get(
                "k",
                key -> {
                    loads.incrementAndGet();
                    return fresh("v");
                },
                ample());
        Duration waited = Duration.ofNanos(System.nanoTime() - start);

        assertThat(answer.value()).isEqualTo("v");
        assertThat(answer.status()).isEqualTo(CacheStatus.MISS);
        assertThat(loads).hasValue(1);
        assertThat(waited).isGreaterThanOrEqualTo(Duration.ofMillis(1000)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void a_forced_reload_takes_a_newer_copy_from_the_fleet_instead_of_loading_again() {
        RedisStore<String, String> a = instance();
        RedisStore<String, String> b = instance();
        a.get("list", key -> fresh("old"), ample());
        b.get("list", key -> fresh("unused"), ample());
        AtomicInteger loadsOnA = new AtomicInteger();

        CachedAnswer<String> refreshedOnB = b.reload("list", key -> fresh("new"), ample());
        CachedAnswer<String> reloadedOnA = a.reload(
                "list",
                key -> {
                    loadsOnA.incrementAndGet();
                    return fresh("newest");
                },
                ample());

        assertThat(refreshedOnB.value()).isEqualTo("new");
        assertThat(reloadedOnA.value()).isEqualTo("new");
        assertThat(reloadedOnA.status()).isEqualTo(CacheStatus.MISS);
        assertThat(loadsOnA).hasValue(0);
    }

    @Test
    void without_redis_the_store_loads_serves_and_keeps_stale_copies_alone() {
        redis.kill();
        RedisStore<String, String> alone = unconnectedInstance();
        AtomicInteger loads = new AtomicInteger();

        CachedAnswer<String> first = alone.get(
                "k",
                key -> {
                    loads.incrementAndGet();
                    return fresh("v");
                },
                ample());
        CachedAnswer<String> second = alone.get(
                "k",
                key -> {
                    loads.incrementAndGet();
                    return fresh("w");
                },
                ample());
        CachedAnswer<String> failed = alone.reload(
                "k",
                key -> {
                    throw LookupFailure.unavailable("down");
                },
                ample());

        assertThat(first.status()).isEqualTo(CacheStatus.MISS);
        assertThat(second.status()).isEqualTo(CacheStatus.HIT);
        assertThat(second.value()).isEqualTo("v");
        assertThat(failed.status()).isEqualTo(CacheStatus.STALE);
        assertThat(failed.value()).isEqualTo("v");
        assertThat(loads).hasValue(1);
    }

    /** How many SET commands Redis has run (the lease claims; copies are stored by a script). */
    private long setCalls() {
        return redis.command("INFO", "commandstats")
                .lines()
                .filter(line -> line.startsWith("cmdstat_set:"))
                .map(line -> line.replaceAll("^cmdstat_set:calls=(\\d+).*$", "$1"))
                .mapToLong(Long::parseLong)
                .findFirst()
                .orElse(0);
    }

    @Test
    void a_cancelled_lease_ends_at_once_and_tells_the_waiting_instances_to_read_the_copy() {
        SharedCopies<String> holder = connectedSharedCopies();
        SharedCopies<String> other = connectedSharedCopies();
        Deadline deadline = ample();
        SharedCopies.Claim<String> won = holder.claim("k", deadline);
        assertThat(won).isInstanceOf(SharedCopies.Claim.Won.class);
        assertThat(other.claim("k", deadline)).isInstanceOf(SharedCopies.Claim.Taken.class);

        try (LoadNotices.Waiter waiter = other.listen("k")) {
            ((SharedCopies.Claim.Won<String>) won).lease().cancel();

            assertThat(waiter.await(Duration.ofSeconds(5))).isInstanceOf(LoadNotices.Notice.Stored.class);
        }
        assertThat(other.claim("k", deadline)).isInstanceOf(SharedCopies.Claim.Won.class); // not after the 5 s TTL
    }

    /** A load of {@code k} under way on {@code store}, held until {@link #release}; then {@code end} ends it. */
    private record HeldLoad(CompletableFuture<CachedAnswer<String>> answer, CountDownLatch held) {
        void release() {
            held.countDown();
        }
    }

    /** Starts {@code store}'s load of {@code k} and returns once its loader runs (it holds the fleet's lease). */
    private HeldLoad heldLoad(RedisStore<String, String> store, Supplier<Loaded<String>> end)
            throws InterruptedException {
        CountDownLatch loading = new CountDownLatch(1);
        CountDownLatch held = new CountDownLatch(1);
        CompletableFuture<CachedAnswer<String>> answer = getAsync(store, () -> {
            loading.countDown();
            await(held);
            return end.get();
        });
        loading.await(10, TimeUnit.SECONDS);
        return new HeldLoad(answer, held);
    }

    /** {@code store.get("k", …)} on another thread, loading with {@code loader}. */
    private CompletableFuture<CachedAnswer<String>> getAsync(
            RedisStore<String, String> store, Supplier<Loaded<String>> loader) {
        return CompletableFuture.supplyAsync(() -> store.get("k", key -> loader.get(), ample()), executor);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
