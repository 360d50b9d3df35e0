package in.results.bulk;

import java.util.Objects;

/** What makes two bulk requests of one kind the same job: the range and the target (an exam, a course). */
public record JobKey<T>(HallTicketRange range, T target) {
    public JobKey {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(target, "target");
    }
}
