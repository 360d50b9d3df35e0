package in.results.core;

import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The moment by which an answer is due, read on an injected {@link Ticker}. Created once per request at the HTTP
 * edge (from the configured request deadline) and passed down to the lookups, the answer store and the upstream
 * client; an upstream call makes its own, shorter one. Immutable.
 */
public final class Deadline implements Comparable<Deadline> {
    private final Ticker ticker;
    private final long dueAt;
    private final Duration budget;

    private Deadline(Ticker ticker, Duration budget) {
        this.ticker = ticker;
        this.budget = budget;
        this.dueAt = ticker.read() + budget.toNanos();
    }

    /** A deadline {@code budget} from now on {@code ticker}. */
    public static Deadline after(Duration budget, Ticker ticker) {
        if (budget.isNegative()) {
            throw new IllegalArgumentException("budget must not be negative");
        }
        return new Deadline(ticker, budget);
    }

    /** The time left, zero once passed. */
    public Duration remaining() {
        return Duration.ofNanos(Math.max(0, dueAt - ticker.read()));
    }

    /** Whether {@code time} still fits before the deadline. */
    public boolean allows(Duration time) {
        return ticker.read() + time.toNanos() <= dueAt;
    }

    /** This deadline, or one {@code budget} from now if that comes earlier. */
    public Deadline atMost(Duration budget) {
        return allows(budget) ? new Deadline(ticker, budget) : this;
    }

    /**
     * This deadline, or one {@code budget} from now if that comes later: the deadline of work that goes on after
     * the caller who started it has stopped waiting.
     */
    public Deadline atLeast(Duration budget) {
        return allows(budget) ? this : new Deadline(ticker, budget);
    }

    /**
     * The value of {@code work}, waiting at most the time left (in real time). Throws {@link LookupFailure}
     * (unavailable) when the deadline passes first — the work goes on, so that what it loads fills the caches for
     * the next request — and rethrows on this thread what the work threw.
     */
    public <T> T await(Future<T> work) {
        try {
            return work.get(remaining().toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw LookupFailure.unavailable("no answer within " + budget.toMillis() + " ms");
        } catch (ExecutionException e) {
            throw causeOf(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw LookupFailure.unavailable("interrupted");
        }
    }

    /** What the work threw, to rethrow on the caller's thread (an {@link Error} is thrown right here). */
    private static RuntimeException causeOf(ExecutionException e) {
        return switch (e.getCause()) {
            case RuntimeException cause -> cause;
            case Error error -> throw error;
            case null -> new IllegalStateException(e);
            case Throwable other -> new IllegalStateException(other);
        };
    }

    /**
     * Earlier deadlines first (equal ones compare 0 though they are not {@code equals}). Only deadlines read on the
     * same ticker compare meaningfully.
     */
    @Override
    public int compareTo(Deadline other) {
        return Long.compare(dueAt - other.dueAt, 0); // ticker readings may wrap: compare by difference
    }

    @Override
    public String toString() {
        return "Deadline[" + remaining().toMillis() + " ms of " + budget.toMillis() + " ms left]";
    }
}
