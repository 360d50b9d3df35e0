package in.results.scrape;

import java.util.Objects;

/** The student block of a result page (table 0). All fields trimmed, never null. */
public record StudentDetails(String hallTicket, String name, String fatherName, String collegeCode) {
    public StudentDetails {
        hallTicket = Objects.requireNonNull(hallTicket, "hallTicket").strip();
        name = Objects.requireNonNull(name, "name").strip();
        fatherName = Objects.requireNonNull(fatherName, "fatherName").strip();
        collegeCode = Objects.requireNonNull(collegeCode, "collegeCode").strip();
    }
}
