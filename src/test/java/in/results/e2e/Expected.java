package in.results.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.Student;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;

/**
 * Expected answers computed from the simulator's ground truth by the rules of DESIGN §4, written here
 * independently of the service's own grading code so that the two can disagree.
 */
final class Expected {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Map<String, Integer> POINTS =
            Map.of("O", 10, "A+", 9, "A", 8, "B+", 7, "B", 6, "C", 5, "D", 5);

    private Expected() {}

    static ObjectNode details(Student student) {
        ObjectNode details = NODES.objectNode();
        details.put("HTNO", student.hallTicket());
        details.put("NAME", student.name());
        details.put("FATHER NAME", student.fatherName());
        details.put("COLLEGE CODE", student.collegeCode());
        return details;
    }

    /** Full form; a four-column page shows no marks, so they are "". */
    static ObjectNode fullSubject(Mark mark, boolean fourColumn) {
        ObjectNode subject = shortSubject(mark);
        subject.put("internal_marks", fourColumn ? "" : mark.internal());
        subject.put("external_marks", fourColumn ? "" : mark.external());
        subject.put("total_marks", fourColumn ? "" : mark.total());
        return subject;
    }

    static ObjectNode shortSubject(Mark mark) {
        ObjectNode subject = NODES.objectNode();
        subject.put("subject_code", mark.code());
        subject.put("subject_name", mark.name().strip());
        subject.put("grade_earned", mark.grade());
        subject.put("subject_credits", mark.credits());
        return subject;
    }

    static ArrayNode fullSubjects(List<Mark> marks, boolean fourColumn) {
        ArrayNode array = NODES.arrayNode();
        marks.forEach(mark -> array.add(fullSubject(mark, fourColumn)));
        return array;
    }

    static ArrayNode shortSubjects(List<Mark> marks) {
        ArrayNode array = NODES.arrayNode();
        marks.forEach(mark -> array.add(shortSubject(mark)));
        return array;
    }

    static boolean isFail(String grade) {
        return grade.equals("F") || grade.equals("Ab") || grade.equals("-");
    }

    /** SGPA rule: any fail → null (the caller writes "FAIL"); else Σ credits×points / Σ credits, half-up. */
    static BigDecimal sgpa(List<Mark> marks) {
        if (marks.stream().anyMatch(mark -> isFail(mark.grade()))) {
            return null;
        }
        return weighted(marks);
    }

    static BigDecimal weighted(List<Mark> marks) {
        BigDecimal points = BigDecimal.ZERO;
        BigDecimal credits = BigDecimal.ZERO;
        for (Mark mark : marks) {
            BigDecimal c = new BigDecimal(mark.credits());
            points = points.add(c.multiply(BigDecimal.valueOf(POINTS.getOrDefault(mark.grade(), 0))));
            credits = credits.add(c);
        }
        return credits.signum() == 0 ? new BigDecimal("0.00") : points.divide(credits, 2, RoundingMode.HALF_UP);
    }

    /** The SGPA object with a JSON number (or "FAIL"). */
    static ObjectNode sgpaNumber(List<Mark> marks) {
        ObjectNode node = NODES.objectNode();
        BigDecimal sgpa = sgpa(marks);
        if (sgpa == null) {
            node.put("SGPA", "FAIL");
        } else {
            node.put("SGPA", sgpa);
        }
        return node;
    }

    static ArrayNode array(JsonNode... elements) {
        ArrayNode array = NODES.arrayNode();
        for (JsonNode element : elements) {
            array.add(element);
        }
        return array;
    }
}
