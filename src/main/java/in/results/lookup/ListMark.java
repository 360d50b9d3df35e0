package in.results.lookup;

import in.results.archive.SeenReleases;
import java.util.Objects;

/**
 * The release list an answer was built on: the list's version ({@code CatalogSource.View#listVersion}) and the
 * listed releases that could hold a result of the student then. The answer stays fresh while the list is the same
 * version, or shows no release of the student's that this mark does not hold.
 */
public record ListMark(String listVersion, SeenReleases seen) {
    public ListMark {
        Objects.requireNonNull(listVersion, "listVersion");
        Objects.requireNonNull(seen, "seen");
    }
}
