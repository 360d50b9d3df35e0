package in.results.core;

import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/**
 * Where the service's time and threads come from, injected the way Caffeine takes them: a {@link Ticker} for
 * every duration (freshness, deadlines, breakers, budgets, rate limits), a {@link Clock} for the dates shown to
 * people, and an {@link Executor} that runs every piece of background work (loads, fan-out, refreshes, bulk jobs)
 * on a thread of its own. Production uses the system's; tests move time and release work by hand.
 */
public record Environment(Ticker ticker, Clock clock, Executor executor) {
    public Environment {
        Objects.requireNonNull(ticker, "ticker");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(executor, "executor");
    }

    /** System time, and a new virtual thread per task. */
    public static Environment system() {
        return new Environment(Ticker.systemTicker(), Clock.systemUTC(), Executors.newVirtualThreadPerTaskExecutor());
    }

    /** The same with another clock (tests whose archive ages with a manual ticker). */
    public Environment withClock(Clock replacement) {
        return new Environment(ticker, replacement, executor);
    }

    /** The same with another ticker (tests that move time but run work on real threads). */
    public Environment withTicker(Ticker replacement) {
        return new Environment(replacement, clock, executor);
    }
}
