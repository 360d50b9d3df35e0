package in.results.api;

import in.results.releases.ListPage;
import in.results.scrape.Notification;
import in.results.scrape.ReleaseListing;
import in.results.store.CachedAnswer;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The university's release list ({@code /new/all}, {@code /new/all/regular}, {@code /new/all/supply},
 * {@code /new/}) and notifications ({@code /notifications}). {@code ?refresh=1} fetches the page now.
 */
final class ReleaseRoutes {
    private static final String SEARCH_PAGE = "/jsp/SearchResult.jsp?";
    private static final List<String> LINK_KEYS = List.of("degree", "examCode", "etype", "type", "result", "grad");
    private static final BodyShape ALL = new BodyShape("releases with totals");
    private static final BodyShape REGULAR = new BodyShape("regular releases");
    private static final BodyShape SUPPLY = new BodyShape("supplementary releases");
    private static final BodyShape NUMBERED = new BodyShape("releases");
    private static final BodyShape NOTIFICATIONS = new BodyShape("notifications");

    private final ListPage<ReleaseListing> releases;
    private final ListPage<Notification> notifications;
    private final List<URI> upstreamUrls;
    private final JsonWriter json;

    ReleaseRoutes(
            ListPage<ReleaseListing> releases,
            ListPage<Notification> notifications,
            List<URI> upstreamUrls,
            JsonWriter json) {
        this.releases = releases;
        this.notifications = notifications;
        this.upstreamUrls = List.copyOf(upstreamUrls);
        this.json = json;
    }

    void register(JavalinConfig config) {
        config.routes.get("/new/all", this::all);
        config.routes.get("/new/all/regular", ctx -> list(ctx, true));
        config.routes.get("/new/all/supply", ctx -> list(ctx, false));
        config.routes.get("/new", this::everything);
        config.routes.get("/notifications", this::notifications);
    }

    private void all(Context ctx) {
        CachedAnswer<List<ReleaseListing>> answer = fetch(releases, ctx);
        json.writeCached(ctx, answer, ALL, () -> withTotals(answer.value()));
    }

    private void list(Context ctx, boolean regular) {
        CachedAnswer<List<ReleaseListing>> answer = fetch(releases, ctx);
        json.writeCached(ctx, answer, regular ? REGULAR : SUPPLY, () -> releaseObjects(answer.value(), regular));
    }

    private void everything(Context ctx) {
        CachedAnswer<List<ReleaseListing>> answer = fetch(releases, ctx);
        json.writeCached(ctx, answer, NUMBERED, () -> numbered(answer.value()));
    }

    private void notifications(Context ctx) {
        CachedAnswer<List<Notification>> answer = fetch(notifications, ctx);
        json.writeCached(
                ctx,
                answer,
                NOTIFICATIONS,
                () -> answer.value().stream()
                        .map(notice -> {
                            Map<String, String> entry = new LinkedHashMap<>();
                            entry.put("notification_date", notice.date());
                            entry.put("notification_description", notice.description());
                            return entry;
                        })
                        .toList());
    }

    private Map<String, Object> withTotals(List<ReleaseListing> listings) {
        List<Map<String, Object>> regular = releaseObjects(listings, true);
        List<Map<String, Object>> supply = releaseObjects(listings, false);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("total-exam-result-releases", regular.size() + supply.size());
        body.put("total-regular-exam-result-releases", regular.size());
        body.put("total-supply-exam-result-releases", supply.size());
        body.put("regular", regular);
        body.put("supply", supply);
        return body;
    }

    private static <T> CachedAnswer<List<T>> fetch(ListPage<T> feed, Context ctx) {
        String refresh = Params.query(ctx, "refresh");
        if (!refresh.isEmpty() && !refresh.equals("0") && !refresh.equals("1")) {
            throw ApiException.invalidParameter("refresh", "must be 0 or 1");
        }
        return refresh.equals("1") ? feed.refreshed(RequestDeadline.of(ctx)) : feed.current(RequestDeadline.of(ctx));
    }

    /** The university's result page of a release on the host at {@code base}: its search page with the row's query. */
    static String linkOf(URI base, ReleaseListing listing) {
        return base + SEARCH_PAGE + listing.query();
    }

    /** Regular iff the title says "Regular" (any case); every other release is supplementary. */
    static boolean isRegular(ReleaseListing listing) {
        return listing.title().toLowerCase(Locale.ROOT).contains("regular");
    }

    private List<Map<String, Object>> releaseObjects(List<ReleaseListing> listings, boolean regular) {
        return numbered(listings.stream()
                .filter(listing -> isRegular(listing) == regular)
                .toList());
    }

    /** The release objects of {@code listings}, each {@code id} its position: {@code /new/}'s body and a tool's. */
    List<Map<String, Object>> numbered(List<ReleaseListing> listings) {
        List<Map<String, Object>> objects = new ArrayList<>(listings.size());
        for (ReleaseListing listing : listings) {
            objects.add(releaseObject(listing, objects.size()));
        }
        return objects;
    }

    private Map<String, Object> releaseObject(ReleaseListing listing, int id) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("exam_name", listing.title());
        object.put("release_date", listing.releaseDate());
        object.put(
                "links",
                upstreamUrls.stream().map(base -> linkOf(base, listing)).toList());
        for (String key : LINK_KEYS) {
            String value = listing.linkParams().get(key);
            if (value != null) {
                object.put(key, value);
            }
        }
        object.put("id", id);
        return object;
    }
}
