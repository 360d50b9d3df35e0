package in.results.store;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * The {@link AnswerStore} of one process: a bounded Caffeine cache, with loads run on the injected executor and
 * time read from the injected ticker (tests drive both by hand).
 */
public final class EmbeddedStore<K, V> implements AnswerStore<K, V> {
    private final Cache<K, Stored<V>> store;
    private final SingleFlight<K, V> loads;
    private final Ticker ticker;

    /**
     * @param maxEntries most answers kept (fresh and stale together); least useful ones are evicted first
     * @param staleFor   how long after loading a copy may still be served when loading fails
     * @param executor   runs the loads, each on a thread of its own (virtual threads in production)
     */
    public EmbeddedStore(long maxEntries, Duration staleFor, Ticker ticker, Executor executor) {
        this.ticker = Objects.requireNonNull(ticker, "ticker");
        this.loads = new SingleFlight<>(Objects.requireNonNull(executor, "executor"));
        long keepNanos = staleFor.toNanos();
        this.store = Caffeine.newBuilder()
                .maximumSize(maxEntries)
                .ticker(ticker)
                .expireAfter(Expiry.<K, Stored<V>>writing(
                        (key, stored) -> Duration.ofNanos(Math.max(keepNanos, stored.freshNanos()))))
                .build();
    }

    @Override
    public CachedAnswer<V> get(K key, Function<K, Loaded<V>> loader, Deadline deadline) {
        Stored<V> stored = store.getIfPresent(key);
        long now = ticker.read();
        if (stored != null && stored.isFreshAt(now)) {
            return stored.answerAt(now, CacheStatus.HIT);
        }
        return reload(key, loader, deadline);
    }

    @Override
    public CachedAnswer<V> reload(K key, Function<K, Loaded<V>> loader, Deadline deadline) {
        return loads.answer(
                key,
                () -> load(key, loader),
                deadline,
                () -> Optional.ofNullable(store.getIfPresent(key))
                        .map(stale -> stale.answerAt(ticker.read(), CacheStatus.STALE)));
    }

    @Override
    public Optional<CachedAnswer<V>> peek(K key) {
        Stored<V> stored = store.policy().getIfPresentQuietly(key);
        if (stored == null) {
            return Optional.empty();
        }
        long now = ticker.read();
        return Optional.of(stored.answerAt(now, stored.isFreshAt(now) ? CacheStatus.HIT : CacheStatus.STALE));
    }

    private CachedAnswer<V> load(K key, Function<K, Loaded<V>> loader) {
        Loaded<V> loaded;
        try {
            loaded = loader.apply(key);
        } catch (RuntimeException failure) { // a LookupFailure, or a bug: either way the stale copy is served
            Stored<V> stale = store.getIfPresent(key);
            if (stale == null) {
                throw failure;
            }
            return stale.answerAt(ticker.read(), CacheStatus.STALE);
        }
        long now = ticker.read();
        Stored<V> fresh = new Stored<>(loaded.value(), now, loaded.freshFor().toNanos());
        store.put(key, fresh);
        return fresh.answerAt(now, CacheStatus.MISS);
    }

    private record Stored<V>(V value, long loadedAt, long freshNanos) {
        boolean isFreshAt(long now) {
            return now - loadedAt < freshNanos;
        }

        CachedAnswer<V> answerAt(long now, CacheStatus status) {
            long age = Math.max(0, now - loadedAt);
            long left = status == CacheStatus.STALE ? 0 : Math.max(0, freshNanos - age);
            return new CachedAnswer<>(value, status, Duration.ofNanos(age), Duration.ofNanos(left));
        }
    }
}
