package in.results.results;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.cache.CacheStatus;
import in.results.cache.CachedAnswer;
import in.results.cache.DeadlineExceeded;
import in.results.cache.Load;
import in.results.cache.LookupCache;
import in.results.scrape.PageLayoutException;
import in.results.upstream.PageFetch;
import in.results.upstream.UpstreamClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * One of the university's list pages (release list, notifications), parsed and cached: fresh for 30 minutes,
 * refreshed in the background once a copy is older than {@link #REFRESH_AFTER} and someone asks, and kept as a
 * stale copy for when the university is down. A page the parser cannot read (the parsers refuse a page that
 * lists nothing) is a bad answer and never cached.
 */
public final class PageFeed<T> {
    static final Duration FRESH_FOR = Duration.ofMinutes(30);
    static final Duration REFRESH_AFTER = Duration.ofMinutes(20);
    static final Duration FORCED_REFRESH_GAP = Duration.ofMinutes(1);
    private static final String KEY = "page";

    private final UpstreamClient upstream;
    private final String path;
    private final Function<String, List<T>> parser;
    private final LookupCache<String, List<T>> cache;
    private final AtomicBoolean refreshing = new AtomicBoolean();

    public PageFeed(UpstreamClient upstream, String path, Function<String, List<T>> parser, Duration staleFor,
            Duration deadline, Ticker ticker) {
        this.upstream = upstream;
        this.path = path;
        this.parser = parser;
        this.cache = new LookupCache<>(1, staleFor, deadline, ticker);
    }

    /** The current list; throws {@link UpstreamFailure} only when the university fails and no copy exists. */
    public CachedAnswer<List<T>> current() {
        CachedAnswer<List<T>> answer = cache.get(KEY, this::load);
        if (answer.status() == CacheStatus.HIT && answer.age().compareTo(REFRESH_AFTER) > 0) {
            refreshInBackground();
        }
        return answer;
    }

    /**
     * Fetches the list now ({@code ?refresh=1}); serves the stored copy as stale when the university fails. A copy
     * younger than {@link #FORCED_REFRESH_GAP} is answered as is, so clients cannot turn refreshes into a flood.
     */
    public CachedAnswer<List<T>> refreshed() {
        CachedAnswer<List<T>> stored = cache.peek(KEY);
        if (stored != null && stored.status() == CacheStatus.HIT && stored.age().compareTo(FORCED_REFRESH_GAP) < 0) {
            return stored;
        }
        return cache.reload(KEY, this::load);
    }

    private void refreshInBackground() {
        if (refreshing.compareAndSet(false, true)) {
            Thread.ofVirtual().name("refresh " + path).start(() -> {
                try {
                    cache.reload(KEY, this::load);
                } catch (UpstreamFailure | DeadlineExceeded ignored) {
                    // the stored copy stays; the next request tries again
                } finally {
                    refreshing.set(false);
                }
            });
        }
    }

    private Load<List<T>> load(String key) {
        return switch (upstream.fetchPage(path)) {
            case PageFetch.Fetched fetched -> {
                try {
                    yield new Load.Keep<>(List.copyOf(parser.apply(fetched.html())), FRESH_FOR);
                } catch (PageLayoutException e) {
                    yield new Load.Failed<>(new UpstreamFailure(UpstreamFailure.Kind.BAD_RESPONSE,
                            path + ": " + e.getMessage()));
                }
            }
            case PageFetch.Unavailable down ->
                    new Load.Failed<>(new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, down.reason()));
        };
    }
}
