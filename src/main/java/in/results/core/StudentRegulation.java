package in.results.core;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * Which regulation's results a hall ticket names, read from the hall ticket alone: its admission year (for lateral
 * entry, the hall ticket's year minus one) and its programme letter. Callers switch over the three outcomes.
 */
public sealed interface StudentRegulation {

    /** A B.Tech student of a served regulation. */
    record Served(Regulation regulation) implements StudentRegulation {
        public Served {
            Objects.requireNonNull(regulation, "regulation");
        }
    }

    /** A readable hall ticket of a student the service has no results for; {@code reason} is a sentence for clients. */
    record NotServed(String reason) implements StudentRegulation {
        public NotServed {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * A hall ticket whose admission year or entry cannot be read; {@code rule} completes "Parameter 'hallticket' …"
     * and names what is expected, never what was sent.
     */
    record Unreadable(String rule) implements StudentRegulation {
        public Unreadable {
            Objects.requireNonNull(rule, "rule");
        }
    }

    /**
     * The regulation of {@code hallTicket}: {@code YY CC E P …} with YY the year, E {@code 1} (regular entry) or
     * {@code 5} (lateral entry, whose YY is the year they joined the second year) and P the programme.
     */
    static StudentRegulation of(HallTicket hallTicket) {
        char entry = hallTicket.value().charAt(4);
        OptionalInt admitted = hallTicket.admissionYear();
        if (admitted.isEmpty() || (entry != '1' && entry != '5')) {
            return new Unreadable("must start with the two-digit admission year and have 1 (regular entry) or 5"
                    + " (lateral entry) as its fifth character");
        }
        if (hallTicket.programme() != 'A') { // the university's programme letter of B.Tech
            return new NotServed("Only B.Tech results are served: this hall ticket's programme letter (its sixth"
                    + " character) is not A.");
        }
        return Regulation.ofAdmissionYear(admitted.getAsInt())
                .<StudentRegulation>map(Served::new)
                .orElseGet(() -> new NotServed("Only students admitted in 2018 or later (regulations R18 and R22) are"
                        + " served; this hall ticket is of an earlier batch."));
    }
}
