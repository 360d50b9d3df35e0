package in.results.catalog;

import in.results.core.HallTicket;
import java.time.LocalDate;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One of the eight semesters of a four-year course, {@code 1-1} … {@code 4-2}. The natural
 * order (declaration order) is the order a student sits them.
 */
public enum Semester implements Term {
    S1_1,
    S1_2,
    S2_1,
    S2_2,
    S3_1,
    S3_2,
    S4_1,
    S4_2;

    /** Early enough that the batch-year rule drops nothing. */
    private static final int UNKNOWN_YEAR = 1900;

    // "2,1" is the API's year parameter; "2-1" is how keys and old titles write it.
    private static final Pattern TEXT = Pattern.compile("\\s*([1-4])\\s*[,-]\\s*([12])\\s*");

    /** 1..4. */
    public int year() {
        return ordinal() / 2 + 1;
    }

    /** 1 or 2: the first or second half of the year. */
    public int half() {
        return ordinal() % 2 + 1;
    }

    /**
     * The batch-year rule: the first day results of this semester can hold a result of {@code hallTicket}'s student,
     * 1 January of their admission year + the semester's year (a student admitted in year Y sits semester (y, s) for
     * the first time in the academic year starting in Y + y − 1; delays only move results later). A hall ticket not
     * starting with a year (not the university's shape) gets no bound.
     */
    public LocalDate firstResultsOf(HallTicket hallTicket) {
        return LocalDate.of(hallTicket.admissionYear().orElse(UNKNOWN_YEAR) + year(), 1, 1);
    }

    /** {@code "Y-S"}, e.g. {@code "2-1"}. */
    public String key() {
        return year() + "-" + half();
    }

    /**
     * The semester of a year and half.
     *
     * @throws IllegalArgumentException when year is not 1..4 or half not 1..2
     */
    public static Semester of(int year, int half) {
        if (year < 1 || year > 4 || half < 1 || half > 2) {
            throw new IllegalArgumentException("no semester " + year + "-" + half);
        }
        return values()[(year - 1) * 2 + (half - 1)];
    }

    /**
     * The semester written as {@code "Y,S"} (the API's {@code year} parameter) or {@code "Y-S"}
     * (a {@link #key()}), spaces around the parts allowed; empty for anything else, so that
     * callers can answer a bad parameter without catching.
     */
    public static Optional<Semester> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = TEXT.matcher(text);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))));
    }

    /**
     * The semester a title or a result page's heading names ({@code III B.Tech. II Semester (R18) Regular, …} → 3-2;
     * postgraduate {@code MCA III Semester …} → 2-1, read so for {@code degree}'s postgraduate programmes only), as the
     * catalog reads release titles; empty when it names none.
     */
    public static Optional<Semester> namedIn(String heading, Degree degree) {
        return TitleReader.read(heading, degree).term() instanceof Semester semester
                ? Optional.of(semester)
                : Optional.empty();
    }

    @Override
    public String toString() {
        return key();
    }
}
