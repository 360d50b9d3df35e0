package in.results.store;

import java.time.Duration;
import java.util.Objects;

/** What a loader hands to the store: a value and how long it stays fresh. */
public record Loaded<V>(V value, Duration freshFor) {
    public Loaded {
        Objects.requireNonNull(value, "value");
        if (freshFor.isNegative() || freshFor.isZero()) {
            throw new IllegalArgumentException("freshFor must be positive");
        }
    }
}
