package in.results.testing;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * An executor that runs nothing until a test says so: background work (loads, refreshes, jobs) is queued and
 * released one task at a time, on the test's thread, so a test sees every step without sleeping.
 */
public final class ManualExecutor implements Executor {
    private final BlockingQueue<Runnable> queued = new LinkedBlockingQueue<>();

    @Override
    public void execute(Runnable task) {
        queued.add(task);
    }

    /** How many tasks wait to be run. */
    public int queued() {
        return queued.size();
    }

    /** Runs the oldest waiting task on this thread; fails when none waits. */
    public void runNext() {
        Runnable task = queued.poll();
        if (task == null) {
            throw new IllegalStateException("no task is waiting");
        }
        task.run();
    }

    /** Runs waiting tasks, and those they queue, until none is left. */
    public void runAll() {
        for (Runnable task = queued.poll(); task != null; task = queued.poll()) {
            task.run();
        }
    }
}
