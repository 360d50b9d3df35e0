package in.results.releases;

import in.results.catalog.ExamCatalog;
import in.results.core.Deadline;
import in.results.core.LookupFailure;
import in.results.scrape.ReleaseListing;
import in.results.store.CachedAnswer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The exam catalog of the moment: built from the university's release list (through its {@link ListPage}, so it is
 * kept, read again every refresh interval, and not fetched again within a minute of a failure) merged with the
 * built-in table of known codes. A current list is the truth ({@link ExamCatalog#from}); when the list cannot be
 * fetched, the last list merged with the whole table ({@link ExamCatalog#fromOutdated}), or the built-in table alone,
 * is used.
 */
public final class CatalogSource {
    /** The version of a catalog not built from a current list: never equal to a list's. */
    static final String NO_LIST = "";

    private final ListPage<ReleaseListing> releases;
    private final UnclassifiedReleases unclassified = new UnclassifiedReleases();
    private volatile Built last = new Built(List.of(), ExamCatalog.builtIn(), ExamCatalog.builtIn(), NO_LIST);
    private volatile View recent = new View(ExamCatalog.builtIn(), false, NO_LIST);
    /** Whether a read of the list has ended, answered or not. */
    private volatile boolean listTried;
    /** The catalogs of the newest list a refresh read, given to the warm-up before requests see it; null before. */
    private volatile Built readAhead;

    public CatalogSource(ListPage<ReleaseListing> releases) {
        this.releases = releases;
    }

    /**
     * A catalog, whether it is current, and the version of the list it was built from. {@code current} is false when
     * the release list could not be fetched for a while (the catalog then comes from the last list or the built-in
     * table, and may miss new releases); {@code listVersion} is the same for the same list on every instance, and
     * {@link #NO_LIST} for a catalog that is not current.
     */
    public record View(ExamCatalog catalog, boolean current, String listVersion) {}

    /** The current catalog; never fails. */
    public View current(Deadline deadline) {
        View view;
        try {
            view = viewOf(releases.current(deadline));
        } catch (LookupFailure e) {
            view = new View(last.outdated(), false, NO_LIST);
        }
        recent = view;
        listTried = true;
        return view;
    }

    /** Whether the release list has been asked for once, and the asking ended (read, or failed). */
    public boolean listTried() {
        return listTried;
    }

    /**
     * The catalog of the list kept now (with Redis, the fleet's copy), without asking anything; when none is kept, the
     * one {@link #current} gave last: what a request checks its cached answer against, so that no answer is served
     * on a list older than the one {@code /new/all} shows.
     */
    public View recent() {
        return releases.kept().map(this::viewOf).orElse(recent);
    }

    private View viewOf(CachedAnswer<List<ReleaseListing>> answer) {
        Built built = builtOf(answer.value());
        if (built != last) {
            unclassified.logNew(built.current());
            last = built;
        }
        return releases.isCurrent(answer)
                ? new View(built.current(), true, built.version())
                : new View(built.outdated(), false, NO_LIST);
    }

    /**
     * Reads the release list again when due ({@link ListPage#refreshIfDue}) and builds the catalog of what it read;
     * nothing before the list was first fetched (start-up or the first lookup fetches it). A list that differs from
     * the one kept is given to {@code warmUp} first, and replaces it when the warm-up returns.
     */
    public void refresh(Deadline deadline, ReleaseWarmUp warmUp) {
        releases.refreshIfDue(deadline, (keptList, readList) -> {
            Built kept = builtOf(keptList);
            Built read = builtOf(readList);
            if (!read.version().equals(kept.version())) {
                readAhead = read;
                warmUp.beforeAnnouncing(kept.current(), new View(read.current(), true, read.version()));
            }
        });
        if (releases.hasCopy()) {
            current(deadline);
        }
    }

    /**
     * Whether {@code listVersion} is the version of the newest list a refresh of this instance read: an answer built
     * on it (read ahead before requests see that list) is newer than {@link #recent}, never outdated by it.
     */
    public boolean isReadAhead(String listVersion) {
        Built ahead = readAhead;
        return ahead != null && listVersion.equals(ahead.version());
    }

    /**
     * The catalog built from the last list seen, as an outdated list (or the built-in table), without asking the
     * university.
     */
    public ExamCatalog lastKnown() {
        return last.outdated();
    }

    /**
     * The catalogs of {@code listings}: those built already when it is the list in use or the one read ahead (the same
     * object: the store hands out the list it was given), else built now.
     */
    private Built builtOf(List<ReleaseListing> listings) {
        Built inUse = last;
        if (inUse.listings() == listings) {
            return inUse;
        }
        Built ahead = readAhead;
        if (ahead != null && ahead.listings() == listings) {
            return ahead;
        }
        return new Built(listings, ExamCatalog.from(listings), ExamCatalog.fromOutdated(listings), versionOf(listings));
    }

    /** A digest of the list's rows: equal lists give equal versions, in every instance of the fleet. */
    private static String versionOf(List<ReleaseListing> listings) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (ReleaseListing listing : listings) {
                digest.update((listing.title() + '\t' + listing.releaseDate() + '\t' + listing.query() + '\n')
                        .getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /**
     * The catalogs of one list, as current and as outdated, the list object they were built from (compared by
     * identity: the feed hands out one list per load) and its version.
     */
    private record Built(List<ReleaseListing> listings, ExamCatalog current, ExamCatalog outdated, String version) {}
}
