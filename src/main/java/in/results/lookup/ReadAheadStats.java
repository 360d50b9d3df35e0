package in.results.lookup;

import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/** Results day's read-ahead ({@link NewReleaseWarmUp}) since start, by how each student's lookup ended; read by {@code /metrics}. */
public final class ReadAheadStats {
    /** How a student read ahead ended. */
    public enum Outcome {
        /** Their answer was built on the new list and stored. */
        READY,
        /**
         * Their lookup failed, was not made (the archive did not answer for them), or joined a lookup of the list in
         * use; they are looked up when they ask.
         */
        FAILED,
        /** The new list was used before their lookup could start; they are looked up when they ask. */
        NOT_STARTED,
        /**
         * They did not fit the warm-up's plan: its upstream requests (the warm-up's time at reading ahead's share of the
         * request budget), {@code RESULTS_READ_AHEAD_MAX}, or half the transcripts kept; looked up when they ask.
         */
        NOT_FITTED;

        /** The metric label. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final LongAdder[] counts = new LongAdder[Outcome.values().length];

    public ReadAheadStats() {
        for (int i = 0; i < counts.length; i++) {
            counts[i] = new LongAdder();
        }
    }

    void add(Outcome outcome, long students) {
        counts[outcome.ordinal()].add(students);
    }

    public long students(Outcome outcome) {
        return counts[outcome.ordinal()].sum();
    }
}
