package in.results.store;

import in.results.core.Deadline;
import in.results.core.LookupFailure;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * Concurrent callers of one key share one load: the first starts it on the executor, the others join it, and each
 * waits until its own deadline. The load runs on its own thread so that a caller's deadline does not abandon it
 * half-way; what it loads then fills the store for later callers.
 */
final class SingleFlight<K, V> {
    private final ConcurrentMap<K, CompletableFuture<CachedAnswer<V>>> inFlight = new ConcurrentHashMap<>();
    private final Executor executor;

    SingleFlight(Executor executor) {
        this.executor = executor;
    }

    /**
     * The answer of the load of {@code key} (started now or joined). When the deadline passes first, the
     * {@code stale} copy is answered, or {@link LookupFailure} (unavailable) thrown when there is none; what the load
     * throws is rethrown.
     */
    CachedAnswer<V> answer(
            K key, Supplier<CachedAnswer<V>> load, Deadline deadline, Supplier<Optional<CachedAnswer<V>>> stale) {
        CompletableFuture<CachedAnswer<V>> mine = new CompletableFuture<>();
        CompletableFuture<CachedAnswer<V>> running = inFlight.putIfAbsent(key, mine);
        if (running == null) {
            running = mine;
            // The entry leaves the in-flight map before the future completes, so that a caller woken by this load
            // and asking again at once starts a new load instead of joining this finished one.
            executor.execute(() -> {
                CachedAnswer<V> answer = null;
                Throwable failure = null;
                try {
                    answer = load.get();
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
        try {
            return deadline.await(running);
        } catch (LookupFailure late) {
            if (running.isDone()) {
                throw late; // the load itself failed, after serving no stale copy
            }
            return stale.get().orElseThrow(() -> late);
        }
    }
}
