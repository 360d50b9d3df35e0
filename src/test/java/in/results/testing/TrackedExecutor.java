package in.results.testing;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An executor that runs each task on a virtual thread of its own, as production does, and knows whether any task
 * still runs: a test waits for background work to end (with Awaitility) instead of sleeping. A task is counted from
 * the moment it is submitted, so work that submits more work is never seen as ended in between.
 */
public final class TrackedExecutor implements Executor {
    private final AtomicInteger unfinished = new AtomicInteger();

    @Override
    public void execute(Runnable task) {
        unfinished.incrementAndGet();
        try {
            Thread.ofVirtual().start(() -> {
                try {
                    task.run();
                } finally {
                    unfinished.decrementAndGet();
                }
            });
        } catch (RuntimeException e) {
            unfinished.decrementAndGet();
            throw e;
        }
    }

    /** Whether every task submitted so far has ended. */
    public boolean idle() {
        return unfinished.get() == 0;
    }
}
