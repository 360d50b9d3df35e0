package in.results.core;

import java.util.Locale;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/** A 10-character hall ticket number, letters and digits, normalised to upper case. */
public record HallTicket(String value) implements Comparable<HallTicket> {
    private static final Pattern SHAPE = Pattern.compile("[A-Z0-9]{10}");

    public HallTicket {
        value = value.strip().toUpperCase(Locale.ROOT);
        if (!SHAPE.matcher(value).matches()) {
            throw new IllegalArgumentException("a hall ticket is 10 letters and digits");
        }
    }

    /** Whether {@code raw} is a valid hall ticket (before normalisation). */
    public static boolean isValid(String raw) {
        return raw != null
                && SHAPE.matcher(raw.strip().toUpperCase(Locale.ROOT)).matches();
    }

    /**
     * The two-digit year the hall ticket starts with (for lateral entry: the year of joining the second year), or
     * empty when the first two characters are not digits (not the university's shape: no year rule applies).
     */
    public OptionalInt yearDigits() {
        char tens = value.charAt(0);
        char units = value.charAt(1);
        return Character.isDigit(tens) && Character.isDigit(units)
                ? OptionalInt.of((tens - '0') * 10 + (units - '0'))
                : OptionalInt.empty();
    }

    /** Whether the hall ticket is a lateral-entry one (fifth character {@code 5}). */
    public boolean isLateralEntry() {
        return value.charAt(4) == '5';
    }

    /**
     * The year the student was admitted to the first year, or empty when the hall ticket does not start with a
     * year. Lateral-entry students join in the second year and their hall ticket carries that year, so theirs is the
     * hall ticket's year minus one: their batch is the one admitted a year earlier.
     */
    public OptionalInt admissionYear() {
        OptionalInt year = yearDigits();
        return year.isPresent() ? OptionalInt.of(2000 + year.getAsInt() - (isLateralEntry() ? 1 : 0)) : year;
    }

    /** The programme letter, the sixth character: {@code A} is B.Tech ({@code R} B.Pharmacy, {@code D} M.Tech, …). */
    public char programme() {
        return value.charAt(5);
    }

    @Override
    public int compareTo(HallTicket other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}
