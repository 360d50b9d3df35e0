package in.results.releases;

import in.results.catalog.ExamCatalog;

/**
 * What runs when a refresh read a release list that differs from the one requests see, before the new list replaces
 * it: reading ahead what the students coming back for the new releases will need, so that the list is announced
 * (answers are rebuilt, {@code /new/all} shows it) once their answers are ready.
 */
public interface ReleaseWarmUp {
    /**
     * Called with the catalog of the list requests see and the view of the list just read (current, with its
     * version); the new list is announced when this returns. Never throws.
     */
    void beforeAnnouncing(ExamCatalog announced, CatalogSource.View read);

    /** The service stops: a warm-up under way starts no further lookup and lets its list be announced. */
    void stop();
}
