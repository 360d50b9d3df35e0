package in.results.results;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.cache.CacheStatus;
import in.results.cache.CachedAnswer;
import in.results.cache.DeadlineExceeded;
import in.results.cache.Load;
import in.results.cache.LookupCache;
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
 * lists nothing) is a bad answer: the next host is asked, and nothing is cached. After a failed fetch the page is
 * not asked for again for {@link #RETRY_AFTER}: the stored copy (or the failure) is answered meanwhile, so an
 * outage costs the university one request a minute, not one per client request.
 */
public final class PageFeed<T> {
    static final Duration FRESH_FOR = Duration.ofMinutes(30);
    static final Duration REFRESH_AFTER = Duration.ofMinutes(20);
    static final Duration FORCED_REFRESH_GAP = Duration.ofMinutes(1);
    static final Duration RETRY_AFTER = Duration.ofMinutes(1);
    private static final String KEY = "page";

    private final UpstreamClient upstream;
    private final String path;
    private final Function<String, List<T>> parser;
    private final LookupCache<String, List<T>> cache;
    private final Ticker ticker;
    private final AtomicBoolean refreshing = new AtomicBoolean();
    private volatile long failedAt;
    private volatile boolean failing;

    public PageFeed(UpstreamClient upstream, String path, Function<String, List<T>> parser, Duration staleFor,
            Duration deadline, Ticker ticker) {
        this.upstream = upstream;
        this.path = path;
        this.parser = parser;
        this.cache = new LookupCache<>(1, staleFor, deadline, ticker);
        this.ticker = ticker;
    }

    /** The current list; throws {@link UpstreamFailure} only when the university fails and no copy exists. */
    public CachedAnswer<List<T>> current() {
        if (failedRecently()) {
            return storedCopy();
        }
        CachedAnswer<List<T>> answer = cache.get(KEY, this::load);
        if (answer.status() == CacheStatus.HIT && answer.age().compareTo(REFRESH_AFTER) > 0) {
            refreshInBackground();
        }
        return answer;
    }

    /**
     * Fetches the list now ({@code ?refresh=1}); serves the stored copy as stale when the university fails. A copy
     * younger than {@link #FORCED_REFRESH_GAP}, or a failure less than {@link #RETRY_AFTER} ago, answers the stored
     * copy as is, so clients cannot turn refreshes into a flood.
     */
    public CachedAnswer<List<T>> refreshed() {
        CachedAnswer<List<T>> stored = cache.peek(KEY);
        if (stored != null && stored.status() == CacheStatus.HIT && stored.age().compareTo(FORCED_REFRESH_GAP) < 0) {
            return stored;
        }
        return failedRecently() ? storedCopy() : cache.reload(KEY, this::load);
    }

    private boolean failedRecently() {
        return failing && ticker.read() - failedAt < RETRY_AFTER.toNanos();
    }

    private CachedAnswer<List<T>> storedCopy() {
        CachedAnswer<List<T>> stored = cache.peek(KEY);
        if (stored == null) {
            throw new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, path + " failed less than a minute ago");
        }
        return stored;
    }

    private void refreshInBackground() {
        if (refreshing.compareAndSet(false, true)) {
            Thread.ofVirtual().name("refresh " + path).start(() -> {
                try {
                    cache.reload(KEY, this::load);
                } catch (UpstreamFailure | DeadlineExceeded ignored) {
                    // the stored copy stays; the next request after the pause tries again
                } finally {
                    refreshing.set(false);
                }
            });
        }
    }

    private Load<List<T>> load(String key) {
        Load<List<T>> load = switch (upstream.fetchPage(path, parser)) {
            case PageFetch.Fetched<List<T>> fetched -> new Load.Keep<>(List.copyOf(fetched.value()), FRESH_FOR);
            case PageFetch.BadResponse<List<T>> bad ->
                    new Load.Failed<>(new UpstreamFailure(UpstreamFailure.Kind.BAD_RESPONSE, path + ": " + bad.reason()));
            case PageFetch.Unavailable<List<T>> down ->
                    new Load.Failed<>(new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, down.reason()));
        };
        failing = load instanceof Load.Failed;
        failedAt = ticker.read();
        return load;
    }
}
