package in.results.e2e;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import in.results.simulator.Cohort;
import in.results.simulator.Exam;
import in.results.simulator.Mark;
import in.results.simulator.MarksLayout;
import in.results.simulator.Student;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The expected {@code /all-r18}, {@code /all-r22} and {@code /all} body computed from the simulator's ground truth —
 * every attempt the student really has in the regulation's B.Tech releases — by DESIGN §4, independently of the
 * service: a lossy request plan would show up as a difference. R22 uses R18's grade points and merge rule; a later
 * attempt with new internal marks (re-registration) is just another attempt. Public for the benchmarks, which check
 * every answer of a results day against it.
 */
public final class ExpectedTranscript {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Map<String, Integer> POINTS =
            Map.of("O", 10, "A+", 9, "A", 8, "B+", 7, "B", 6, "C", 5, "D", 5);

    private ExpectedTranscript() {}

    /** A final row and whether its page showed marks. */
    private record Row(Mark mark, boolean fourColumn) {}

    /** The body of the student's own regulation's endpoint. */
    public static ObjectNode of(Cohort cohort, Student student) {
        return of(cohort, student, student.regulation());
    }

    /** The body of {@code /all-<regulation>}: only B.Tech releases of {@code regulation} are attempts. */
    public static ObjectNode of(Cohort cohort, Student student, String regulation) {
        Map<String, List<Exam>> attemptsBySemester = new TreeMap<>();
        for (String code : student.results().keySet()) {
            Exam exam = cohort.exam(code).orElseThrow();
            if (exam.regulation().equals(regulation) && exam.degree().equals("btech")) {
                attemptsBySemester
                        .computeIfAbsent(exam.semester(), s -> new ArrayList<>())
                        .add(exam);
            }
        }
        ArrayNode results = NODES.arrayNode();
        List<Mark> everyFinalRow = new ArrayList<>();
        attemptsBySemester.forEach((semester, exams) -> {
            exams.sort(Comparator.comparing(Exam::releaseDate).thenComparing(Exam::code));
            Map<String, Row> finals = new LinkedHashMap<>();
            for (Exam exam : exams) {
                Map<String, Mark> revalued = new LinkedHashMap<>();
                student.rcrvResults().getOrDefault(exam.code(), List.of()).forEach(m -> revalued.put(m.code(), m));
                for (Mark own : student.results().get(exam.code())) {
                    Row candidate = revalued.containsKey(own.code())
                            ? new Row(revalued.get(own.code()), false)
                            : new Row(own, exam.layout() == MarksLayout.FOUR_COLUMN);
                    Row best = finals.get(own.code());
                    if (best == null || points(candidate.mark()) >= points(best.mark())) {
                        finals.put(own.code(), candidate);
                    }
                }
            }
            ObjectNode subjects = NODES.objectNode();
            List<Mark> rows = new ArrayList<>();
            finals.forEach((code, row) -> {
                subjects.set(code, Expected.fullSubject(row.mark(), row.fourColumn()));
                rows.add(row.mark());
            });
            everyFinalRow.addAll(rows);
            ObjectNode element = NODES.objectNode();
            element.set(semester, subjects);
            BigDecimal sgpa = Expected.sgpa(rows);
            element.put("SGPA", sgpa == null ? "FAIL" : sgpa.toPlainString());
            results.add(element);
        });
        ObjectNode data = NODES.objectNode();
        data.set("details", Expected.details(student));
        data.set("results", results);
        data.put(
                "overall_gpa",
                Expected.weighted(everyFinalRow.stream()
                        .filter(m -> !Expected.isFail(m.grade()))
                        .toList()));
        ObjectNode body = NODES.objectNode();
        body.set("data", data);
        return body;
    }

    private static int points(Mark mark) {
        return POINTS.getOrDefault(mark.grade(), 0);
    }
}
