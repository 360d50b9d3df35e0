package in.results.bulk;

import java.util.Objects;

/** What a bulk request sees of its job, whose finished result is an {@code R}. */
public sealed interface BulkStatus<R> {
    /** The job runs: {@code done} of {@code total} hall tickets answered so far. */
    record Loading<R>(int done, int total) implements BulkStatus<R> {}

    /** The job ended with {@code result}. */
    record Finished<R>(R result) implements BulkStatus<R> {
        public Finished {
            Objects.requireNonNull(result, "result");
        }
    }

    /** Too many jobs run already; the request should be retried later. */
    record Busy<R>() implements BulkStatus<R> {}
}
