package in.results.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The expected {@code /compare/<hallticket>/<other_hallticket>} body from the simulator's ground truth: each student's
 * semesters and final rows from {@link ExpectedTranscript} (computed independently of the service), the course from
 * the student's own record, the credits and backlogs counted here by DESIGN §4's "Report figures", subjects matched
 * by code. Nothing of the service's own code is used.
 */
final class ExpectedComparison {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ExpectedComparison() {}

    /** One student's final rows, by semester, in page order. */
    private record Rows(Map<String, Map<String, JsonNode>> bySemester, Map<String, String> sgpas, JsonNode cgpa) {
        static Rows of(Cohort cohort, Student student) {
            JsonNode data = ExpectedTranscript.of(cohort, student).get("data");
            Map<String, Map<String, JsonNode>> bySemester = new LinkedHashMap<>();
            Map<String, String> sgpas = new LinkedHashMap<>();
            for (JsonNode element : data.get("results")) {
                String semester = element.propertyStream()
                        .map(Map.Entry::getKey)
                        .filter(key -> !key.equals("SGPA"))
                        .findFirst()
                        .orElseThrow();
                Map<String, JsonNode> subjects = new LinkedHashMap<>();
                element.get(semester)
                        .forEach(subject ->
                                subjects.put(subject.get("subject_code").asText(), subject));
                bySemester.put(semester, subjects);
                sgpas.put(semester, element.get("SGPA").asText());
            }
            return new Rows(bySemester, sgpas, data.get("overall_gpa"));
        }

        List<JsonNode> all() {
            return bySemester.values().stream()
                    .flatMap(subjects -> subjects.values().stream())
                    .toList();
        }

        String semesterOf(String code) {
            return bySemester.entrySet().stream()
                    .filter(semester -> semester.getValue().containsKey(code))
                    .map(Map.Entry::getKey)
                    .findFirst()
                    .orElse(null);
        }

        JsonNode row(String code) {
            return bySemester.get(semesterOf(code)).get(code);
        }
    }

    static ObjectNode of(Cohort cohort, Student first, Student second) {
        Rows firstRows = Rows.of(cohort, first);
        Rows secondRows = Rows.of(cohort, second);
        ObjectNode body = NODES.objectNode();
        body.set("students", pair(student(first), student(second)));
        ArrayNode semesters = body.putArray("semesters");
        TreeSet<String> either = new TreeSet<>(firstRows.sgpas().keySet()); // "1-1" < "1-2" < … < "4-2"
        either.addAll(secondRows.sgpas().keySet());
        for (String semester : either) {
            ObjectNode entry = semesters.addObject();
            entry.put("semester", semester);
            entry.set(
                    "sgpa",
                    pair(
                            sgpa(firstRows.sgpas().get(semester)),
                            sgpa(secondRows.sgpas().get(semester))));
        }
        ObjectNode overall = body.putObject("overall");
        overall.set("cgpa", pair(firstRows.cgpa(), secondRows.cgpa()));
        overall.set("credits_earned", pair(creditsEarned(firstRows), creditsEarned(secondRows)));
        overall.set("open_backlogs", pair(backlogs(firstRows), backlogs(secondRows)));
        ArrayNode common = body.putArray("common_subjects");
        Set<String> listed = new HashSet<>();
        for (JsonNode subject : firstRows.all()) {
            String code = subject.get("subject_code").asText();
            // A code in two semesters counts in its first.
            if (secondRows.semesterOf(code) == null || !listed.add(code)) {
                continue;
            }
            ObjectNode entry = common.addObject();
            entry.put("subject_code", code);
            entry.put("subject_name", subject.get("subject_name").asText());
            entry.set(
                    "semester",
                    pair(NODES.textNode(firstRows.semesterOf(code)), NODES.textNode(secondRows.semesterOf(code))));
            entry.set(
                    "grade",
                    pair(subject.get("grade_earned"), secondRows.row(code).get("grade_earned")));
        }
        return body;
    }

    /** The subject codes of every final row of {@code student}. */
    static List<String> subjectCodes(Cohort cohort, Student student) {
        return Rows.of(cohort, student).all().stream()
                .map(subject -> subject.get("subject_code").asText())
                .toList();
    }

    private static ObjectNode student(Student student) {
        ObjectNode json = NODES.objectNode();
        json.set("details", Expected.details(student));
        json.put("regulation", student.regulation());
        json.put("degree", student.programme().degree());
        json.put("lateral_entry", student.lateralEntry());
        return json;
    }

    /** An SGPA of the transcript's text form as the report writes it: a number or "FAIL"; null without the semester. */
    private static JsonNode sgpa(String text) {
        if (text == null) {
            return NODES.nullNode();
        }
        return text.equals("FAIL") ? NODES.textNode("FAIL") : NODES.numberNode(new BigDecimal(text));
    }

    private static JsonNode creditsEarned(Rows rows) {
        BigDecimal earned = BigDecimal.ZERO;
        for (JsonNode subject : rows.all()) {
            if (!Expected.isFail(subject.get("grade_earned").asText())) {
                earned =
                        earned.add(new BigDecimal(subject.get("subject_credits").asText()));
            }
        }
        return NODES.numberNode(earned);
    }

    private static JsonNode backlogs(Rows rows) {
        return NODES.numberNode(rows.all().stream()
                .filter(subject -> Expected.isFail(subject.get("grade_earned").asText()))
                .count());
    }

    private static ArrayNode pair(JsonNode first, JsonNode second) {
        ArrayNode pair = NODES.arrayNode();
        pair.add(first);
        pair.add(second);
        return pair;
    }
}
