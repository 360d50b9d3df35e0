package in.results.results;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.catalog.ExamCatalog;
import in.results.scrape.ReleaseListing;
import java.time.Duration;
import java.util.List;

/**
 * The exam catalog of the moment: built from the university's release list (through its feed, so it is cached
 * and refreshed in the background) merged with the built-in table of known codes. When the list cannot be
 * fetched the built-in table alone is used, and the list is not asked for again for {@link #RETRY_AFTER}, so an
 * outage does not add a failing request to every lookup.
 */
public final class CatalogSource {
    static final Duration RETRY_AFTER = Duration.ofMinutes(1);

    private final PageFeed<ReleaseListing> releases;
    private final Ticker ticker;
    private final ExamCatalog builtIn = ExamCatalog.builtIn();
    private volatile Built last = new Built(List.of(), ExamCatalog.builtIn());
    private volatile long failedAt = Long.MIN_VALUE;

    public CatalogSource(PageFeed<ReleaseListing> releases, Ticker ticker) {
        this.releases = releases;
        this.ticker = ticker;
    }

    /** The current catalog; never fails (falls back to the built-in table). */
    public ExamCatalog current() {
        long now = ticker.read();
        if (failedAt != Long.MIN_VALUE && now - failedAt < RETRY_AFTER.toNanos()) {
            return last.catalog();
        }
        try {
            List<ReleaseListing> listings = releases.current().value();
            failedAt = Long.MIN_VALUE;
            Built built = last;
            if (built.listings() != listings) {
                built = new Built(listings, ExamCatalog.from(listings));
                last = built;
            }
            return built.catalog();
        } catch (UpstreamFailure e) {
            failedAt = now;
            return last.listings().isEmpty() ? builtIn : last.catalog();
        }
    }

    /** A catalog and the list object it was built from (compared by identity: the feed hands out one list per load). */
    private record Built(List<ReleaseListing> listings, ExamCatalog catalog) {}
}
