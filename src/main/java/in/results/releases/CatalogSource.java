package in.results.releases;

import in.results.catalog.ExamCatalog;
import in.results.core.Deadline;
import in.results.core.LookupFailure;
import in.results.scrape.ReleaseListing;
import in.results.store.CacheStatus;
import in.results.store.CachedAnswer;
import java.util.List;

/**
 * The exam catalog of the moment: built from the university's release list (through its {@link ListPage}, so it is cached,
 * refreshed in the background, and not fetched again within a minute of a failure) merged with the built-in table
 * of known codes. A current list is the truth ({@link ExamCatalog#from}); when the list cannot be fetched, the last
 * list merged with the whole table ({@link ExamCatalog#fromOutdated}), or the built-in table alone, is used.
 */
public final class CatalogSource {
    private final ListPage<ReleaseListing> releases;
    private volatile Built last = new Built(List.of(), ExamCatalog.builtIn(), ExamCatalog.builtIn());

    public CatalogSource(ListPage<ReleaseListing> releases) {
        this.releases = releases;
    }

    /**
     * A catalog and whether it is current. {@code current} is false when the release list could not be fetched
     * just now (the catalog then comes from the last list or the built-in table, and may miss new releases).
     */
    public record View(ExamCatalog catalog, boolean current) {}

    /** The current catalog; never fails. */
    public View current(Deadline deadline) {
        try {
            CachedAnswer<List<ReleaseListing>> answer = releases.current(deadline);
            Built built = last;
            if (built.listings() != answer.value()) {
                built = new Built(
                        answer.value(), ExamCatalog.from(answer.value()), ExamCatalog.fromOutdated(answer.value()));
                last = built;
            }
            boolean current = answer.status() != CacheStatus.STALE; // STALE: the fetch failed
            return new View(current ? built.current() : built.outdated(), current);
        } catch (LookupFailure e) {
            return new View(last.outdated(), false);
        }
    }

    /**
     * The catalog built from the last list seen, as an outdated list (or the built-in table), without asking the
     * university.
     */
    public ExamCatalog lastKnown() {
        return last.outdated();
    }

    /**
     * The catalogs of one list, as current and as outdated, and the list object they were built from (compared by
     * identity: the feed hands out one list per load).
     */
    private record Built(List<ReleaseListing> listings, ExamCatalog current, ExamCatalog outdated) {}
}
