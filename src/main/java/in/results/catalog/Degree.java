package in.results.catalog;

import java.util.Locale;
import java.util.Optional;

/** The programme (degree) a release or a student belongs to. */
public enum Degree {
    BTECH("btech", 'A', "B.Tech"),
    BPHARMACY("bpharmacy", 'R', "B.Pharmacy"),
    MTECH("mtech", 'D', "M.Tech"),
    MPHARMACY("mpharmacy", 'S', "M.Pharmacy"),
    MBA("mba", 'E', "MBA"),
    MCA("mca", 'F', "MCA"),
    /** Neither the title nor the link names a degree this catalog knows. */
    UNKNOWN("", ' ', "");

    private final String key;
    private final char letter;
    private final String displayName;

    Degree(String key, char letter, String displayName) {
        this.key = key;
        this.letter = letter;
        this.displayName = displayName;
    }

    /** The lower-case name the university uses in links ({@code degree=btech}); {@code ""} for UNKNOWN. */
    public String key() {
        return key;
    }

    /** The programme letter of its students' hall tickets (the sixth character); a space for UNKNOWN. */
    public char letter() {
        return letter;
    }

    /** How people write it: {@code B.Tech}, {@code MCA}; {@code ""} for UNKNOWN. */
    public String displayName() {
        return displayName;
    }

    /** Whether this is a postgraduate programme (M.Tech, M.Pharmacy, MBA, MCA), whose titles count semesters. */
    boolean isPostgraduate() {
        return this == MTECH || this == MPHARMACY || this == MBA || this == MCA;
    }

    /**
     * The programme a title or page heading names first ({@code II B.Tech. I Semester (R18) …} → BTECH), as the
     * catalog reads release titles; UNKNOWN when it names none.
     */
    public static Degree namedIn(String title) {
        return TitleReader.degreeOf(
                title.replace('\u00A0', ' ').replaceAll("\\s+", " ").strip());
    }

    /** The programme whose hall tickets carry {@code letter} (upper case), or empty for any other letter. */
    public static Optional<Degree> ofLetter(char letter) {
        for (Degree degree : values()) {
            if (degree != UNKNOWN && degree.letter == letter) {
                return Optional.of(degree);
            }
        }
        return Optional.empty();
    }

    /** The degree whose {@link #key()} is {@code key}, ignoring case and surrounding spaces; UNKNOWN otherwise. */
    static Degree ofKey(String key) {
        if (key == null || key.isBlank()) {
            return UNKNOWN;
        }
        String wanted = key.strip().toLowerCase(Locale.ROOT);
        for (Degree degree : values()) {
            if (degree != UNKNOWN && degree.key.equals(wanted)) {
                return degree;
            }
        }
        return UNKNOWN;
    }
}
