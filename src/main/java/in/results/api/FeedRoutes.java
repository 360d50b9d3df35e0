package in.results.api;

import in.results.releases.ListPage;
import in.results.scrape.ReleaseListing;
import in.results.store.CachedAnswer;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code GET /feeds/releases.atom[?degree=…][&regulation=…]}: the university's releases as an Atom feed
 * ({@link ReleaseFeed}), for feed readers and bots that want no account. Made from the same kept release list as
 * {@code /new/all} (nothing is fetched for it), with the same freshness headers, {@code ETag} and {@code 304}.
 */
final class FeedRoutes {
    private final ListPage<ReleaseListing> releases;
    private final URI university;
    private final JsonWriter writer;

    /**
     * @param university the base URL of the university's host the entries link to: the primary, as {@code /new/all}'s
     *     first link
     */
    FeedRoutes(ListPage<ReleaseListing> releases, URI university, JsonWriter writer) {
        this.releases = releases;
        this.university = university;
        this.writer = writer;
    }

    void register(JavalinConfig config) {
        config.routes.get(ReleaseFeed.PATH, this::releases);
    }

    private void releases(Context ctx) {
        ReleaseFeed.Filter filter = new ReleaseFeed.Filter(
                degree(Params.query(ctx, "degree")), regulation(Params.query(ctx, "regulation")));
        CachedAnswer<List<ReleaseListing>> answer = releases.current(RequestDeadline.of(ctx));
        writer.writeCached(
                ctx,
                answer,
                AtomFeed.CONTENT_TYPE,
                feed(ctx, filter, answer.value()).xml());
    }

    /** The feed of every release, as {@code GET /feeds/releases.atom} answers {@code ctx}: the MCP resource's text. */
    String everyRelease(Context ctx) {
        List<ReleaseListing> listings =
                releases.current(RequestDeadline.of(ctx)).value();
        return new String(feed(ctx, ReleaseFeed.Filter.NONE, listings).xml(), StandardCharsets.UTF_8);
    }

    /** The feed of {@code listings} as {@code filter} keeps them, its links and ids as the request names the service. */
    private AtomFeed feed(Context ctx, ReleaseFeed.Filter filter, List<ReleaseListing> listings) {
        FeedAddress address = FeedAddress.of(ctx.scheme(), ctx.header("Host"));
        return ReleaseFeed.of(
                listings, filter, address.host(), address.base() + ReleaseFeed.PATH + filter.query(), university);
    }

    /** The {@code degree} filter: {@code ""} (every degree) or a degree's key as the university's links write it. */
    static String degree(String raw) {
        if (!raw.isEmpty() && ReleaseFeed.Filter.degreeOf(raw).isEmpty()) {
            throw ApiException.invalidParameter(
                    "degree", "must be one of btech, bpharmacy, mtech, mpharmacy, mba, mca");
        }
        return raw;
    }

    /** The {@code regulation} filter: {@code ""} (every release) or {@code R} and two digits, as titles write it. */
    static String regulation(String raw) {
        if (!raw.isEmpty() && !ReleaseFeed.Filter.isRegulation(raw)) {
            throw ApiException.invalidParameter("regulation", "must be R and two digits, such as R22");
        }
        return raw;
    }

    /**
     * Where the feed is, as the request names it (the service has no setting for its public address yet).
     *
     * @param host the host name for tag ids: the {@code Host} header's name in lower case; {@code localhost} when the
     *     header is missing or does not name a host by name or IPv4 address (an IPv6 literal cannot stand in a tag id)
     * @param base {@code <scheme>://<Host header>} for the self link, or {@code ""} (a link relative to the feed's
     *     own address) when the header is not a plain host and port
     */
    record FeedAddress(String host, String base) {
        static final String FALLBACK_HOST = "localhost";
        private static final Pattern HOST_AND_PORT = Pattern.compile("([A-Za-z0-9.-]{1,253})(:[0-9]{1,5})?");
        private static final Pattern DNS_NAME =
                Pattern.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*");

        static FeedAddress of(String scheme, String hostHeader) {
            Matcher authority = HOST_AND_PORT.matcher(hostHeader == null ? "" : hostHeader.strip());
            if (!authority.matches()) {
                return new FeedAddress(FALLBACK_HOST, "");
            }
            String name = authority.group(1).toLowerCase(Locale.ROOT);
            if (!DNS_NAME.matcher(name).matches()) {
                return new FeedAddress(FALLBACK_HOST, "");
            }
            String port = authority.group(2) == null ? "" : authority.group(2);
            return new FeedAddress(name, scheme + "://" + name + port);
        }
    }
}
