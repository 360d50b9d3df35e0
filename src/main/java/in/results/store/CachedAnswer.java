package in.results.store;

import java.time.Duration;
import java.util.Comparator;

/**
 * A value with how it was obtained. {@code age} is the time since it was loaded; {@code freshLeft} the time
 * it stays fresh (zero for a stale copy) — the {@code Cache-Control: max-age} to send.
 */
public record CachedAnswer<V>(V value, CacheStatus status, Duration age, Duration freshLeft) {
    /** A stale copy first, then a copy from the store, then one loaded now; of two alike, the older. */
    private static final Comparator<CachedAnswer<?>> LESS_FRESH_FIRST = Comparator.<CachedAnswer<?>>comparingInt(
                    answer -> switch (answer.status()) {
                        case STALE -> 0;
                        case HIT -> 1;
                        case MISS -> 2;
                    })
            .thenComparing(CachedAnswer::age, Comparator.reverseOrder());

    /**
     * {@code value}, made from two answers, as fresh as the less fresh of them: its status and age are those of the
     * less fresh one (a stale copy before a copy from the store before one loaded now; of two alike, the older), and
     * it stays fresh while both do ({@code freshLeft} the smaller).
     */
    public static <V> CachedAnswer<V> lessFreshOf(CachedAnswer<?> first, CachedAnswer<?> second, V value) {
        CachedAnswer<?> lessFresh = LESS_FRESH_FIRST.compare(first, second) <= 0 ? first : second;
        Duration freshLeft =
                first.freshLeft().compareTo(second.freshLeft()) <= 0 ? first.freshLeft() : second.freshLeft();
        return new CachedAnswer<>(value, lessFresh.status(), lessFresh.age(), freshLeft);
    }
}
