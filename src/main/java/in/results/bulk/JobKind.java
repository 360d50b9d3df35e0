package in.results.bulk;

import in.results.core.Deadline;
import in.results.core.HallTicket;
import in.results.core.LookupFailure;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one kind of bulk job asks of each hall ticket of its range, and what it makes of the answers. The machinery
 * around it — one job per range and target, the bulk share of the upstream slots, retries, the deadline, progress, the
 * fleet's hand-over — is the same for every kind ({@link BulkJobs}).
 *
 * @param <T> what a job is about besides its range: an exam, a course
 * @param <A> what one hall ticket's answer keeps
 * @param <R> the finished job's result, as every instance of a fleet answers it (kept in Redis: a plain record)
 */
public interface JobKind<T, A, R> {

    /** A hall ticket's answer: what the kind keeps of it, or that the university has no result for it. */
    sealed interface Answer<A> {
        /** The university has a result: what the kind keeps of it. */
        record Found<A>(A value) implements Answer<A> {
            public Found {
                Objects.requireNonNull(value, "value");
            }
        }

        /** The university has no result for the hall ticket. */
        record NoResult<A>() implements Answer<A> {}
    }

    /**
     * Every hall ticket's outcome when the job ended, each list in roll order.
     *
     * @param found    the answers kept, of the hall tickets with a result
     * @param noResult hall tickets the university has no result for
     * @param missing  hall tickets left out: the university kept failing for them, or the job ended first
     */
    record Tally<A>(List<A> found, List<HallTicket> noResult, List<HallTicket> missing) {
        public Tally {
            found = List.copyOf(found);
            noResult = List.copyOf(noResult);
            missing = List.copyOf(missing);
        }
    }

    /** The job's id, the same on every instance and in Redis; ids of different kinds never collide. */
    String idOf(HallTicketRange range, T target);

    /** The range and target an {@link #idOf} was written from; empty for another kind's id or unreadable text. */
    Optional<JobKey<T>> keyOf(String id);

    /**
     * Asks the university (through the service's stores and archive first) for {@code hallTicket}, within
     * {@code deadline}, with bulk priority; throws {@link LookupFailure} when it fails.
     */
    Answer<A> ask(T target, HallTicket hallTicket, Deadline deadline);

    /** The finished job's result. */
    R resultOf(T target, Tally<A> tally);

    /** The result's type, for the fleet's copies of finished jobs. */
    Class<R> resultType();

    /** The longest a job of this kind runs: the policy's bulk deadline, unless the kind needs longer. */
    default Duration deadline(BulkJobs.Policy policy) {
        return policy.deadline();
    }

    /** The target in a few words, for logs: {@code exam 1560}. */
    String describe(T target);
}
