package in.results.results;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * One time budget for a lookup made of several steps (e.g. the release list, then candidate releases one after
 * another): the steps run on a virtual thread, and the caller waits at most the budget. Loads the steps started go
 * on in the background and fill the caches for later requests.
 */
final class Deadline {
    private Deadline() {}

    /** The result of {@code work}, or {@link UpstreamFailure} (unavailable) when it takes longer than {@code budget}. */
    static <T> T within(Duration budget, Supplier<T> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread.ofVirtual().name("lookup within " + budget.toMillis() + " ms").start(() -> {
            try {
                result.complete(work.get());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        try {
            return result.get(budget.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            // The work goes on (it is bounded by the upstream timeouts) and fills the caches for the next request;
            // interrupting it would read as a failure of the university.
            throw new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, "no answer within " + budget.toMillis() + " ms");
        } catch (ExecutionException e) {
            throw causeOf(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UpstreamFailure(UpstreamFailure.Kind.UNAVAILABLE, "interrupted");
        }
    }

    /** What the work threw, to rethrow on the caller's thread (an {@link Error} is thrown right here). */
    static RuntimeException causeOf(ExecutionException e) {
        return switch (e.getCause()) {
            case RuntimeException cause -> cause;
            case Error error -> throw error;
            case null -> new IllegalStateException(e);
            case Throwable other -> new IllegalStateException(other);
        };
    }
}
