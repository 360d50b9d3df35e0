package in.results.upstream;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The request budget of one upstream host: a token bucket that refills at {@code perSecond} tokens per second and
 * holds at most one second of tokens, so over any interval of {@code t} seconds at most
 * {@code perSecond × (1 + t)} requests pass. {@code perSecond = 0} means no budget.
 *
 * <p>Waiting callers queue in one line per {@link Priority}: the head of the {@link Priority#INTERACTIVE} line takes
 * the next token whenever anyone waits there, except that every fourth token goes to the head of the
 * {@link Priority#ALERT} line while it is not empty (so alerts are not starved by a results day's lookups); the head of
 * the alert line also takes a token when no interactive caller waits; the head of the {@link Priority#BULK} line only
 * when nobody else waits.
 * Within a line the work due first goes first (earliest deadline first, then first come first served): when a results
 * day queues more requests than the budget passes, the lookups started first finish first, instead of every lookup
 * advancing a little and none finishing in time. Only the caller next in turn waits for the next token's time; the
 * others sleep until they become next, so a long queue costs no wake-ups.
 *
 * <p>Tokens and deadlines are read on the injected {@link Ticker}, so tests move time by hand; waiting itself is real
 * time. Thread-safe; {@link ReentrantLock} and {@link Condition} rather than {@code synchronized}, which pins virtual
 * threads on Java 21.
 */
final class RequestBudget {
    /** One token in this many goes to a waiting alert caller, whoever else waits. */
    static final int ALERT_TURN = 4;

    private final int perSecond;
    private final double nanosPerToken;
    private final Ticker ticker;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<Priority, PriorityQueue<Waiter>> lines = new EnumMap<>(Priority.class);
    private long arrivals;
    /** Tokens others took since an alert caller last did, while alert callers waited. */
    private int takenWhileAlertsWait;

    /** A caller in a line: woken by its condition, in the order of its work's deadline, then of arrival. */
    private record Waiter(Condition wakeUp, Deadline due, long arrival) {}

    private static final Comparator<Waiter> TURN =
            Comparator.<Waiter, Deadline>comparing(Waiter::due).thenComparingLong(Waiter::arrival);

    private double tokens;
    private long refilledAt;

    RequestBudget(int perSecond, Ticker ticker) {
        if (perSecond < 0) {
            throw new IllegalArgumentException("perSecond cannot be negative, got " + perSecond);
        }
        this.perSecond = perSecond;
        this.nanosPerToken = perSecond == 0 ? 0 : TimeUnit.SECONDS.toNanos(1) / (double) perSecond;
        this.ticker = ticker;
        this.tokens = perSecond;
        this.refilledAt = ticker.read();
        for (Priority priority : Priority.values()) {
            lines.put(priority, new PriorityQueue<>(TURN));
        }
    }

    /**
     * Takes one token, waiting for it until {@code deadline} at the latest, in line with the others of
     * {@code priority} by {@code due}, the deadline of the work the request is part of. Returns false when the
     * deadline came first; the token is then not taken. Blocks, in real time, at most as long as the deadline had
     * left when called.
     *
     * @throws InterruptedException when interrupted while waiting (the caller leaves the queue)
     */
    boolean acquire(Priority priority, Deadline due, Deadline deadline) throws InterruptedException {
        if (perSecond == 0) {
            return true;
        }
        lock.lock();
        try {
            refill();
            if (!someoneAhead(priority, due) && tokens >= 1) {
                take(priority);
                return true;
            }
            Waiter mine = new Waiter(lock.newCondition(), due, arrivals++);
            PriorityQueue<Waiter> line = lines.get(priority);
            line.add(mine);
            // Real waiting is also counted down, so that a ticker that stands still (a test's) cannot hold a caller
            // for ever: in production both clocks agree.
            long realLeft = deadline.remaining().toNanos();
            try {
                while (true) {
                    refill();
                    boolean next = nextInTurn() == mine;
                    if (next && tokens >= 1) {
                        take(priority);
                        return true;
                    }
                    long left = Math.min(realLeft, deadline.remaining().toNanos());
                    if (left <= 0) {
                        return false;
                    }
                    long wait = next ? Math.min(left, nanosToNextToken()) : left;
                    realLeft -= wait - mine.wakeUp().awaitNanos(wait);
                }
            } finally {
                line.remove(mine);
                Waiter following = nextInTurn();
                if (following != null) {
                    following.wakeUp().signal(); // whoever is next in turn now starts waiting for the next token
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Callers waiting for a token with this priority. */
    int waiting(Priority priority) {
        lock.lock();
        try {
            return lines.get(priority).size();
        } finally {
            lock.unlock();
        }
    }

    /** Takes a token for a caller of {@code priority}, counting the tokens others took while alerts waited. */
    private void take(Priority priority) {
        tokens -= 1;
        if (priority == Priority.ALERT) {
            takenWhileAlertsWait = 0;
        } else if (!lines.get(Priority.ALERT).isEmpty()) {
            takenWhileAlertsWait++;
            if (alertsDue()) {
                // The alert caller's turn came by this take, not by anyone leaving a line: wake it, or it would sleep
                // (and everyone behind it) while tokens pile up.
                lines.get(Priority.ALERT).peek().wakeUp().signal();
            }
        }
    }

    /** Whether a waiting alert caller's turn has come: others took {@link #ALERT_TURN} - 1 tokens since an alert did. */
    private boolean alertsDue() {
        return !lines.get(Priority.ALERT).isEmpty() && takenWhileAlertsWait >= ALERT_TURN - 1;
    }

    /**
     * The head of the first line, in priority order, that anyone waits in — but every {@link #ALERT_TURN}th token
     * goes to a waiting alert caller, so that a results day's lookups do not starve alerts (their own share, a quarter
     * of the budget, keeps them from taking more).
     */
    private Waiter nextInTurn() {
        if (alertsDue()) {
            return lines.get(Priority.ALERT).peek();
        }
        for (Priority priority : Priority.values()) {
            Waiter head = lines.get(priority).peek();
            if (head != null) {
                return head;
            }
        }
        return null;
    }

    /**
     * Whether a waiting caller goes before a new one: anyone of a higher priority, else one of the same priority due
     * no later.
     */
    private boolean someoneAhead(Priority priority, Deadline due) {
        if (priority != Priority.ALERT && alertsDue()) {
            return true;
        }
        for (Priority higher : Priority.values()) {
            if (higher.before(priority) && !lines.get(higher).isEmpty()) {
                return true;
            }
        }
        Waiter head = lines.get(priority).peek();
        return head != null && head.due().compareTo(due) <= 0;
    }

    private void refill() {
        long now = ticker.read();
        if (now > refilledAt) {
            tokens = Math.min(perSecond, tokens + (now - refilledAt) / nanosPerToken);
            refilledAt = now;
        }
    }

    private long nanosToNextToken() {
        return Math.max(1, (long) Math.ceil((1 - tokens) * nanosPerToken));
    }
}
