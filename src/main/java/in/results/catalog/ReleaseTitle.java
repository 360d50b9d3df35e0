package in.results.catalog;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a release-list title says about its release.
 *
 * @param degree the degree the title names; when it names none, the one the reader was told to assume (or UNKNOWN)
 * @param regulation {@code "R18"} and the like, upper case; {@code ""} when the title names none
 * @param term the semester, whole year, or {@link Term#UNSTATED}
 * @param kind regular, supplementary, advanced supplementary, or UNKNOWN
 * @param special the special programme the title names, or NONE for a release of the degree's own semesters
 * @param rcrv whether the title announces revaluation (RC/RV) results
 */
record ReleaseTitle(
        Degree degree, String regulation, Term term, ReleaseKind kind, SpecialProgramme special, boolean rcrv) {
    static final Pattern REGULATION = Pattern.compile("R\\d{2}");

    ReleaseTitle {
        Objects.requireNonNull(degree, "degree");
        Objects.requireNonNull(regulation, "regulation");
        if (!regulation.isEmpty() && !REGULATION.matcher(regulation).matches()) {
            throw new IllegalArgumentException("regulation must be Rnn or empty: " + regulation);
        }
        Objects.requireNonNull(term, "term");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(special, "special");
    }
}
