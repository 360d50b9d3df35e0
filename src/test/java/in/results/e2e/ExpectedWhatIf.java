package in.results.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.Student;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The report's {@code "what_if"} ({@code ?if=CODE:GRADE,…}) and {@code "target"} ({@code ?target_cgpa=}) objects by
 * hand: the final rows of {@link ExpectedTranscript} with the named backlogs passed at the grades given and the
 * credits the syllabus gives the subject (as any passed row of it shows them), on the B.Tech grade points; SGPA and
 * CGPA are Σ credits × points / Σ credits over passed rows, half-up to 2 decimals.
 */
final class ExpectedWhatIf {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final BigDecimal TEN = BigDecimal.TEN;
    private static final Map<String, Integer> POINTS = Map.of("O", 10, "A+", 9, "A", 8, "B+", 7, "B", 6, "C", 5);

    private ExpectedWhatIf() {}

    /** A final row: a failed one shows 0 credits. */
    private record Row(String code, String grade, BigDecimal credits) {
        boolean failed() {
            return Expected.isFail(grade);
        }

        BigDecimal points() {
            return credits.multiply(BigDecimal.valueOf(POINTS.get(grade)));
        }
    }

    /** A semester's final rows after the assumptions, and its SGPA as the transcript shows it before them. */
    private record Semester(String key, JsonNode sgpaBefore, List<Row> rows, boolean changed) {}

    /** The credits of {@code code} in the syllabus: those a passed row of it shows, on any student's page. */
    static BigDecimal syllabusCredits(Cohort cohort, String code) {
        return cohort.students().stream()
                .flatMap(student -> student.results().values().stream())
                .flatMap(List::stream)
                .filter(mark -> mark.code().equals(code) && !mark.failed())
                .map(Mark::credits)
                .map(BigDecimal::new)
                .findFirst()
                .orElseThrow(() -> new AssertionError("nobody passed " + code));
    }

    /** The {@code what_if} object for {@code grades} (code → grade, in the order asked). */
    static ObjectNode whatIf(Cohort cohort, Student student, Map<String, String> grades) {
        ObjectNode whatIf = NODES.objectNode();
        ArrayNode assumed = whatIf.putArray("assumed");
        grades.forEach((code, grade) -> assumed.addObject()
                .put("subject_code", code)
                .put("grade", grade)
                .put("credits", syllabusCredits(cohort, code)));
        ArrayNode semesters = whatIf.putArray("semesters");
        List<Row> all = new ArrayList<>();
        for (Semester semester : semesters(cohort, student, grades)) {
            ObjectNode entry = semesters.addObject().put("semester", semester.key());
            if (!semester.changed()) {
                entry.set("sgpa", semester.sgpaBefore());
            } else if (semester.rows().stream().anyMatch(Row::failed)) {
                entry.put("sgpa", "FAIL");
            } else {
                entry.put("sgpa", gpa(semester.rows()));
            }
            entry.put("changed", semester.changed());
            all.addAll(semester.rows());
        }
        whatIf.put("cgpa", gpa(all.stream().filter(row -> !row.failed()).toList()));
        whatIf.put("credits_earned", earned(all));
        whatIf.put("open_backlogs", all.stream().filter(Row::failed).count());
        return whatIf;
    }

    /**
     * The {@code target} object for a CGPA of {@code target} by the degree's end ({@code required} credits), on the
     * figures with {@code grades} assumed (none: the report's own): with P points over E credits earned and L =
     * required − E left, the average over L is ceil2((target × required − P) / L) (at least 0), unreachable above 10;
     * the best CGPA still possible is round2((P + 10 L) / required). With no credit left (E ≥ required), the CGPA
     * P / E is final: the target is reached or unreachable, and the CGPA is the best possible.
     */
    static ObjectNode target(Cohort cohort, Student student, Map<String, String> grades, String target, int required) {
        List<Row> passed = semesters(cohort, student, grades).stream()
                .flatMap(semester -> semester.rows().stream())
                .filter(row -> !row.failed())
                .toList();
        BigDecimal points = passed.stream().map(Row::points).reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal total = BigDecimal.valueOf(required);
        BigDecimal left = total.subtract(earned(passed));
        ObjectNode json = NODES.objectNode();
        json.put("target_cgpa", new BigDecimal(target));
        if (left.signum() <= 0) {
            // Every credit the degree needs is earned: the CGPA is what it will be.
            BigDecimal cgpa = gpa(passed);
            json.put("status", cgpa.compareTo(new BigDecimal(target)) >= 0 ? "reached" : "unreachable");
            json.put("credits_to_earn", 0);
            json.putNull("average_sgpa_needed");
            json.put("best_cgpa_possible", cgpa);
            return json;
        }
        BigDecimal needed =
                new BigDecimal(target).multiply(total).subtract(points).divide(left, 2, RoundingMode.CEILING);
        boolean reachable = needed.compareTo(TEN) <= 0;
        json.put("status", reachable ? "reachable" : "unreachable");
        json.put("credits_to_earn", left);
        if (reachable) {
            // Below 0 (the target is below what the credits earned already give), any average reaches it.
            json.put("average_sgpa_needed", needed.max(BigDecimal.ZERO));
        } else {
            json.putNull("average_sgpa_needed");
        }
        json.put("best_cgpa_possible", points.add(TEN.multiply(left)).divide(total, 2, RoundingMode.HALF_UP));
        return json;
    }

    /** The transcript's semesters, each final row failed in it and named in {@code grades} passed at that grade. */
    private static List<Semester> semesters(Cohort cohort, Student student, Map<String, String> grades) {
        List<Semester> semesters = new ArrayList<>();
        for (JsonNode element :
                ExpectedTranscript.of(cohort, student).get("data").get("results")) {
            String key = element.propertyStream()
                    .map(Map.Entry::getKey)
                    .filter(name -> !name.equals("SGPA"))
                    .findFirst()
                    .orElseThrow();
            List<Row> rows = new ArrayList<>();
            boolean changed = false;
            for (JsonNode subject : element.get(key)) {
                String code = subject.get("subject_code").asText();
                String grade = subject.get("grade_earned").asText();
                if (Expected.isFail(grade) && grades.containsKey(code)) {
                    rows.add(new Row(code, grades.get(code), syllabusCredits(cohort, code)));
                    changed = true;
                } else {
                    rows.add(new Row(
                            code,
                            grade,
                            new BigDecimal(subject.get("subject_credits").asText())));
                }
            }
            JsonNode sgpa = element.get("SGPA").asText().equals("FAIL")
                    ? NODES.textNode("FAIL")
                    : NODES.numberNode(new BigDecimal(element.get("SGPA").asText()));
            semesters.add(new Semester(key, sgpa, rows, changed));
        }
        return semesters;
    }

    private static BigDecimal earned(List<Row> rows) {
        return rows.stream().filter(row -> !row.failed()).map(Row::credits).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    /** Σ credits × points / Σ credits over {@code passed}, half-up to 2 decimals; 0.00 without credits. */
    private static BigDecimal gpa(List<Row> passed) {
        BigDecimal credits = earned(passed);
        BigDecimal points = passed.stream().map(Row::points).reduce(BigDecimal.ZERO, BigDecimal::add);
        return credits.signum() == 0 ? new BigDecimal("0.00") : points.divide(credits, 2, RoundingMode.HALF_UP);
    }
}
