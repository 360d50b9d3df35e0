package in.results.grading;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** The SGPA of a semester: awarded with a value rounded half-up to 2 decimals, or not awarded. */
public sealed interface Sgpa {
    /** An awarded SGPA; {@code value} has scale 2. */
    record Awarded(BigDecimal value) implements Sgpa {
        public Awarded {
            value = value.setScale(2, RoundingMode.HALF_UP);
        }
    }

    /** Not awarded: at least one subject has a fail grade. */
    record Fail() implements Sgpa {}
}
