package in.results.upstream;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * What the service knows about one upstream host right now, for {@code /health}.
 *
 * @param baseUrl     the host's application base URL
 * @param state       its circuit breaker's state
 * @param lastSuccess when it last gave a usable answer (a result, "no result" or a page)
 */
public record HostHealth(URI baseUrl, BreakerState state, LastSuccess lastSuccess) {
    public HostHealth {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(lastSuccess, "lastSuccess");
    }

    /** When a host last answered usefully. Ages come from the client's ticker, not the wall clock. */
    public sealed interface LastSuccess {
        /** No usable answer since the service started. */
        record Never() implements LastSuccess {}

        /** The last usable answer came {@code elapsed} ago. */
        record Ago(Duration elapsed) implements LastSuccess {
            public Ago {
                Objects.requireNonNull(elapsed, "elapsed");
                if (elapsed.isNegative()) {
                    throw new IllegalArgumentException("elapsed cannot be negative, got " + elapsed);
                }
            }
        }
    }
}
