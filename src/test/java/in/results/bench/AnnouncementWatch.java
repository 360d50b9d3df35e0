package in.results.bench;

import com.fasterxml.jackson.databind.JsonNode;
import in.results.simulator.releases.Exam;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Watches the service announce a publication: from the publication on, every {@link ResultsDayReturn#POLL}, each
 * instance's {@code /new/all} (without {@code ?refresh=1}) until {@link #stop()}, and one probe student's
 * {@code /all} answer through the first instance until it equals the new truth. The announcement is the end of the
 * first round of polls in which every instance lists every published release ({@link ResultsDayReturn#lists}); the
 * last poll before it that did not is recorded too, and polls that no longer list them after it are counted. Times are
 * milliseconds after the publication; each poll comes from an address of its own (no per-client limit).
 */
final class AnnouncementWatch {
    /** Client numbers of the polls: far from those of the crowds. */
    private static final int FIRST_CLIENT = 2_000_000;

    private final ClientCrowd crowd;
    private final List<String> bases;
    private final List<Exam> published;
    private final String probe;
    private final DayTruth truth;
    private final long publishedNanos;
    private final AtomicInteger clients = new AtomicInteger(FIRST_CLIENT);
    private final CountDownLatch announcement = new CountDownLatch(1);
    private final Thread poller;

    private volatile boolean stopped;
    private volatile long announcedMs = -1;
    private long lastNegativeMs = -1;
    private long probeExactMs = -1;
    private int negativesAfter;
    private final Map<String, Long> listedMs = new LinkedHashMap<>();
    private Exception failure;

    private AnnouncementWatch(
            ClientCrowd crowd, List<String> bases, List<Exam> published, String probe, DayTruth truth, long nanos) {
        this.crowd = crowd;
        this.bases = List.copyOf(bases);
        this.published = List.copyOf(published);
        this.probe = probe;
        this.truth = truth;
        this.publishedNanos = nanos;
        this.poller = Thread.ofVirtual().name("announcement-watch").unstarted(this::poll);
    }

    /**
     * Starts polling {@code bases} for {@code published}, and {@code probe}'s answer for {@code truth}'s; times from
     * {@code publishedNanos} ({@link System#nanoTime()} when the university published).
     */
    static AnnouncementWatch start(
            ClientCrowd crowd,
            List<String> bases,
            List<Exam> published,
            String probe,
            DayTruth truth,
            long publishedNanos) {
        AnnouncementWatch watch = new AnnouncementWatch(crowd, bases, published, probe, truth, publishedNanos);
        watch.poller.start();
        return watch;
    }

    /** Waits until the announcement, {@code longest} after the publication at most; whether it came. */
    boolean awaitAnnouncement(Duration longest) throws InterruptedException {
        long left = longest.toMillis() - ClientCrowd.millisSince(publishedNanos);
        return announcement.await(Math.max(0, left), TimeUnit.MILLISECONDS);
    }

    /** When every instance first listed every release (the end of that round of polls); -1 while none did. */
    long announcedMs() {
        return announcedMs;
    }

    /** When the last poll that did not list every release before the announcement was sent; -1 if none. */
    long lastNegativeMs() {
        return lastNegativeMs;
    }

    /** When the probe's answer first equalled the new truth (answered); -1 if never. */
    long probeExactMs() {
        return probeExactMs;
    }

    /** Polls after the announcement in which an instance no longer listed every release. */
    int negativesAfter() {
        return negativesAfter;
    }

    /** Per instance, when its first poll listing every release was answered (absent if never). */
    Map<String, Long> listedMs() {
        return Map.copyOf(listedMs);
    }

    String probe() {
        return probe;
    }

    /** Stops polling; the results above are final once this returns. */
    void stop() throws InterruptedException {
        stopped = true;
        poller.join();
        if (failure != null) {
            throw new IllegalStateException("a poll failed", failure);
        }
    }

    private void poll() {
        try {
            while (!stopped) {
                pollLists();
                if (probeExactMs < 0) {
                    pollProbe();
                }
                Thread.sleep(ResultsDayReturn.POLL);
            }
        } catch (Exception e) {
            failure = e;
        }
    }

    private void pollLists() {
        boolean all = true;
        for (String base : bases) {
            long sentMs = ClientCrowd.millisSince(publishedNanos);
            boolean shows = ResultsDayReturn.lists(crowd, clients.getAndIncrement(), base, published);
            if (shows) {
                listedMs.putIfAbsent(base, ClientCrowd.millisSince(publishedNanos));
            } else if (announcedMs < 0) {
                lastNegativeMs = sentMs;
                all = false;
            } else {
                negativesAfter++;
            }
        }
        if (all && announcedMs < 0) {
            announcedMs = ClientCrowd.millisSince(publishedNanos);
            announcement.countDown();
        }
    }

    private void pollProbe() throws Exception {
        HttpResponse<String> reply = crowd.send(bases.getFirst() + "/all/" + probe, clients.getAndIncrement());
        JsonNode body = reply.statusCode() == 200 ? ResultsDayReturn.JSON.readTree(reply.body()) : null;
        if (truth.gives(probe, reply.statusCode(), body)) {
            probeExactMs = ClientCrowd.millisSince(publishedNanos);
        }
    }
}
