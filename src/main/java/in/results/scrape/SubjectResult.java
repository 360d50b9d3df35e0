package in.results.scrape;

import java.util.Objects;

/**
 * One row of a marks table, as the page shows it. Marks are passed through as text ({@code "-1"},
 * {@code "-"}); on 4-column pages the three marks are {@code ""}. {@code credits} is credits
 * earned (F and Ab rows show 0). All fields trimmed, never null.
 */
public record SubjectResult(
        String code, String name, String internal, String external, String total, String grade, String credits) {
    public SubjectResult {
        code = Objects.requireNonNull(code, "code").strip();
        name = Objects.requireNonNull(name, "name").strip();
        internal = Objects.requireNonNull(internal, "internal").strip();
        external = Objects.requireNonNull(external, "external").strip();
        total = Objects.requireNonNull(total, "total").strip();
        grade = Objects.requireNonNull(grade, "grade").strip();
        credits = Objects.requireNonNull(credits, "credits").strip();
    }
}
