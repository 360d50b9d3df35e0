package in.results.archive;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Decides once, between a transaction about to commit and a caller that stops waiting for it, which comes first: a
 * transaction its caller gave up on is rolled back rather than committed behind the caller's back, and a caller whose
 * transaction is already committing waits for that commit's outcome instead of reporting a failure that did not
 * happen.
 */
final class CommitGate {
    private static final int OPEN = 0;
    private static final int COMMITTING = 1;
    private static final int ABANDONED = 2;

    private final AtomicInteger state = new AtomicInteger(OPEN);

    /** The transaction's side: whether it may commit (false once its caller abandoned it). */
    boolean commit() {
        return state.compareAndSet(OPEN, COMMITTING) || state.get() == COMMITTING;
    }

    /** The caller's side: whether it abandoned the transaction (false when the transaction is already committing). */
    boolean abandon() {
        return state.compareAndSet(OPEN, ABANDONED) || state.get() == ABANDONED;
    }
}
