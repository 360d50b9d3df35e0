package in.results.api;

import in.results.archive.Archive;
import in.results.releases.CatalogSource;
import java.util.ArrayList;
import java.util.List;

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

    public Readiness(CatalogSource catalog, Archive archive) {
        this.catalog = catalog;
        this.archive = archive;
    }

    /** Both steps stay done once done (a list read is never undone, migrations never unrun): no latch is needed. */
    public boolean ready() {
        return catalog.listTried() && archive.migrated();
    }

    /**
     * While not ready, what is still awaited, as the error sentence of the probe's 503 ({@code STARTING}): the release
     * list's first read, the archive's schema, or both.
     */
    String awaited() {
        List<String> awaited = new ArrayList<>();
        if (!catalog.listTried()) {
            awaited.add("the release list's first read");
        }
        if (!archive.migrated()) {
            awaited.add("the archive's schema");
        }
        return "The service is starting: waiting for " + String.join(" and ", awaited) + ".";
    }
}
