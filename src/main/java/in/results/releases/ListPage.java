package in.results.releases;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import in.results.core.LookupFailure;
import in.results.core.Reply;
import in.results.store.AnswerStore;
import in.results.store.CacheStatus;
import in.results.store.CachedAnswer;
import in.results.store.Loaded;
import in.results.upstream.UpstreamClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * One of the university's list pages (release list, notifications), parsed and kept: fresh for 30 minutes,
 * refreshed in the background once a copy is older than {@link #REFRESH_AFTER} and someone asks, and kept as a
 * stale copy for when the university is down. A page the parser cannot read (the parsers refuse a page that
 * lists nothing) is a bad answer: the next host is asked, and nothing is stored. After a failed fetch the page is
 * not asked for again for {@link #RETRY_AFTER}: the stored copy (or the failure) is answered meanwhile, so an
 * outage costs the university one request a minute, not one per client request.
 */
public final class ListPage<T> {
    static final Duration FRESH_FOR = Duration.ofMinutes(30);
    static final Duration REFRESH_AFTER = Duration.ofMinutes(20);
    static final Duration FORCED_REFRESH_GAP = Duration.ofMinutes(1);
    static final Duration RETRY_AFTER = Duration.ofMinutes(1);
    private static final String KEY = "page";

    private final UpstreamClient upstream;
    private final String path;
    private final Function<String, List<T>> parser;
    private final AnswerStore<String, List<T>> store;
    private final Ticker ticker;
    private final Executor executor;
    private final Duration refreshBudget;
    private final AtomicBoolean refreshing = new AtomicBoolean();
    private volatile long failedAt;
    private volatile boolean failing;

    /**
     * @param executor      runs background refreshes
     * @param refreshBudget how long a background refresh may wait for the university
     */
    public ListPage(
            UpstreamClient upstream,
            String path,
            Function<String, List<T>> parser,
            AnswerStore<String, List<T>> store,
            Ticker ticker,
            Executor executor,
            Duration refreshBudget) {
        this.upstream = upstream;
        this.path = path;
        this.parser = parser;
        this.store = store;
        this.ticker = ticker;
        this.executor = executor;
        this.refreshBudget = refreshBudget;
    }

    /** The current list; throws {@link LookupFailure} only when the university fails and no copy exists. */
    public CachedAnswer<List<T>> current(Deadline deadline) {
        if (failedRecently()) {
            return storedCopy();
        }
        CachedAnswer<List<T>> answer = store.get(KEY, this::load, deadline);
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
    public CachedAnswer<List<T>> refreshed(Deadline deadline) {
        var stored = store.peek(KEY);
        if (stored.isPresent()
                && stored.get().status() == CacheStatus.HIT
                && stored.get().age().compareTo(FORCED_REFRESH_GAP) < 0) {
            return stored.get();
        }
        return failedRecently() ? storedCopy() : store.reload(KEY, this::load, deadline);
    }

    private boolean failedRecently() {
        return failing && ticker.read() - failedAt < RETRY_AFTER.toNanos();
    }

    private CachedAnswer<List<T>> storedCopy() {
        return store.peek(KEY).orElseThrow(() -> LookupFailure.unavailable(path + " failed less than a minute ago"));
    }

    private void refreshInBackground() {
        if (refreshing.compareAndSet(false, true)) {
            executor.execute(() -> {
                try {
                    store.reload(KEY, this::load, Deadline.after(refreshBudget, ticker));
                } catch (LookupFailure ignored) {
                    // the stored copy stays; the next request after the pause tries again
                } finally {
                    refreshing.set(false);
                }
            });
        }
    }

    private Loaded<List<T>> load(String key) {
        Reply<List<T>> reply = upstream.fetchPage(path, parser);
        failing = !(reply instanceof Reply.Answered<List<T>>);
        failedAt = ticker.read();
        return switch (reply) {
            case Reply.Answered<List<T>> answered -> new Loaded<>(List.copyOf(answered.value()), FRESH_FOR);
            case Reply.NoResult<List<T>> none -> throw LookupFailure.unreadable(path + ": the search form");
            case Reply.Unreadable<List<T>> bad -> throw LookupFailure.unreadable(path + ": " + bad.reason());
            case Reply.Unavailable<List<T>> down -> throw LookupFailure.unavailable(down.reason());
        };
    }
}
