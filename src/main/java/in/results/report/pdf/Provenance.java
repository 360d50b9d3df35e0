package in.results.report.pdf;

import java.net.URI;
import java.time.Instant;
import java.util.Objects;

/**
 * Where and when a transcript's figures were read, printed on every page of its PDF.
 *
 * @param site the university's site the service reads results from (its primary address)
 * @param builtAt when the answer the figures come from was built
 * @param savedCopy whether the answer is a saved copy, served because the university did not answer in time
 */
public record Provenance(URI site, Instant builtAt, boolean savedCopy) {
    public Provenance {
        Objects.requireNonNull(site, "site");
        Objects.requireNonNull(builtAt, "builtAt");
    }
}
