package in.results.e2e;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.MarksLayout;
import java.math.BigDecimal;
import java.math.RoundingMode;
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

    /** A final row, whether its page showed marks, and the release whose page printed it. */
    private record Row(Mark mark, boolean fourColumn, Exam exam) {
        /** The points of the row's grade on the scale its page prints; DESIGN §4's for a letter the scale lacks. */
        int points() {
            return ExpectedTranscript.points(mark, exam);
        }
    }

    /**
     * The body of {@code /all/<hallticket>}: the attempts at the student's own programme's semesters (minor-degree
     * releases apart), each page graded on the scale it prints.
     */
    public static ObjectNode of(Cohort cohort, Student student) {
        return body(student, cohort.attempts(student));
    }

    /** The body of {@code /all-<regulation>}: only B.Tech releases of {@code regulation} are attempts. */
    public static ObjectNode of(Cohort cohort, Student student, String regulation) {
        Map<String, List<Exam>> attemptsBySemester = new TreeMap<>();
        for (String code : student.results().keySet()) {
            Exam exam = cohort.exam(code).orElseThrow();
            if (exam.regulation().equals(regulation) && exam.degree().equals("btech") && !exam.minorProgramme()) {
                attemptsBySemester
                        .computeIfAbsent(exam.semester(), s -> new ArrayList<>())
                        .add(exam);
            }
        }
        return body(student, attemptsBySemester);
    }

    private static ObjectNode body(Student student, Map<String, List<Exam>> attemptsBySemester) {
        ArrayNode results = NODES.arrayNode();
        List<Graded> everyFinalRow = new ArrayList<>();
        new TreeMap<>(attemptsBySemester).forEach((semester, unordered) -> {
            List<Exam> exams = new ArrayList<>(unordered);
            exams.sort(Comparator.comparing(Exam::releaseDate).thenComparing(Exam::code));
            Map<String, Row> finals = new LinkedHashMap<>();
            for (Exam exam : exams) {
                Map<String, Mark> revalued = new LinkedHashMap<>();
                student.rcrvResults().getOrDefault(exam.code(), List.of()).forEach(m -> revalued.put(m.code(), m));
                for (Mark own : student.results().get(exam.code())) {
                    Row candidate = revalued.containsKey(own.code())
                            ? new Row(revalued.get(own.code()), false, exam)
                            : new Row(own, exam.layout() == MarksLayout.FOUR_COLUMN, exam);
                    Row best = finals.get(own.code());
                    if (best == null || candidate.points() >= best.points()) {
                        finals.put(own.code(), candidate);
                    }
                }
            }
            ObjectNode subjects = NODES.objectNode();
            List<Graded> rows = new ArrayList<>();
            finals.forEach((code, row) -> {
                subjects.set(code, Expected.fullSubject(row.mark(), row.fourColumn()));
                rows.add(new Graded(row.mark(), row.points()));
            });
            everyFinalRow.addAll(rows);
            ObjectNode element = NODES.objectNode();
            element.set(semester, subjects);
            boolean failed =
                    rows.stream().anyMatch(row -> Expected.isFail(row.mark().grade()));
            element.put("SGPA", failed ? "FAIL" : weighted(rows).toPlainString());
            results.add(element);
        });
        ObjectNode data = NODES.objectNode();
        data.set("details", Expected.details(student));
        data.set("results", results);
        data.put(
                "overall_gpa",
                weighted(everyFinalRow.stream()
                        .filter(row -> !Expected.isFail(row.mark().grade()))
                        .toList()));
        ObjectNode body = NODES.objectNode();
        body.set("data", data);
        return body;
    }

    /**
     * The SGPA of one page of {@code exam}, graded on the scale the page prints: {@code null} when a subject failed
     * (the service writes {@code "FAIL"}).
     */
    public static BigDecimal sgpaOf(List<Mark> page, Exam exam) {
        if (page.stream().anyMatch(mark -> Expected.isFail(mark.grade()))) {
            return null;
        }
        return weighted(
                page.stream().map(mark -> new Graded(mark, points(mark, exam))).toList());
    }

    /** A final row and its grade points. */
    private record Graded(Mark mark, int points) {}

    /** Σ credits × points / Σ credits, half-up to 2 decimals; 0.00 without credits. */
    private static BigDecimal weighted(List<Graded> rows) {
        BigDecimal points = BigDecimal.ZERO;
        BigDecimal credits = BigDecimal.ZERO;
        for (Graded row : rows) {
            BigDecimal c = new BigDecimal(row.mark().credits());
            points = points.add(c.multiply(BigDecimal.valueOf(row.points())));
            credits = credits.add(c);
        }
        return credits.signum() == 0 ? new BigDecimal("0.00") : points.divide(credits, 2, RoundingMode.HALF_UP);
    }

    private static int points(Mark mark, Exam exam) {
        boolean onScale = exam.gradeScale().bands().stream()
                .anyMatch(band -> band.letter().equals(mark.grade()));
        return onScale ? exam.gradeScale().pointsOf(mark.grade()) : POINTS.getOrDefault(mark.grade(), 0);
    }
}
