package in.results.grading;

import in.results.catalog.Degree;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The grade points the university publishes, one entry per programme and regulation. Only scales seen on result pages
 * or in the regulations are here; a programme or regulation missing from the table has no known scale, and its
 * pages are graded by their own legend or not at all.
 */
final class KnownScales {
    /** B.Tech, as every R16, R18 and R22 page's legend prints it. */
    private static final Map<String, Integer> BTECH =
            letters("O", 10, "A+", 9, "A", 8, "B+", 7, "B", 6, "C", 5, "F", 0, "AB", 0);
    /** B.Pharmacy R22: no A+ or B+, and D (6 points) is the lowest pass. */
    private static final Map<String, Integer> BPHARMACY_R22 =
            letters("O", 10, "A", 9, "B", 8, "C", 7, "D", 6, "F", 0, "AB", 0);

    private static final List<Entry> TABLE = List.of(
            new Entry(Degree.BTECH, "R16", BTECH),
            new Entry(Degree.BTECH, "R18", BTECH),
            new Entry(Degree.BTECH, "R22", BTECH),
            new Entry(Degree.BTECH, "R25", BTECH), // the R22 scale, by a second-hand reading of the regulation
            new Entry(Degree.BPHARMACY, "R22", BPHARMACY_R22),
            new Entry(Degree.BPHARMACY, "R25", BPHARMACY_R22)); // assumed to carry R22's scale over

    private KnownScales() {}

    /** One programme's scale in one regulation. */
    private record Entry(Degree degree, String regulation, Map<String, Integer> letters) {
        Entry {
            Objects.requireNonNull(degree, "degree");
            Objects.requireNonNull(regulation, "regulation");
            letters = Collections.unmodifiableMap(new LinkedHashMap<>(letters));
        }
    }

    /** The letters published for {@code degree} in {@code regulation}, in the order listed; empty when none are. */
    static Optional<Map<String, Integer>> lettersOf(Degree degree, String regulation) {
        return TABLE.stream()
                .filter(entry -> entry.degree() == degree && entry.regulation().equalsIgnoreCase(regulation.strip()))
                .findFirst()
                .map(Entry::letters);
    }

    /** An ordered map from alternating letters and points: {@code letters("O", 10, "A", 9)}. */
    static Map<String, Integer> letters(Object... lettersAndPoints) {
        Map<String, Integer> letters = new LinkedHashMap<>();
        for (int i = 0; i < lettersAndPoints.length; i += 2) {
            letters.put((String) lettersAndPoints[i], (Integer) lettersAndPoints[i + 1]);
        }
        return letters;
    }
}
