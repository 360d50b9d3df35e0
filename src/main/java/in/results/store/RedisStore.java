package in.results.store;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import in.results.core.LookupFailure;
import in.results.redis.Lease;
import in.results.redis.LoadNotices;
import in.results.redis.SharedCopies;
import in.results.redis.SharedCopy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * The {@link AnswerStore} of a fleet: every answer is kept in Redis ({@link SharedCopies}) for all instances, with a
 * local store in front, bounded like the {@link EmbeddedStore}. Besides the interface's promises:
 * <ul>
 *   <li><b>Near cache.</b> A fresh local copy is served without asking Redis for {@link #NEAR_FOR} after it was last
 *       read from or written to Redis; then Redis is asked again (one GET). So an answer replaced by another
 *       instance (a refreshed release list) is served here at most {@link #NEAR_FOR} longer. When Redis lost the
 *       key (restarted empty, evicted) this instance puts its copy back.</li>
 *   <li><b>One load for the fleet.</b> A miss claims the key's lease: the holder loads and stores; the others wait
 *       for its notice, looking again every {@link #POLL} in case it was missed or the holder died (its lease then
 *       expires and another instance takes over). A waiter gives up after {@link #PATIENCE}. Waiters share the
 *       holder's failure as a local single-flight would: the stale copy, or the same kind of failure.</li>
 *   <li><b>Redis is never the cause of a failure.</b> Whenever Redis does not answer (down, slow, not connected)
 *       the local store acts as the embedded store does: local copies served, loads run here, stale copies
 *       when the load fails.</li>
 * </ul>
 * Freshness is read on the {@link Clock}, not the ticker, because copies move between instances; each copy's age
 * is since its load anywhere in the fleet. A copy written by this build's format only is read ({@code CopyCodec}).
 */
public final class RedisStore<K, V> implements AnswerStore<K, V> {
    /** The longest a local copy is served without asking Redis whether the fleet holds a newer one. */
    public static final Duration NEAR_FOR = Duration.ofSeconds(2);
    /** How often a waiting load looks again when no notice came. */
    static final Duration POLL = Duration.ofMillis(250);
    /** The longest a load waits for other instances before failing (its callers stopped waiting long before). */
    static final Duration PATIENCE = Duration.ofMinutes(1);

    private final SharedCopies<V> shared;
    private final Function<K, String> keyText;
    private final Cache<K, Local<V>> near;
    private final SingleFlight<K, V> loads;
    private final Ticker ticker;
    private final Clock clock;

    /**
     * @param shared     the store's copies in Redis
     * @param keyText    the key as it appears in Redis: distinct keys must give distinct texts
     * @param maxEntries most copies kept locally (fresh and stale together)
     * @param staleFor   how long after loading a copy is kept and served when loading fails
     * @param executor   runs the loads, each on a thread of its own
     */
    public RedisStore(
            SharedCopies<V> shared,
            Function<K, String> keyText,
            long maxEntries,
            Duration staleFor,
            Ticker ticker,
            Clock clock,
            Executor executor) {
        this.shared = Objects.requireNonNull(shared, "shared");
        this.keyText = Objects.requireNonNull(keyText, "keyText");
        this.ticker = Objects.requireNonNull(ticker, "ticker");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.loads = new SingleFlight<>(executor);
        this.near = Caffeine.newBuilder()
                .maximumSize(maxEntries)
                .ticker(ticker)
                .expireAfter(Expiry.<K, Local<V>>writing((key, local) -> {
                    Duration left =
                            local.copy().keptFor(staleFor).minus(local.copy().ageAt(clock.instant()));
                    return left.isNegative() ? Duration.ZERO : left;
                }))
                .build();
    }

    @Override
    public CachedAnswer<V> get(K key, Function<K, Loaded<V>> loader, Deadline deadline) {
        Local<V> local = current(key, near.getIfPresent(key), deadline);
        if (local != null && local.copy().isFreshAt(clock.instant())) {
            return answer(local.copy(), CacheStatus.HIT);
        }
        return loads.answer(key, () -> loadForFleet(key, loader, false), deadline, () -> staleCopy(key));
    }

    @Override
    public CachedAnswer<V> reload(K key, Function<K, Loaded<V>> loader, Deadline deadline) {
        return loads.answer(key, () -> loadForFleet(key, loader, true), deadline, () -> staleCopy(key));
    }

    @Override
    public Optional<CachedAnswer<V>> peek(K key) {
        Local<V> local = current(key, near.policy().getIfPresentQuietly(key), Deadline.after(NEAR_FOR, ticker));
        return Optional.ofNullable(local)
                .map(found -> answer(
                        found.copy(), found.copy().isFreshAt(clock.instant()) ? CacheStatus.HIT : CacheStatus.STALE));
    }

    /** The local copy, confirmed with Redis when it was not confirmed within {@link #NEAR_FOR}; null when none. */
    private Local<V> current(K key, Local<V> local, Deadline deadline) {
        if (!shared.isReachable() || local != null && isNear(local)) {
            return local;
        }
        String id = keyText.apply(key);
        return switch (shared.read(id, deadline)) {
            case SharedCopies.Read.Found<V> found ->
                remember(
                        key,
                        local == null
                                        || found.copy()
                                                .loadedAt()
                                                .isAfter(local.copy().loadedAt())
                                ? found.copy()
                                : local.copy());
            case SharedCopies.Read.Absent<V> absent -> {
                if (local == null) {
                    yield null;
                }
                shared.offer(id, local.copy(), deadline); // Redis lost it: the fleet gets this copy back
                yield remember(key, local.copy());
            }
            case SharedCopies.Read.Down<V> down -> local;
        };
    }

    /** Finds or loads the answer for the fleet; runs on the executor, once per key in this instance. */
    private CachedAnswer<V> loadForFleet(K key, Function<K, Loaded<V>> loader, boolean forced) {
        String id = keyText.apply(key);
        Deadline patience = Deadline.after(PATIENCE, ticker);
        Instant knownUntil = forced ? replacedCopyLoadedAt(key, id, patience) : Instant.MIN;
        boolean waited = false;
        while (true) {
            SharedCopies.Read<V> read = shared.read(id, patience);
            if (read instanceof SharedCopies.Read.Down<V>) {
                return loadHere(key, loader);
            }
            Optional<CachedAnswer<V>> stored = usable(key, read, knownUntil, waited || forced);
            if (stored.isPresent()) {
                return stored.get();
            }
            try (LoadNotices.Waiter waiter = shared.listen(id)) {
                switch (shared.claim(id, patience)) {
                    case SharedCopies.Claim.Won<V> won -> {
                        // The holder before may have stored its copy and ended its lease between the read above and
                        // this claim: then there is nothing to load.
                        Optional<CachedAnswer<V>> meanwhile =
                                usable(key, shared.read(id, patience), knownUntil, waited || forced);
                        if (meanwhile.isPresent()) {
                            won.lease().cancel();
                            return meanwhile.get();
                        }
                        return loadAsHolder(key, loader, won.lease());
                    }
                    case SharedCopies.Claim.Down<V> down -> {
                        return loadHere(key, loader);
                    }
                    case SharedCopies.Claim.Taken<V> taken -> {
                        if (!patience.allows(POLL)) {
                            throw LookupFailure.unavailable("another instance is still loading " + id);
                        }
                        waited = true;
                        if (waiter.await(POLL) instanceof LoadNotices.Notice.Failed failed) {
                            return staleOr(key, failureOf(failed));
                        }
                        // Stored: read it; Silent: look again (the holder may be gone, its lease expiring).
                    }
                }
            }
        }
    }

    /**
     * When the copy a forced reload replaces was loaded: the local copy's, else the fleet's copy in Redis (one this
     * instance never read), else none. Only a copy loaded after it answers the reload.
     */
    private Instant replacedCopyLoadedAt(K key, String id, Deadline patience) {
        Local<V> before = near.getIfPresent(key);
        if (before != null) {
            return before.copy().loadedAt();
        }
        return shared.read(id, patience) instanceof SharedCopies.Read.Found<V> found
                ? found.copy().loadedAt()
                : Instant.MIN;
    }

    /**
     * The answer of a copy read from Redis, when it is one to serve: fresh, and, for a forced reload, loaded after the
     * copy it replaces ({@code knownUntil}); a miss when this caller waited for it or forced it, else a hit.
     */
    private Optional<CachedAnswer<V>> usable(K key, SharedCopies.Read<V> read, Instant knownUntil, boolean miss) {
        if (!(read instanceof SharedCopies.Read.Found<V> found)) {
            return Optional.empty();
        }
        SharedCopy<V> copy = remember(key, found.copy()).copy();
        if (!copy.isFreshAt(clock.instant()) || !copy.loadedAt().isAfter(knownUntil)) {
            return Optional.empty();
        }
        return Optional.of(answer(copy, miss ? CacheStatus.MISS : CacheStatus.HIT));
    }

    private CachedAnswer<V> loadAsHolder(K key, Function<K, Loaded<V>> loader, Lease<V> lease) {
        try (lease) {
            Loaded<V> loaded;
            try {
                loaded = loader.apply(key);
            } catch (LookupFailure failure) {
                lease.giveUp(failure.kind(), String.valueOf(failure.getMessage()));
                return staleOr(key, failure);
            } catch (RuntimeException bug) {
                lease.giveUp(LookupFailure.Kind.UNAVAILABLE, bug.toString());
                return staleOr(key, bug);
            }
            SharedCopy<V> copy = new SharedCopy<>(loaded.value(), clock.instant(), loaded.freshFor());
            near.put(key, new Local<>(copy, ticker.read()));
            lease.store(copy);
            return answer(copy, CacheStatus.MISS);
        }
    }

    /** Without Redis: as the embedded store. The copy is offered to Redis once it answers again. */
    private CachedAnswer<V> loadHere(K key, Function<K, Loaded<V>> loader) {
        Loaded<V> loaded;
        try {
            loaded = loader.apply(key);
        } catch (RuntimeException failure) { // a LookupFailure, or a bug: either way the stale copy is served
            return staleOr(key, failure);
        }
        SharedCopy<V> copy = new SharedCopy<>(loaded.value(), clock.instant(), loaded.freshFor());
        near.put(key, new Local<>(copy, ticker.read() - NEAR_FOR.toNanos())); // to be confirmed at the next use
        return answer(copy, CacheStatus.MISS);
    }

    private CachedAnswer<V> staleOr(K key, RuntimeException failure) {
        return staleCopy(key).orElseThrow(() -> failure);
    }

    private Optional<CachedAnswer<V>> staleCopy(K key) {
        return Optional.ofNullable(near.getIfPresent(key)).map(local -> answer(local.copy(), CacheStatus.STALE));
    }

    /** Keeps {@code copy} locally as confirmed now; a copy equal to the local one keeps the local value object. */
    private Local<V> remember(K key, SharedCopy<V> copy) {
        Local<V> before = near.getIfPresent(key);
        SharedCopy<V> kept = before != null && before.copy().loadedAt().equals(copy.loadedAt()) ? before.copy() : copy;
        Local<V> now = new Local<>(kept, ticker.read());
        near.put(key, now);
        return now;
    }

    private boolean isNear(Local<V> local) {
        return ticker.read() - local.checkedAt() < NEAR_FOR.toNanos();
    }

    private CachedAnswer<V> answer(SharedCopy<V> copy, CacheStatus status) {
        Duration age = copy.ageAt(clock.instant());
        Duration left = status == CacheStatus.STALE || age.compareTo(copy.freshFor()) >= 0
                ? Duration.ZERO
                : copy.freshFor().minus(age);
        return new CachedAnswer<>(copy.value(), status, age, left);
    }

    private static LookupFailure failureOf(LoadNotices.Notice.Failed failed) {
        String reason = "the instance loading it failed: " + failed.reason();
        return switch (failed.kind()) {
            case NO_RESULT -> LookupFailure.noResult(reason);
            case UNAVAILABLE -> LookupFailure.unavailable(reason);
            case UNREADABLE -> LookupFailure.unreadable(reason);
        };
    }

    /** A copy kept here; {@code checkedAt} (ticker) is when it was last read from or written to Redis. */
    private record Local<V>(SharedCopy<V> copy, long checkedAt) {}
}
