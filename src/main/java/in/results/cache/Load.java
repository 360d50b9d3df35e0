package in.results.cache;

import java.time.Duration;
import java.util.Objects;

/** The outcome of a loader: a value to keep fresh for a while, or a failure that is never stored. */
public sealed interface Load<V> {
    /** A value to store, fresh for {@code freshFor}. */
    record Keep<V>(V value, Duration freshFor) implements Load<V> {
        public Keep {
            Objects.requireNonNull(value, "value");
            if (freshFor.isNegative() || freshFor.isZero()) {
                throw new IllegalArgumentException("freshFor must be positive");
            }
        }
    }

    /** The load failed; {@code error} is thrown to callers unless a stale copy can be served. */
    record Failed<V>(RuntimeException error) implements Load<V> {
        public Failed {
            Objects.requireNonNull(error, "error");
        }
    }
}
