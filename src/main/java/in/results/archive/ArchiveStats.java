package in.results.archive;

import java.util.concurrent.atomic.LongAdder;

/** The archive's counters since start, read by {@code /metrics}. */
public final class ArchiveStats {
    /** How one read ended: a row found, no row, or no answer from the database in time (down, slow, not ready). */
    public enum ReadOutcome {
        HIT,
        MISS,
        UNAVAILABLE;

        /** The metric label. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final LongAdder[] reads = new LongAdder[ReadOutcome.values().length];
    private final LongAdder writes = new LongAdder();
    private final LongAdder changedPages = new LongAdder();
    private final LongAdder droppedWrites = new LongAdder();
    private final LongAdder unreadableRows = new LongAdder();

    ArchiveStats() {
        for (int i = 0; i < reads.length; i++) {
            reads[i] = new LongAdder();
        }
    }

    void read(ReadOutcome outcome) {
        reads[outcome.ordinal()].increment();
    }

    void written(int rows) {
        writes.add(rows);
    }

    void changed() {
        changedPages.increment();
    }

    void dropped() {
        droppedWrites.increment();
    }

    void unreadable() {
        unreadableRows.increment();
    }

    public long reads(ReadOutcome outcome) {
        return reads[outcome.ordinal()].sum();
    }

    /** Rows written (pages and lookup records), each upsert once. */
    public long writes() {
        return writes.sum();
    }

    /** Kept pages replaced by a re-read that differs. */
    public long changedPages() {
        return changedPages.sum();
    }

    /** Writes dropped: the queue was full while the database did not answer, or the database refused the row. */
    public long droppedWrites() {
        return droppedWrites.sum();
    }

    /** Rows read as a miss: written by a newer format, or not readable. */
    public long unreadableRows() {
        return unreadableRows.sum();
    }
}
