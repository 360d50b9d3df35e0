package in.results.simulator.releases;

import java.util.Locale;

/**
 * The university's programmes as hall tickets and release links name them: the hall ticket's sixth character
 * ({@link #letter()}) and the link's {@code degree} value ({@link #degree()}). Exam codes are numbered per programme,
 * so a release is known by its programme, code and RC/RV flag together.
 */
public enum Programme {
    BTECH('A', "btech", "B.Tech"),
    BPHARMACY('R', "bpharmacy", "B.Pharmacy"),
    MTECH('D', "mtech", "M.Tech"),
    MBA('E', "mba", "MBA"),
    MCA('F', "mca", "MCA"),
    MPHARMACY('S', "mpharmacy", "M.Pharmacy");

    private final char letter;
    private final String degree;
    private final String title;

    Programme(char letter, String degree, String title) {
        this.letter = letter;
        this.degree = degree;
        this.title = title;
    }

    /** The hall ticket's sixth character. */
    public char letter() {
        return letter;
    }

    /** The {@code degree} value of the programme's release links ({@code btech}). */
    public String degree() {
        return degree;
    }

    /** The name release titles use ({@code B.Tech}, {@code MCA}). */
    public String title() {
        return title;
    }

    /** Two-year postgraduate programmes, whose titles count semesters without years. */
    public boolean postgraduate() {
        return this == MTECH || this == MBA || this == MCA || this == MPHARMACY;
    }

    /** The programme of a hall ticket, by its sixth character; throws for a letter no programme uses. */
    public static Programme ofHallTicket(String hallTicket) {
        char wanted = hallTicket.toUpperCase(Locale.ROOT).charAt(5);
        for (Programme programme : values()) {
            if (programme.letter == wanted) {
                return programme;
            }
        }
        throw new IllegalArgumentException("no programme has letter " + wanted + ": " + hallTicket);
    }

    /** The programme of a link's {@code degree} value ({@code mca}); throws for an unknown one. */
    public static Programme ofDegree(String degree) {
        for (Programme programme : values()) {
            if (programme.degree.equals(degree)) {
                return programme;
            }
        }
        throw new IllegalArgumentException("no programme is degree=" + degree);
    }
}
