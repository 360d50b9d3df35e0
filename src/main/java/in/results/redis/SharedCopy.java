package in.results.redis;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One answer as the fleet keeps it: the value, when it was loaded (wall-clock time, so that every instance reads
 * the same age) and how long it stays fresh.
 */
public record SharedCopy<V>(V value, Instant loadedAt, Duration freshFor) {
    public SharedCopy {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(loadedAt, "loadedAt");
        if (freshFor.isNegative() || freshFor.isZero()) {
            throw new IllegalArgumentException("freshFor must be positive");
        }
    }

    /** Time since loading at {@code now}; zero when a writer's clock ran ahead of this one. */
    public Duration ageAt(Instant now) {
        Duration age = Duration.between(loadedAt, now);
        return age.isNegative() ? Duration.ZERO : age;
    }

    /** Whether the copy is still fresh at {@code now}. */
    public boolean isFreshAt(Instant now) {
        return ageAt(now).compareTo(freshFor) < 0;
    }

    /** How long the copy is kept at all (fresh, then stale): the longer of its fresh time and {@code staleFor}. */
    public Duration keptFor(Duration staleFor) {
        return freshFor.compareTo(staleFor) > 0 ? freshFor : staleFor;
    }
}
