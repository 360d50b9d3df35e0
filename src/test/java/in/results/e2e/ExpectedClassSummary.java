package in.results.e2e;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.Student;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The expected {@code /api/bulk/summary} body (without {@code exam_name}, which only the page's heading holds) for
 * the students of a range with a result in one exam, in roll order, from the simulator's marks — by the documented
 * rules, written here independently of the service's summary code.
 */
final class ExpectedClassSummary {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> GRADE_ORDER = List.of("O", "A+", "A", "B+", "B", "C", "D", "P", "F", "Ab", "-");

    private ExpectedClassSummary() {}

    private record Scored(Student student, BigDecimal sgpa) {}

    static ObjectNode of(List<Student> studentsInRollOrder, String examCode) {
        List<Scored> awarded = new ArrayList<>();
        int[] bands = new int[6];
        Map<String, List<Mark>> bySubject = new LinkedHashMap<>();
        List<Mark> everyRow = new ArrayList<>();
        for (Student student : studentsInRollOrder) {
            List<Mark> marks = student.results().get(examCode);
            BigDecimal sgpa = Expected.sgpa(marks);
            if (sgpa != null) {
                awarded.add(new Scored(student, sgpa));
                int band = sgpa.compareTo(new BigDecimal("9")) >= 0
                        ? 5
                        : sgpa.compareTo(new BigDecimal("5")) < 0 ? 0 : sgpa.intValue() - 4;
                bands[band]++;
            }
            for (Mark mark : marks) {
                bySubject
                        .computeIfAbsent(mark.code(), code -> new ArrayList<>())
                        .add(mark);
                everyRow.add(mark);
            }
        }
        int students = studentsInRollOrder.size();
        ObjectNode body = NODES.objectNode();
        body.put("students", students);
        body.put("missing", 0);
        body.put("passed_all", awarded.size());
        body.put("failed_some", students - awarded.size());
        body.put("pass_percentage", percent(awarded.size(), students));
        body.put(
                "sgpa_average",
                awarded.isEmpty()
                        ? BigDecimal.ZERO
                        : awarded.stream()
                                .map(Scored::sgpa)
                                .reduce(BigDecimal.ZERO, BigDecimal::add)
                                .divide(BigDecimal.valueOf(awarded.size()), 2, RoundingMode.HALF_UP));
        ArrayNode distribution = body.putArray("sgpa_distribution");
        int[] limits = {0, 5, 6, 7, 8, 9, 10};
        for (int i = 0; i < 6; i++) {
            distribution
                    .addObject()
                    .put("from", limits[i])
                    .put("to", limits[i + 1])
                    .put("students", bands[i]);
        }
        ArrayNode top = body.putArray("top_ten");
        List<Scored> best = awarded.stream()
                .sorted(Comparator.comparing(Scored::sgpa).reversed())
                .limit(10)
                .toList();
        for (Scored scored : best) {
            long higher = awarded.stream()
                    .filter(other -> other.sgpa().compareTo(scored.sgpa()) > 0)
                    .count();
            ObjectNode entry = top.addObject();
            entry.put("rank", higher + 1);
            entry.set("details", Expected.details(scored.student()));
            entry.put("sgpa", scored.sgpa());
        }
        body.set("grade_distribution", grades(everyRow));
        ArrayNode subjects = body.putArray("subjects");
        bySubject.forEach((code, marks) -> {
            long appeared =
                    marks.stream().filter(mark -> !mark.grade().equals("Ab")).count();
            long passed = marks.stream()
                    .filter(mark -> !Expected.isFail(mark.grade()))
                    .count();
            ObjectNode subject = subjects.addObject();
            subject.put("subject_code", code);
            subject.put("subject_name", marks.get(0).name().strip());
            subject.put("registered", marks.size());
            subject.put("appeared", appeared);
            subject.put("passed", passed);
            subject.put("pass_percentage", percent((int) passed, (int) appeared));
            subject.set("grades", grades(marks));
        });
        return body;
    }

    private static ObjectNode grades(List<Mark> marks) {
        ObjectNode counts = NODES.objectNode();
        for (String grade : GRADE_ORDER) {
            long count =
                    marks.stream().filter(mark -> mark.grade().equals(grade)).count();
            if (count > 0) {
                counts.put(grade, count);
            }
        }
        return counts;
    }

    private static BigDecimal percent(int part, int whole) {
        return whole == 0
                ? BigDecimal.ZERO
                : BigDecimal.valueOf(part * 100L).divide(BigDecimal.valueOf(whole), 2, RoundingMode.HALF_UP);
    }
}
