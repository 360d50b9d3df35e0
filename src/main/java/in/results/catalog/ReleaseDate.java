package in.results.catalog;

import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;

/**
 * A release's date, or the explicit fact that it is not known (built-in codes, or a list row
 * whose date could not be read).
 */
public sealed interface ReleaseDate permits ReleaseDate.Known, ReleaseDate.Unknown {

    ReleaseDate UNKNOWN = new Unknown();

    /** The date, or empty when unknown. */
    Optional<LocalDate> toOptional();

    /** A date the release list showed. */
    record Known(LocalDate date) implements ReleaseDate {
        public Known {
            Objects.requireNonNull(date, "date");
        }

        @Override
        public Optional<LocalDate> toOptional() {
            return Optional.of(date);
        }
    }

    /** No date is known; all instances are equal (use {@link ReleaseDate#UNKNOWN}). */
    record Unknown() implements ReleaseDate {
        @Override
        public Optional<LocalDate> toOptional() {
            return Optional.empty();
        }
    }
}
