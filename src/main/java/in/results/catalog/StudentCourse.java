package in.results.catalog;

import in.results.core.HallTicket;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Which course's results a hall ticket names, read from the hall ticket alone: its programme letter and its
 * admission year (for lateral entry, the hall ticket's year minus one). This only picks which releases to try: each
 * release's title names its own programme and regulation. Callers switch over the three outcomes.
 */
public sealed interface StudentCourse {

    /** The sentence naming the programme letters the service accepts. */
    String PROGRAMME_LETTERS = "A (B.Tech), R (B.Pharmacy), D (M.Tech), E (MBA), F (MCA) or S (M.Pharmacy)";

    /** A student of a served course. */
    record Served(Course course) implements StudentCourse {
        public Served {
            Objects.requireNonNull(course, "course");
        }
    }

    /** A readable hall ticket of a student the service has no results for; {@code reason} is a sentence for clients. */
    record NotServed(String reason) implements StudentCourse {
        public NotServed {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * A hall ticket whose admission year, entry or programme cannot be read; {@code rule} completes "Parameter
     * 'hallticket' …" and names what is expected, never what was sent.
     */
    record Unreadable(String rule) implements StudentCourse {
        public Unreadable {
            Objects.requireNonNull(rule, "rule");
        }
    }

    /**
     * The course of {@code hallTicket}: {@code YY CC E P …} with YY the year, E {@code 1} (regular entry) or
     * {@code 5} (lateral entry, B.Tech and B.Pharmacy only, whose YY is the year they joined the second year) and P
     * the programme letter.
     */
    static StudentCourse of(HallTicket hallTicket) {
        char entry = hallTicket.value().charAt(4);
        OptionalInt admitted = hallTicket.admissionYear();
        if (admitted.isEmpty() || (entry != '1' && entry != '5')) {
            return new Unreadable("must start with the two-digit admission year and have 1 (regular entry) or 5"
                    + " (lateral entry) as its fifth character");
        }
        Degree degree = Degree.ofLetter(hallTicket.programme()).orElse(null);
        if (degree == null) {
            return new Unreadable("must have a programme letter as its sixth character: " + PROGRAMME_LETTERS);
        }
        if (hallTicket.isLateralEntry() && !Course.hasLateralEntry(degree)) {
            return new Unreadable(
                    "may have 5 (lateral entry) as its fifth character only for B.Tech (A) and" + " B.Pharmacy (R)");
        }
        int year = admitted.getAsInt();
        return Course.ofAdmission(degree, year)
                .<StudentCourse>map(Served::new)
                .orElseGet(() -> new NotServed(degree.displayName() + " results are served for students admitted in "
                        + Course.firstServedAdmission(degree) + " or later; this hall ticket is of an earlier batch."));
    }

    /**
     * The first of {@code hallTickets} that is not a student of {@code course} (another programme, entry or batch, or
     * a hall ticket that names no served course); empty when every one is.
     */
    static Optional<HallTicket> firstNotOf(Course course, List<HallTicket> hallTickets) {
        return hallTickets.stream()
                .filter(hallTicket -> !(of(hallTicket) instanceof Served served
                        && served.course().equals(course)))
                .findFirst();
    }
}
