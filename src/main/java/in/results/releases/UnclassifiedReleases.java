package in.results.releases;

import in.results.catalog.Degree;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.SpecialProgramme;
import in.results.catalog.Term;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs, once per process, each listed release of a known programme whose title names no regulation or no semester:
 * lookups skip it (it belongs to no course's semesters), while {@code /new/all} still lists it. A line each tells the
 * maintainers which title the catalog could not read.
 */
final class UnclassifiedReleases {
    private static final Logger LOG = LoggerFactory.getLogger(UnclassifiedReleases.class);

    private final Set<String> logged = ConcurrentHashMap.newKeySet();

    /** Logs the releases of {@code catalog} not logged before that a lookup cannot place. */
    void logNew(ExamCatalog catalog) {
        for (ExamRelease release : catalog.all()) {
            if (isUnclassified(release)
                    && logged.add(release.degree().key() + "/" + release.code() + "/" + release.rcrv())) {
                LOG.info(
                        "release not classified, skipped by lookups: {} exam {}{} '{}'",
                        release.degree().key(),
                        release.code(),
                        release.rcrv() ? " RC/RV" : "",
                        release.title());
            }
        }
    }

    static boolean isUnclassified(ExamRelease release) {
        return release.degree() != Degree.UNKNOWN
                && release.special() == SpecialProgramme.NONE
                && (release.regulation().isEmpty() || release.term() == Term.UNSTATED);
    }
}
