package in.results.lookup;

import in.results.archive.SeenReleases;
import java.util.Map;
import java.util.Objects;

/**
 * The release list an answer was built on: the list's version ({@code CatalogSource.View#listVersion}) and, for every
 * listed release that could hold a result of the student then (and its RC/RV release), what the answer's own build
 * made of it. The answer stays fresh while the list is the same version, or shows no release of the student's that
 * this mark holds no outcome for: on read, a release without an outcome means a rebuild.
 */
public record ListMark(String listVersion, Map<String, Outcome> outcomes) {
    /** What one build made of a release, named as {@link SeenReleases} names it. */
    public enum Outcome {
        /** The build read a result page (from the university, or kept in the archive). */
        PAGE,
        /** The build read "no result" (from the university, or kept in the archive). */
        NO_RESULT,
        /**
         * The build's plan did not ask it: its semester was settled by the pages read, its exam held no result, or the
         * student had not reached its semester ({@link AttemptSearch}).
         */
        NOT_NEEDED
    }

    /** A mark of a catalog that is not a current list: it vouches for no release. */
    public static ListMark outdated(String listVersion) {
        return new ListMark(listVersion, Map.of());
    }

    public ListMark {
        Objects.requireNonNull(listVersion, "listVersion");
        outcomes = Map.copyOf(outcomes);
    }

    /** The releases this answer vouches for: those its build has an outcome for. */
    public SeenReleases seen() {
        return new SeenReleases(outcomes.keySet());
    }
}
