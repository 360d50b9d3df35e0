package in.results.redis;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * One answer as the fleet keeps it: the value, when it was loaded (wall-clock time to the millisecond, as stored,
 * so that every instance reads the same age and compares copies alike) and how long it stays fresh.
 */
public record SharedCopy<V>(V value, Instant loadedAt, Duration freshFor) {
    public SharedCopy {
        Objects.requireNonNull(value, "value");
        loadedAt = loadedAt.truncatedTo(ChronoUnit.MILLIS);
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
