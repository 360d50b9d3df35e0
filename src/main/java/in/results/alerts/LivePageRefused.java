package in.results.alerts;

import java.util.Locale;

/** A live page is not opened: its client holds as many as it may, or this instance holds as many as it can. */
public final class LivePageRefused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * When to try again, in seconds: pages close when people leave them, which nothing announces; half a minute lets
     * a lab's browsers come back one after another, not all at once.
     */
    public static final long RETRY_AFTER_SECONDS = 30;

    /** Why a page was refused; its label names it in metrics. */
    public enum Reason {
        /** The client holds {@code RESULTS_LIVE_PER_CLIENT} pages on this instance. */
        PER_CLIENT,
        /** This instance holds {@code RESULTS_LIVE_MAX} pages. */
        INSTANCE_FULL;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Reason reason;

    LivePageRefused(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
