package in.results.simulator.releases;

import java.time.LocalDate;
import java.util.Objects;

/** One line of the notifications page ({@code /jsp/RCRVInfo.jsp}). */
public record Notice(LocalDate date, String description) {
    public Notice {
        Objects.requireNonNull(date, "date");
        Objects.requireNonNull(description, "description");
        if (description.isBlank()) {
            throw new IllegalArgumentException("notice description is blank");
        }
    }
}
