package in.results.redis;

import in.results.core.LookupFailure;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Tells the loads of this instance that wait for another instance's load when that load ended. Every load in the
 * fleet ends with a message on one channel naming its key ({@link #storedMessage}, {@link #failedMessage}); the
 * {@link RedisLink} hands each message to {@link #deliver}. A message can be missed (Redis restarted, connection
 * lost): waiters therefore wait a short time only and then look again. Thread-safe.
 */
public final class LoadNotices {
    private static final String STORED = "stored";
    private static final String FAILED = "failed";

    private final ConcurrentMap<String, Set<Waiter>> waiting = new ConcurrentHashMap<>();

    /** How a load in another instance ended. */
    public sealed interface Notice {
        /** The answer is in Redis. */
        record Stored() implements Notice {}

        /** The load failed; the holder's failure, to share as a local single-flight would. */
        record Failed(LookupFailure.Kind kind, String reason) implements Notice {}

        /** No message within the wait: look again (the holder may have died). */
        record Silent() implements Notice {}
    }

    /** Starts listening for the end of the load of {@code key}; register before looking, so nothing is missed. */
    public Waiter register(String key) {
        Waiter waiter = new Waiter(key);
        waiting.compute(key, (k, waiters) -> {
            Set<Waiter> set = waiters == null ? ConcurrentHashMap.newKeySet() : waiters;
            set.add(waiter);
            return set;
        });
        return waiter;
    }

    /** Handles one message of the channel; messages it cannot read are ignored. */
    public void deliver(String message) {
        String[] parts = message.split(" ", 3);
        Notice notice;
        if (parts.length == 2 && parts[0].equals(STORED)) {
            notice = new Notice.Stored();
        } else if (parts.length == 3 && parts[0].startsWith(FAILED + ":")) {
            notice = failure(parts[0].substring(FAILED.length() + 1), parts[2]);
        } else {
            return;
        }
        if (notice instanceof Notice.Silent) {
            return; // a kind this version does not know: the waiters look again by themselves
        }
        Set<Waiter> waiters = waiting.get(parts[1]);
        if (waiters != null) {
            waiters.forEach(waiter -> waiter.notice.complete(notice));
        }
    }

    static String storedMessage(String key) {
        return STORED + " " + key;
    }

    static String failedMessage(String key, LookupFailure.Kind kind, String reason) {
        return FAILED + ":" + kind.name() + " " + key + " " + reason;
    }

    private static Notice failure(String kind, String reason) {
        try {
            return new Notice.Failed(LookupFailure.Kind.valueOf(kind), reason);
        } catch (IllegalArgumentException unknown) { // written by a newer version
            return new Notice.Silent();
        }
    }

    /** One load waiting for the end of another instance's load of the same key. Close it when done. */
    public final class Waiter implements AutoCloseable {
        private final String key;
        private final CompletableFuture<Notice> notice = new CompletableFuture<>();

        private Waiter(String key) {
            this.key = Objects.requireNonNull(key);
        }

        /** The notice, or {@link Notice.Silent} after {@code patience} (real time) without one. */
        public Notice await(Duration patience) {
            try {
                return notice.get(patience.toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                return new Notice.Silent();
            } catch (ExecutionException e) {
                throw new IllegalStateException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Notice.Silent();
            }
        }

        @Override
        public void close() {
            waiting.computeIfPresent(key, (k, waiters) -> {
                waiters.remove(this);
                return waiters.isEmpty() ? null : waiters;
            });
        }
    }
}
