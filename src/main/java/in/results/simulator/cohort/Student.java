package in.results.simulator.cohort;

import in.results.simulator.releases.Programme;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One student of the cohort and everything the university would show for them.
 * {@code regulation} is the one the student was enrolled under ({@code "R18"}, {@code "R22"}).
 * {@code admissionYear} is the year the student's batch entered first year; for lateral entry it
 * is the hall ticket's year minus one. {@code results} maps an exam code to the rows of that
 * exam's result page in page order, oldest release first; {@code rcrvResults} maps an exam code to
 * the rows of its RC/RV page (only the subjects the student applied for).
 */
public record Student(
        String hallTicket,
        String name,
        String fatherName,
        String collegeCode,
        String regulation,
        int admissionYear,
        boolean lateralEntry,
        boolean detained,
        Map<String, List<Mark>> results,
        Map<String, List<Mark>> rcrvResults) {

    private static final Pattern HALL_TICKET = Pattern.compile("\\d{2}[0-9A-Z]{2}[15][A-Z]\\d{2}[0-9A-Z]\\d");

    public Student {
        Objects.requireNonNull(hallTicket, "hallTicket");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(fatherName, "fatherName");
        Objects.requireNonNull(collegeCode, "collegeCode");
        Objects.requireNonNull(regulation, "regulation");
        if (!HALL_TICKET.matcher(hallTicket).matches()) {
            throw new IllegalArgumentException("not a hall ticket: " + hallTicket);
        }
        if (!hallTicket.substring(2, 4).equals(collegeCode)) {
            throw new IllegalArgumentException(hallTicket + " does not belong to college " + collegeCode);
        }
        if (lateralEntry != (hallTicket.charAt(4) == '5')) {
            throw new IllegalArgumentException(hallTicket + ": lateral entry must match the hall ticket's 5");
        }
        results = copyInOrder(results);
        rcrvResults = copyInOrder(rcrvResults);
    }

    /**
     * This student with one more page: the rows of exam {@code code} (RC/RV rows when {@code rcrv}), shown after
     * every page the student already has.
     */
    Student withPage(String code, List<Mark> rows, boolean rcrv) {
        Map<String, List<Mark>> pages = new LinkedHashMap<>(rcrv ? rcrvResults : results);
        if (pages.putIfAbsent(code, rows) != null) {
            throw new IllegalArgumentException(hallTicket + " already has a page in exam " + code);
        }
        return withPages(rcrv ? results : pages, rcrv ? pages : rcrvResults);
    }

    /**
     * This student with only the pages of exams in {@code examCodes} and the RC/RV pages of exams in
     * {@code rcrvCodes}, in the same order.
     */
    Student withPagesOnlyIn(Set<String> examCodes, Set<String> rcrvCodes) {
        Map<String, List<Mark>> kept = new LinkedHashMap<>(results);
        kept.keySet().retainAll(examCodes);
        Map<String, List<Mark>> keptRcrv = new LinkedHashMap<>(rcrvResults);
        keptRcrv.keySet().retainAll(rcrvCodes);
        return withPages(kept, keptRcrv);
    }

    /** This student with exactly these pages and RC/RV pages (exam code to rows), in the maps' order. */
    Student withPages(Map<String, List<Mark>> pages, Map<String, List<Mark>> rcrvPages) {
        return new Student(
                hallTicket,
                name,
                fatherName,
                collegeCode,
                regulation,
                admissionYear,
                lateralEntry,
                detained,
                pages,
                rcrvPages);
    }

    /** The programme the student studies, by the hall ticket's sixth character. */
    public Programme programme() {
        return Programme.ofHallTicket(hallTicket);
    }

    /** True when the university shows this student no result at all. */
    public boolean hasNoResult() {
        return results.isEmpty();
    }

    private static Map<String, List<Mark>> copyInOrder(Map<String, List<Mark>> pages) {
        Map<String, List<Mark>> copy = new LinkedHashMap<>();
        pages.forEach((code, rows) -> {
            if (rows.isEmpty()) {
                throw new IllegalArgumentException("exam " + code + " has an empty page");
            }
            copy.put(code, List.copyOf(rows));
        });
        return Collections.unmodifiableMap(copy);
    }
}
