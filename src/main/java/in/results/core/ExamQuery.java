package in.results.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Which release to ask for: the query parameters the university's result application expects besides the
 * hall ticket, lower case. Absent ("") parameters take the university's defaults: an exam code known
 * without parameters is asked with {@code degree=btech&etype=r17&type=intgrade&result=null&grad=null}.
 * Postgraduate releases add {@code grad=pg}.
 */
public record ExamQuery(String degree, String examCode, String etype, String type, String result, String grad) {
    private static final String ABSENT = "null";

    public ExamQuery {
        degree = canonical(degree, "btech");
        examCode = Objects.requireNonNull(examCode, "examCode").strip();
        etype = canonical(etype, "r17");
        type = canonical(type, "intgrade");
        result = canonical(result, ABSENT);
        grad = canonical(grad, ABSENT);
        if (examCode.isEmpty()) {
            throw new IllegalArgumentException("examCode is required");
        }
    }

    /** An undergraduate release's query: {@code grad} absent. */
    public ExamQuery(String degree, String examCode, String etype, String type, String result) {
        this(degree, examCode, etype, type, result, "");
    }

    /** Lower case, and the university's default when absent, so that equal requests make equal cache keys. */
    private static String canonical(String value, String fallback) {
        String text = Objects.requireNonNull(value).strip().toLowerCase(Locale.ROOT);
        return text.isEmpty() ? fallback : text;
    }

    /**
     * The RC/RV (recounting / revaluation) twin of this exam: same code and exam type, asked with
     * {@code result=gradercrv&type=rcrvintgrade}, as the university expects. A query that already asks for RC/RV is
     * kept.
     */
    public ExamQuery rcrv() {
        return isRcrv() ? this : new ExamQuery(degree, examCode, etype, "rcrvintgrade", "gradercrv", grad);
    }

    /** Whether this query asks for an RC/RV result. */
    public boolean isRcrv() {
        return "gradercrv".equalsIgnoreCase(result);
    }

    /**
     * The parameters that tell queries apart in stored keys, in a fixed order: degree, exam code, etype, type,
     * result, and {@code grad} only when present, so that the keys of undergraduate queries are those written before
     * postgraduate ones were asked.
     */
    public List<String> keyParts() {
        List<String> parts = new ArrayList<>(List.of(degree, examCode, etype, type, result));
        if (!grad.equals(ABSENT)) {
            parts.add(grad);
        }
        return parts;
    }

    /** Form parameters of {@code /resultAction} for a hall ticket, in the order the university's own form sends them. */
    public Map<String, String> formFor(HallTicket hallTicket) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("degree", degree);
        form.put("examCode", examCode);
        form.put("etype", etype);
        form.put("type", type);
        form.put("result", result);
        form.put("grad", grad);
        form.put("htno", hallTicket.value());
        return form;
    }
}
