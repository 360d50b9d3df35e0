package in.results.testing;

import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** A ticker that moves only when a test says so: expiry is tested without sleeping. */
public final class ManualTicker implements Ticker {
    private final AtomicLong nanos = new AtomicLong();
    private final Instant start = Instant.now();

    @Override
    public long read() {
        return nanos.get();
    }

    public void advance(Duration duration) {
        nanos.addAndGet(duration.toNanos());
    }

    /**
     * A clock that moves with this ticker, from the time the ticker was made: for a service whose archive must age
     * with the ticker (what was read a day ago is read again).
     */
    public Clock clock() {
        return new Clock() {
            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                throw new UnsupportedOperationException("a manual clock is in UTC");
            }

            @Override
            public Instant instant() {
                return start.plusNanos(nanos.get());
            }
        };
    }
}
