package in.results.cache;

import java.time.Duration;

/** A load did not end within the caller's deadline and no stale copy was there to answer instead. */
public final class DeadlineExceeded extends RuntimeException {
    public DeadlineExceeded(Duration deadline) {
        super("no answer within " + deadline.toMillis() + " ms", null, false, false);
    }
}
