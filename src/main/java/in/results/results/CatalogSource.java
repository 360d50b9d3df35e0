package in.results.results;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.cache.CacheStatus;
import in.results.cache.CachedAnswer;
import in.results.cache.DeadlineExceeded;
import in.results.catalog.ExamCatalog;
import in.results.scrape.ReleaseListing;
import java.time.Duration;
import java.util.List;

/**
 * The exam catalog of the moment: built from the university's release list (through its feed, so it is cached
 * and refreshed in the background) merged with the built-in table of known codes. When the list cannot be
 * fetched the last list (or the built-in table alone) is used, and the list is not asked for again for
 * {@link #RETRY_AFTER}, so an outage does not add a failing request to every lookup.
 */
public final class CatalogSource {
    static final Duration RETRY_AFTER = Duration.ofMinutes(1);

    private final PageFeed<ReleaseListing> releases;
    private final Ticker ticker;
    private volatile Built last = new Built(List.of(), ExamCatalog.builtIn());
    private volatile long failedAt;
    private volatile boolean failing;

    public CatalogSource(PageFeed<ReleaseListing> releases, Ticker ticker) {
        this.releases = releases;
        this.ticker = ticker;
    }

    /**
     * A catalog and whether it is current. {@code current} is false when the release list could not be fetched
     * just now (the catalog then comes from the last list or the built-in table, and may miss new releases).
     */
    public record View(ExamCatalog catalog, boolean current) {}

    /** The current catalog; never fails. */
    public View current() {
        long now = ticker.read();
        if (failing && now - failedAt < RETRY_AFTER.toNanos()) {
            return new View(last.catalog(), false);
        }
        try {
            CachedAnswer<List<ReleaseListing>> answer = releases.current();
            boolean current = answer.status() != CacheStatus.STALE; // STALE: the fetch just failed
            failing = !current;
            failedAt = now;
            Built built = last;
            if (built.listings() != answer.value()) {
                built = new Built(answer.value(), ExamCatalog.from(answer.value()));
                last = built;
            }
            return new View(built.catalog(), current);
        } catch (UpstreamFailure | DeadlineExceeded e) {
            failedAt = now;
            failing = true;
            return new View(last.catalog(), false);
        }
    }

    /** A catalog and the list object it was built from (compared by identity: the feed hands out one list per load). */
    private record Built(List<ReleaseListing> listings, ExamCatalog catalog) {}
}
