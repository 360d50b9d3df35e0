package in.results.releases;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import in.results.core.LookupFailure;
import in.results.core.Reply;
import in.results.store.AnswerStore;
import in.results.store.CachedAnswer;
import in.results.store.Loaded;
import in.results.upstream.UpstreamClient;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One of the university's list pages (release list, notifications), parsed and kept: fresh for the list's refresh
 * interval ({@code RESULTS_LIST_REFRESH_SECONDS}), read again by {@link #refreshIfDue} (which {@link ListWatch} calls
 * every interval; with Redis the copy and its load are the fleet's, so the page is fetched about once per interval for
 * the whole fleet), and kept as a stale copy for when the university is down. Requests never wait for a refresh:
 * they are answered from the copy kept, whatever its age; only when none exists does a request fetch the page. A
 * page the parser cannot read (the parsers refuse a page that lists nothing) is a bad answer: the next host is
 * asked, and nothing is stored. After a failed fetch the page is not asked for again for {@link #RETRY_AFTER}, so
 * an outage costs the university one request a minute, not one per client request.
 */
public final class ListPage<T> {
    private static final Logger LOG = LoggerFactory.getLogger(ListPage.class);
    /** How old a copy may be and still count as the university's current list (a longer outage makes it outdated). */
    static final Duration TRUSTED_FOR = Duration.ofMinutes(30);

    static final Duration FORCED_REFRESH_GAP = Duration.ofMinutes(1);
    static final Duration RETRY_AFTER = Duration.ofMinutes(1);
    private static final String KEY = "page";

    private final UpstreamClient upstream;
    private final String path;
    private final Function<String, List<T>> parser;
    private final AnswerStore<String, List<T>> store;
    private final Ticker ticker;
    private final Duration refreshEvery;
    private volatile long failedAt;
    private volatile boolean failing;

    /** @param refreshEvery how long a copy is fresh: the interval at which the page is read again */
    public ListPage(
            UpstreamClient upstream,
            String path,
            Function<String, List<T>> parser,
            AnswerStore<String, List<T>> store,
            Ticker ticker,
            Duration refreshEvery) {
        this.upstream = upstream;
        this.path = path;
        this.parser = parser;
        this.store = store;
        this.ticker = ticker;
        this.refreshEvery = refreshEvery;
    }

    /**
     * The list as last read (stale once older than the refresh interval); fetched now only when no copy exists.
     * Throws {@link LookupFailure} only when the university fails and no copy exists.
     */
    public CachedAnswer<List<T>> current(Deadline deadline) {
        Optional<CachedAnswer<List<T>>> stored = store.peek(KEY);
        if (stored.isPresent() || failedRecently()) {
            return stored.orElseThrow(this::failedJustNow);
        }
        return store.get(KEY, this::load, deadline);
    }

    /** Whether a copy of the page is kept (fresh or not). */
    public boolean hasCopy() {
        return kept().isPresent();
    }

    /** The copy kept now (with Redis: the fleet's), fresh or not, without asking the university. */
    public Optional<CachedAnswer<List<T>>> kept() {
        return store.peek(KEY);
    }

    /** Whether {@code answer} may stand for the university's current list: read within {@link #TRUSTED_FOR}. */
    public boolean isCurrent(CachedAnswer<List<T>> answer) {
        return answer.age().compareTo(TRUSTED_FOR) <= 0;
    }

    /**
     * Reads the page again when the copy kept is older than the refresh interval (with Redis: the fleet's copy, so
     * one instance reads it for all), not within {@link #RETRY_AFTER} of a failure, and not before anyone asked for
     * the page. {@code beforeReplacing} is given the copy kept and the page read, and the page read replaces the
     * copy (and is seen by requests) only when it returns; a failure of it is logged and replaces the copy all the
     * same. Never throws: a failure to read leaves the copy as it is.
     */
    public void refreshIfDue(Deadline deadline, BiConsumer<List<T>, List<T>> beforeReplacing) {
        if (failedRecently() || !hasCopy()) {
            return;
        }
        try {
            store.get(KEY, key -> prepared(load(key), beforeReplacing), deadline);
        } catch (LookupFailure ignored) {
            // the copy kept stays; the next refresh after the pause tries again
        }
    }

    /**
     * Fetches the list now ({@code ?refresh=1}); serves the stored copy as stale when the university fails. A copy
     * younger than {@link #FORCED_REFRESH_GAP}, or a failure less than {@link #RETRY_AFTER} ago, answers the stored
     * copy as is, so clients cannot turn refreshes into a flood.
     */
    public CachedAnswer<List<T>> refreshed(Deadline deadline) {
        var stored = store.peek(KEY);
        if (stored.isPresent() && stored.get().age().compareTo(FORCED_REFRESH_GAP) < 0) {
            return stored.get();
        }
        return failedRecently() ? storedCopy() : store.reload(KEY, this::load, deadline);
    }

    private boolean failedRecently() {
        return failing && ticker.read() - failedAt < RETRY_AFTER.toNanos();
    }

    private CachedAnswer<List<T>> storedCopy() {
        return store.peek(KEY).orElseThrow(this::failedJustNow);
    }

    private LookupFailure failedJustNow() {
        return LookupFailure.unavailable(path + " failed less than a minute ago");
    }

    private Loaded<List<T>> prepared(Loaded<List<T>> read, BiConsumer<List<T>, List<T>> beforeReplacing) {
        Optional<CachedAnswer<List<T>>> kept = store.peek(KEY);
        if (kept.isPresent()) {
            try {
                beforeReplacing.accept(kept.get().value(), read.value());
            } catch (RuntimeException e) {
                LOG.warn("{}: preparing for the page read failed; it replaces the copy kept all the same", path, e);
            }
        }
        return read;
    }

    private Loaded<List<T>> load(String key) {
        Reply<List<T>> reply = upstream.fetchPage(path, parser);
        failing = !(reply instanceof Reply.Answered<List<T>>);
        failedAt = ticker.read();
        return switch (reply) {
            case Reply.Answered<List<T>> answered -> new Loaded<>(List.copyOf(answered.value()), refreshEvery);
            case Reply.NoResult<List<T>> none -> throw LookupFailure.unreadable(path + ": the search form");
            case Reply.Unreadable<List<T>> bad -> throw LookupFailure.unreadable(path + ": " + bad.reason());
            case Reply.Unavailable<List<T>> down -> throw LookupFailure.unavailable(down.reason());
        };
    }
}
