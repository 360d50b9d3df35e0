package in.results.store;

import java.time.Duration;

/**
 * A value with how it was obtained. {@code age} is the time since it was loaded; {@code freshLeft} the time
 * it stays fresh (zero for a stale copy) — the {@code Cache-Control: max-age} to send.
 */
public record CachedAnswer<V>(V value, CacheStatus status, Duration age, Duration freshLeft) {}
