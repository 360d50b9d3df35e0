package in.results.store;

import in.results.core.Deadline;
import in.results.core.LookupFailure;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where answers are kept, with three promises:
 * <ul>
 *   <li>a value is served from the store while fresh (its {@link Loaded#freshFor()});</li>
 *   <li>after that it is kept as a stale copy until the store's stale period after loading, and served only when a
 *       new load fails;</li>
 *   <li>concurrent callers of the same key share one load (single-flight): the loader runs once, on the store's
 *       executor, and each caller waits for it until its own {@link Deadline}.</li>
 * </ul>
 * A loader reports failure by throwing {@link LookupFailure}; failures are never stored. A caller whose deadline
 * passes gets the stale copy, or {@link LookupFailure} (unavailable), while the load goes on and fills the store
 * for later callers. Implementations are thread-safe: {@link EmbeddedStore} keeps answers in this process;
 * {@link RedisStore} shares them, and their single-flight, with every instance on the same Redis.
 *
 * @param <K> the key, a value type with {@code equals}
 * @param <V> the answer, immutable
 */
public sealed interface AnswerStore<K, V> permits EmbeddedStore, RedisStore {
    /** The fresh copy, or the result of {@code loader} (shared with concurrent callers), or a stale copy. */
    CachedAnswer<V> get(K key, Function<K, Loaded<V>> loader, Deadline deadline);

    /**
     * Loads now even if a fresh copy exists (a forced or background refresh), sharing the load with concurrent
     * callers of the same key; when the load fails the stored copy is answered as stale, or the failure thrown.
     */
    CachedAnswer<V> reload(K key, Function<K, Loaded<V>> loader, Deadline deadline);

    /** The stored copy (fresh or stale) without loading. Does not count as a use. */
    Optional<CachedAnswer<V>> peek(K key);
}
