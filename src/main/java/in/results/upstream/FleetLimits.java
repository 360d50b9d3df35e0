package in.results.upstream;

import in.results.core.Deadline;
import in.results.redis.SharedLimits;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The fleet's limits towards one host ({@link SharedLimits} in Redis). A caller that finds nobody of this instance
 * waiting asks Redis at once (concurrent callers are then admitted in one round trip). A caller that has to wait
 * queues here in one line per priority as in {@link RequestBudget} (interactive first, then alerts, then bulk; first
 * come first served within each; the order of the work's deadline is kept only by {@link LocalLimits}), and only the caller next in turn
 * asks Redis again, after the pause Redis named. So while tokens or slots are scarce an instance sends Redis one look
 * per token or freed slot, not one per waiting caller, and its interactive callers go before its bulk ones; across
 * instances the script gives interactive and alert requests the priority over bulk ones (one instance sends alert
 * requests, held to a quarter of the budget by {@link UpstreamClient}).
 *
 * <p>When Redis does not answer, the caller is admitted by the {@link LocalLimits} of the same totals instead (the
 * fleet then asks the university up to N times the limits until Redis is back, but no request fails for want of
 * Redis); a Redis call cut short by the caller's own deadline is no outage, and the caller is refused as it would be
 * by any limit it could not pass in time.
 * Deadlines are read on the ticker and also counted in real time, so a test's ticker standing still cannot hold a
 * caller for ever. Thread-safe.
 */
final class FleetLimits implements HostLimits {
    private final SharedLimits shared;
    private final LocalLimits local;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<Priority, Deque<Condition>> lines = new EnumMap<>(Priority.class);

    FleetLimits(SharedLimits shared, LocalLimits local) {
        this.shared = shared;
        this.local = local;
        for (Priority priority : Priority.values()) {
            lines.put(priority, new ArrayDeque<>());
        }
    }

    @Override
    public Admission admit(Priority priority, Deadline due, Deadline deadline) throws InterruptedException {
        long realDue = System.nanoTime() + deadline.remaining().toNanos();
        Shortage shortage = Shortage.BUDGET;
        long pause = 0;
        if (nobodyWaits()) { // no queue: ask at once, so that concurrent callers are admitted in one round trip
            switch (shared.take(priority != Priority.BULK, deadline)) {
                case SharedLimits.Take.Granted granted -> {
                    return admitted(granted);
                }
                case SharedLimits.Take.Wait wait -> {
                    shortage = wait.forToken() ? Shortage.BUDGET : Shortage.SLOTS;
                    pause = wait.pause().toNanos();
                }
                case SharedLimits.Take.Down down -> {
                    return withoutRedis(priority, due, deadline, realDue, shortage);
                }
            }
        }
        Condition mine = join(priority);
        try {
            while (true) {
                if (pause > 0) {
                    long sleep = Math.min(pause, left(deadline, realDue));
                    if (sleep <= 0) {
                        return new Admission.Refused(shortage);
                    }
                    TimeUnit.NANOSECONDS.sleep(sleep);
                }
                if (!awaitTurn(mine, deadline, realDue)) {
                    return new Admission.Refused(shortage);
                }
                switch (shared.take(priority != Priority.BULK, deadline)) {
                    case SharedLimits.Take.Granted granted -> {
                        return admitted(granted);
                    }
                    case SharedLimits.Take.Wait wait -> {
                        shortage = wait.forToken() ? Shortage.BUDGET : Shortage.SLOTS;
                        pause = wait.pause().toNanos();
                    }
                    case SharedLimits.Take.Down down -> {
                        leave(priority, mine);
                        mine = null;
                        return withoutRedis(priority, due, deadline, realDue, shortage);
                    }
                }
            }
        } finally {
            if (mine != null) {
                leave(priority, mine);
            }
        }
    }

    @Override
    public int waiting(Priority priority) {
        lock.lock();
        try {
            return lines.get(priority).size() + local.waiting(priority);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean isShared() {
        return shared.isReachable();
    }

    private Admission admitted(SharedLimits.Take.Granted granted) {
        return new Admission.Admitted(() -> shared.release(granted.slot()));
    }

    private boolean nobodyWaits() {
        lock.lock();
        try {
            return lines.values().stream().allMatch(Deque::isEmpty);
        } finally {
            lock.unlock();
        }
    }

    private Condition join(Priority priority) {
        lock.lock();
        try {
            Condition mine = lock.newCondition();
            lines.get(priority).addLast(mine);
            return mine;
        } finally {
            lock.unlock();
        }
    }

    /** Waits until {@code mine} is next in turn; false when the deadline came first. */
    private boolean awaitTurn(Condition mine, Deadline deadline, long realDue) throws InterruptedException {
        lock.lock();
        try {
            while (nextInTurn() != mine) {
                long left = left(deadline, realDue);
                if (left <= 0) {
                    return false;
                }
                mine.awaitNanos(left);
            }
            return left(deadline, realDue) > 0;
        } finally {
            lock.unlock();
        }
    }

    private void leave(Priority priority, Condition mine) {
        lock.lock();
        try {
            lines.get(priority).remove(mine);
            Condition following = nextInTurn();
            if (following != null) {
                following.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    /** The head of the first line, in priority order, that anyone of this instance waits in. */
    private Condition nextInTurn() {
        for (Priority priority : Priority.values()) {
            Condition head = lines.get(priority).peekFirst();
            if (head != null) {
                return head;
            }
        }
        return null;
    }

    /**
     * Redis did not answer: this instance's own limits admit the caller — unless the deadline cut the Redis call
     * short, which is no outage, and letting the caller past the fleet's limits would make a busy day busier.
     */
    private Admission withoutRedis(Priority priority, Deadline due, Deadline deadline, long realDue, Shortage shortage)
            throws InterruptedException {
        if (left(deadline, realDue) <= 0) {
            return new Admission.Refused(shortage);
        }
        return local.admit(priority, due, deadline);
    }

    private long left(Deadline deadline, long realDue) {
        return Math.min(deadline.remaining().toNanos(), realDue - System.nanoTime());
    }
}
