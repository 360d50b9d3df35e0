package in.results.simulator.cohort;

import in.results.simulator.releases.GradeScale;
import java.util.Objects;
import java.util.Set;

/**
 * One row of a marks table, exactly as the page shows it: marks are text ({@code "-1"} external on
 * absent rows, {@code "-"} everywhere on withheld rows), {@code credits} is credits earned (F, Ab
 * and {@code -} rows show {@code "0"}). {@code rcrvRemark} is {@code ""} on ordinary pages and
 * {@code "Change in Grade"} or {@code "No Change"} on RC/RV pages. On four-column pages only code,
 * name, grade and credits are shown; the other marks are still recorded here.
 */
public record Mark(
        String code,
        String name,
        String internal,
        String external,
        String total,
        String grade,
        String credits,
        String rcrvRemark) {

    /** RC/RV remark of a row whose grade went up. */
    public static final String CHANGE_IN_GRADE = "Change in Grade";
    /** RC/RV remark of a row that stayed as it was. */
    public static final String NO_CHANGE = "No Change";

    /** Every scale's letters ({@link GradeScale}), D being B.Pharmacy R22's lowest pass. */
    private static final Set<String> GRADES = Set.of("O", "A+", "A", "B+", "B", "C", "D", "F", "Ab", "-");

    private static final Set<String> REMARKS = Set.of("", CHANGE_IN_GRADE, NO_CHANGE);

    public Mark {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(internal, "internal");
        Objects.requireNonNull(external, "external");
        Objects.requireNonNull(total, "total");
        Objects.requireNonNull(grade, "grade");
        Objects.requireNonNull(credits, "credits");
        Objects.requireNonNull(rcrvRemark, "rcrvRemark");
        if (code.isBlank() || name.isBlank()) {
            throw new IllegalArgumentException("subject code and name are required: " + code + " " + name);
        }
        if (!GRADES.contains(grade)) {
            throw new IllegalArgumentException("unknown grade " + grade + " for " + code);
        }
        if (!REMARKS.contains(rcrvRemark)) {
            throw new IllegalArgumentException("unknown RC/RV remark " + rcrvRemark);
        }
    }

    /** True for F, Ab and withheld ({@code -}) rows: the subject still has to be cleared. */
    public boolean failed() {
        return grade.equals("F") || grade.equals("Ab") || grade.equals("-");
    }

    /** The same row as an RC/RV page lists it. */
    Mark withRemark(String remark) {
        return new Mark(code, name, internal, external, total, grade, credits, remark);
    }
}
