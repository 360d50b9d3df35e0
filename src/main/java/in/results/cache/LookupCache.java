package in.results.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * A bounded store of loaded answers with three promises:
 * <ul>
 *   <li>a value is served from the store while fresh (its {@link Load.Keep#freshFor()});</li>
 *   <li>after that it is kept as a stale copy until {@code staleFor} after loading, and served only when a new
 *       load fails;</li>
 *   <li>concurrent callers of the same key share one load (single-flight): the loader runs once, on a virtual
 *       thread of its own, and callers wait for it at most the deadline.</li>
 * </ul>
 * Failures are never stored. Time comes from the injected {@link Ticker}. Thread-safe.
 */
public final class LookupCache<K, V> {
    private final Cache<K, Stored<V>> store;
    private final ConcurrentMap<K, CompletableFuture<CachedAnswer<V>>> inFlight = new ConcurrentHashMap<>();
    private final Ticker ticker;
    private final Duration deadline;

    /**
     * @param maxEntries most answers kept (fresh and stale together); least useful ones are evicted first
     * @param staleFor   how long after loading a copy may still be served when loading fails
     * @param deadline   the longest a caller waits for a load (real time, not the ticker's)
     */
    public LookupCache(long maxEntries, Duration staleFor, Duration deadline, Ticker ticker) {
        this.ticker = Objects.requireNonNull(ticker, "ticker");
        this.deadline = Objects.requireNonNull(deadline, "deadline");
        long keepNanos = staleFor.toNanos();
        this.store = Caffeine.newBuilder()
                .maximumSize(maxEntries)
                .ticker(ticker)
                .expireAfter(Expiry.<K, Stored<V>>writing((key, stored) ->
                        Duration.ofNanos(Math.max(keepNanos, stored.freshNanos()))))
                .build();
    }

    /**
     * The fresh copy, or the result of {@code loader} (shared with concurrent callers), or a stale copy. Waits at
     * most the cache's deadline for a load; then answers the stale copy, or throws {@link DeadlineExceeded}
     * while the load goes on in the background and fills the store for later callers.
     */
    public CachedAnswer<V> get(K key, Function<K, Load<V>> loader) {
        Stored<V> stored = store.getIfPresent(key);
        long now = ticker.read();
        if (stored != null && stored.isFreshAt(now)) {
            return stored.answerAt(now, CacheStatus.HIT);
        }
        return reload(key, loader);
    }

    /**
     * Loads now even if a fresh copy exists (a forced or background refresh), sharing the load with concurrent
     * callers of the same key; when the load fails the stored copy is answered as stale, or the failure thrown.
     * Waits at most the cache's deadline, as {@link #get}.
     */
    public CachedAnswer<V> reload(K key, Function<K, Load<V>> loader) {
        CompletableFuture<CachedAnswer<V>> mine = new CompletableFuture<>();
        CompletableFuture<CachedAnswer<V>> running = inFlight.putIfAbsent(key, mine);
        if (running == null) {
            running = mine;
            // The load runs on its own virtual thread so that a caller's deadline does not abandon it half-way.
            // The entry leaves the in-flight map before the future completes, so that a caller woken by this load
            // and asking again at once starts a new load instead of joining this finished one.
            Thread.ofVirtual().name("load " + key).start(() -> {
                CachedAnswer<V> answer = null;
                Throwable failure = null;
                try {
                    answer = load(key, loader);
                } catch (Throwable e) {
                    failure = e;
                } finally {
                    inFlight.remove(key, mine);
                }
                if (failure == null) {
                    mine.complete(answer);
                } else {
                    mine.completeExceptionally(failure);
                }
            });
        }
        return await(key, running);
    }

    /** The stored copy (fresh or stale) without loading, or {@code null}. Does not count as a use. */
    public CachedAnswer<V> peek(K key) {
        Stored<V> stored = store.policy().getIfPresentQuietly(key);
        if (stored == null) {
            return null;
        }
        long now = ticker.read();
        return stored.answerAt(now, stored.isFreshAt(now) ? CacheStatus.HIT : CacheStatus.STALE);
    }

    private CachedAnswer<V> load(K key, Function<K, Load<V>> loader) {
        Load<V> load;
        try {
            load = loader.apply(key);
        } catch (RuntimeException e) {
            load = new Load.Failed<>(e); // a loader that throws still gets the stale copy served
        }
        return switch (load) {
            case Load.Keep<V> keep -> keep(key, keep.value(), keep.freshFor());
            case Load.Failed<V> failed -> {
                Stored<V> stale = store.getIfPresent(key);
                if (stale == null) {
                    throw failed.error();
                }
                yield stale.answerAt(ticker.read(), CacheStatus.STALE);
            }
        };
    }

    private CachedAnswer<V> keep(K key, V value, Duration freshFor) {
        long now = ticker.read();
        Stored<V> fresh = new Stored<>(value, now, freshFor.toNanos());
        store.put(key, fresh);
        return fresh.answerAt(now, CacheStatus.MISS);
    }

    private CachedAnswer<V> await(K key, CompletableFuture<CachedAnswer<V>> running) {
        try {
            return running.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            Stored<V> stale = store.getIfPresent(key);
            if (stale != null) {
                return stale.answerAt(ticker.read(), CacheStatus.STALE);
            }
            throw new DeadlineExceeded(deadline);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeadlineExceeded(deadline);
        }
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
