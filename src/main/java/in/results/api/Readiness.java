package in.results.api;

import in.results.archive.Archive;
import in.results.releases.CatalogSource;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Whether an instance is ready for traffic, as a load balancer's readiness probe asks ({@code GET /health/ready}):
 * once the release list has been asked for (read, or its first read failed) and the archive's migrations have run
 * once. From then on it stays ready: an outage of the university, Redis or the database later is served around (stale
 * copies, the instance's own store, the university), and taking every instance out of the balancer for it would turn
 * a degraded service into none.
 */
public final class Readiness {
    private final CatalogSource catalog;
    private final Archive archive;
    private volatile boolean ready;

    public Readiness(CatalogSource catalog, Archive archive) {
        this.catalog = catalog;
        this.archive = archive;
    }

    public boolean ready() {
        if (!ready && catalog.listTried() && archive.migrated()) {
            ready = true;
        }
        return ready;
    }

    /** What the probe answers: the state, and while starting, which of the two steps are done. */
    Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        boolean now = ready();
        json.put("status", now ? "READY" : "STARTING");
        if (!now) {
            json.put("release_list_read", catalog.listTried());
            json.put("archive_migrated", archive.migrated());
        }
        return json;
    }
}
