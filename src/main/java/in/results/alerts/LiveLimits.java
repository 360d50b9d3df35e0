package in.results.alerts;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * The live pages one instance holds: at most {@code perClient} per client ({@link in.results.core.ClientKey}) and
 * {@code most} in all, 0 = no limit. An open page holds a thread and a connection until the browser leaves, so a
 * client opening pages by the thousand must not take them all. Thread-safe; pages open and close far less often than
 * requests come, so one lock is cheap.
 */
final class LiveLimits {
    private final int perClient;
    private final int most;
    private final Map<String, Integer> byClient = new HashMap<>();
    private final Map<LivePageRefused.Reason, Long> refused = new EnumMap<>(LivePageRefused.Reason.class);
    private int open;

    LiveLimits(int perClient, int most) {
        this.perClient = perClient;
        this.most = most;
    }

    /** Takes a place for a page of {@code client}, or throws {@link LivePageRefused} taking none. */
    synchronized void take(String client) {
        int clients = byClient.getOrDefault(client, 0);
        if (perClient > 0 && clients >= perClient) {
            throw refuse(
                    LivePageRefused.Reason.PER_CLIENT,
                    "This network has " + perClient + " live pages open already; retry after "
                            + LivePageRefused.RETRY_AFTER_SECONDS + " seconds.");
        }
        if (most > 0 && open >= most) {
            throw refuse(
                    LivePageRefused.Reason.INSTANCE_FULL,
                    "The service holds as many live pages as it can; retry after " + LivePageRefused.RETRY_AFTER_SECONDS
                            + " seconds.");
        }
        byClient.put(client, clients + 1);
        open++;
    }

    /** Gives back the place of a page of {@code client} that closed. */
    synchronized void give(String client) {
        byClient.computeIfPresent(client, (key, count) -> count > 1 ? count - 1 : null);
        open--;
    }

    synchronized int open() {
        return open;
    }

    synchronized long refused(LivePageRefused.Reason reason) {
        return refused.getOrDefault(reason, 0L);
    }

    private LivePageRefused refuse(LivePageRefused.Reason reason, String message) {
        refused.merge(reason, 1L, Long::sum);
        return new LivePageRefused(reason, message);
    }
}
