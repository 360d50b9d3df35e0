package in.results.alerts;

import in.results.core.HallTicket;
import in.results.grading.Sgpa;
import in.results.lookup.AttemptPage;
import java.util.Objects;

/**
 * A new result of a student, as the event tells it: the page of the new release, and the SGPA of its semester with
 * every attempt merged (as {@code /all} shows it).
 */
public record PublishedResult(HallTicket hallTicket, AttemptPage page, Sgpa semesterSgpa) {
    public PublishedResult {
        Objects.requireNonNull(hallTicket, "hallTicket");
        Objects.requireNonNull(page, "page");
        Objects.requireNonNull(semesterSgpa, "semesterSgpa");
    }
}
