package in.results.grading;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * The SGPA of a semester: awarded with a value rounded half-up to 2 decimals, not awarded (a fail), or not computed
 * (no grade points are known).
 */
public sealed interface Sgpa {
    /** An awarded SGPA; {@code value} has scale 2. */
    record Awarded(BigDecimal value) implements Sgpa {
        public Awarded {
            value = value.setScale(2, RoundingMode.HALF_UP);
        }
    }

    /** Not awarded: at least one subject has a fail grade. */
    record Fail() implements Sgpa {}

    /** Not computed: no grade points are known for the rows; {@code note} is a sentence saying why. */
    record NotComputed(String note) implements Sgpa {
        public NotComputed {
            if (Objects.requireNonNull(note, "note").isBlank()) {
                throw new IllegalArgumentException("a not-computed SGPA needs a note");
            }
        }
    }
}
