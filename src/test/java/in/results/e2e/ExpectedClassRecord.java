package in.results.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The expected {@code /api/bulk/class} body for a range of B.Tech hall tickets, from the simulator's ground truth: each
 * student's merged semesters from {@link ExpectedTranscript} (computed independently of the service), the report
 * figures by DESIGN §4, the promotion standing as {@link ExpectedPromotion} derives it from DEGREES.md's table and
 * the batch's releases, and the class figures by the rules docs/api.md states. Nothing of the service's own code is used.
 */
final class ExpectedClassRecord {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> PASS_ORDER = List.of("O", "A+", "A", "B+", "B", "C", "D", "P");

    private ExpectedClassRecord() {}

    /** One student with a result: the figures the record ranks. */
    private record Member(Student student, JsonNode transcript, BigDecimal cgpa, ObjectNode row) {}

    /** The body for the hall tickets {@code prefix + roll}, every roll of {@code rolls} in order. */
    static ObjectNode of(Cohort cohort, String prefix, List<String> rolls) {
        List<Member> members = new ArrayList<>();
        ArrayNode noResult = NODES.arrayNode();
        String regulation = "";
        for (String roll : rolls) {
            Optional<Student> found = cohort.student(prefix + roll);
            if (found.isEmpty() || found.get().hasNoResult()) {
                noResult.add(prefix + roll);
                continue;
            }
            Student student = found.get();
            regulation = student.regulation();
            members.add(member(cohort, student));
        }
        // Ranks: best CGPA first, ties in roll order (a stable sort of the roll order), sharing 1 + those above.
        List<Member> ranked = new ArrayList<>(members);
        ranked.sort(Comparator.comparing(Member::cgpa).reversed());
        ArrayNode students = NODES.arrayNode();
        for (Member member : ranked) {
            long higher = members.stream()
                    .filter(other -> other.cgpa().compareTo(member.cgpa()) > 0)
                    .count();
            ObjectNode row = member.row().deepCopy();
            row.put("rank", higher + 1);
            students.add(reordered(row));
        }
        ObjectNode body = NODES.objectNode();
        body.put("degree", "btech");
        body.put("regulation", regulation);
        body.put("hallticket_from", prefix + rolls.getFirst());
        body.put("hallticket_to", prefix + rolls.getLast());
        body.put("hall_tickets", rolls.size());
        body.put("with_result", members.size());
        body.set("no_result", noResult);
        body.set("missing", NODES.arrayNode());
        body.put(
                "cgpa_average",
                members.isEmpty()
                        ? BigDecimal.ZERO
                        : members.stream()
                                .map(Member::cgpa)
                                .reduce(BigDecimal.ZERO, BigDecimal::add)
                                .divide(BigDecimal.valueOf(members.size()), 2, RoundingMode.HALF_UP));
        body.set("cgpa_distribution", distribution(members));
        body.put("without_cgpa", 0); // every B.Tech page has a known scale
        ObjectNode backlogs = body.putObject("backlog_counts");
        for (String key : List.of("0", "1", "2", "3+")) {
            backlogs.put(
                    key,
                    members.stream()
                            .filter(member -> backlogKey(
                                            member.row().get("open_backlogs").asInt())
                                    .equals(key))
                            .count());
        }
        ObjectNode promotion = body.putObject("promotion_counts");
        for (String status : List.of("met", "short", "not known")) {
            promotion.put(
                    status,
                    members.stream()
                            .filter(member -> member.row()
                                    .get("promotion_status")
                                    .asText()
                                    .equals(status))
                            .count());
        }
        body.set("students", students);
        body.set("semesters", semesters(members));
        return body;
    }

    private static String backlogKey(int backlogs) {
        return backlogs >= 3 ? "3+" : Integer.toString(backlogs);
    }

    private static Member member(Cohort cohort, Student student) {
        JsonNode data = ExpectedTranscript.of(cohort, student).get("data");
        Map<String, BigDecimal> earnedBySemester = new TreeMap<>();
        int backlogs = 0;
        for (JsonNode element : data.get("results")) {
            String semester = semesterOf(element);
            BigDecimal earned = BigDecimal.ZERO;
            for (JsonNode subject : element.get(semester)) {
                if (Expected.isFail(subject.get("grade_earned").asText())) {
                    backlogs++;
                } else {
                    earned = earned.add(
                            new BigDecimal(subject.get("subject_credits").asText()));
                }
            }
            earnedBySemester.put(semester, earned);
        }
        BigDecimal cgpa = data.get("overall_gpa").decimalValue();
        ObjectNode row = NODES.objectNode();
        row.put("hall_ticket", student.hallTicket());
        row.put("name", student.name());
        row.put("cgpa", cgpa);
        row.put("credits_earned", earnedBySemester.values().stream().reduce(BigDecimal.ZERO, BigDecimal::add));
        row.put(
                "credits_required",
                student.lateralEntry() ? (student.regulation().equals("R22") ? 120 : 123) : 160);
        row.put("open_backlogs", backlogs);
        ArrayNode steps = NODES.arrayNode();
        String shortFor = null;
        for (ExpectedPromotion.Threshold rule : ExpectedPromotion.rowsOf(ExpectedPromotion.SHIPPED, student)) {
            BigDecimal earned = earnedBySemester.entrySet().stream()
                    .filter(entry -> entry.getKey().compareTo(rule.lastSemester()) <= 0)
                    .map(Map.Entry::getValue)
                    .reduce(BigDecimal.ZERO, BigDecimal::add);
            boolean met = earned.compareTo(BigDecimal.valueOf(rule.required())) >= 0;
            String status = met ? "met" : ExpectedPromotion.yearEnded(cohort, student, rule) ? "short" : "not yet due";
            if (status.equals("short") && shortFor == null) {
                shortFor = rule.into();
            }
            ObjectNode step = steps.addObject();
            step.put("into", rule.into());
            step.put("status", status);
            step.put("credits_earned", earned);
            step.put("credits_required", rule.required());
            step.put(
                    "credits_short",
                    BigDecimal.valueOf(rule.required()).subtract(earned).max(BigDecimal.ZERO));
        }
        row.put("promotion_status", shortFor == null ? "met" : "short");
        row.put("promotion_short_for", shortFor);
        row.set("promotion", steps);
        return new Member(student, data, cgpa, row);
    }

    /** The keys in the service's order, rank first. */
    private static ObjectNode reordered(ObjectNode row) {
        ObjectNode ordered = NODES.objectNode();
        ordered.set("rank", row.get("rank"));
        row.properties().forEach(entry -> {
            if (!entry.getKey().equals("rank")) {
                ordered.set(entry.getKey(), entry.getValue());
            }
        });
        return ordered;
    }

    private static String semesterOf(JsonNode element) {
        return element.propertyStream()
                .map(Map.Entry::getKey)
                .filter(key -> !key.equals("SGPA"))
                .findFirst()
                .orElseThrow();
    }

    private static ArrayNode distribution(List<Member> members) {
        int[] limits = {0, 5, 6, 7, 8, 9, 10};
        ArrayNode bands = NODES.arrayNode();
        for (int i = 0; i < 6; i++) {
            BigDecimal from = BigDecimal.valueOf(limits[i]);
            BigDecimal to = BigDecimal.valueOf(limits[i + 1]);
            boolean top = i == 5;
            long count = members.stream()
                    .filter(member -> member.cgpa().compareTo(from) >= 0
                            && (top
                                    ? member.cgpa().compareTo(to) <= 0
                                    : member.cgpa().compareTo(to) < 0))
                    .count();
            bands.addObject().put("from", limits[i]).put("to", limits[i + 1]).put("students", count);
        }
        return bands;
    }

    /** Per semester: students, the SGPAs ranked 3 or better, and each subject over the final rows. */
    private static ArrayNode semesters(List<Member> members) {
        Map<String, List<Member>> bySemester = new TreeMap<>();
        members.forEach(member -> member.transcript()
                .get("results")
                .forEach(element -> bySemester
                        .computeIfAbsent(semesterOf(element), key -> new ArrayList<>())
                        .add(member)));
        ArrayNode semesters = NODES.arrayNode();
        bySemester.forEach((semester, sitting) -> {
            ObjectNode entry = semesters.addObject();
            entry.put("semester", semester);
            entry.put("students", sitting.size());
            Map<Member, BigDecimal> sgpas = new LinkedHashMap<>();
            Map<String, List<JsonNode>> subjects = new LinkedHashMap<>();
            for (Member member : sitting) {
                JsonNode element = elementOf(member, semester);
                String sgpa = element.get("SGPA").asText();
                if (!sgpa.equals("FAIL")) {
                    sgpas.put(member, new BigDecimal(sgpa));
                }
                element.get(semester)
                        .forEach(subject -> subjects.computeIfAbsent(
                                        subject.get("subject_code").asText(), code -> new ArrayList<>())
                                .add(subject));
            }
            ArrayNode top = entry.putArray("top_sgpas");
            sgpas.entrySet().stream()
                    .sorted(Map.Entry.<Member, BigDecimal>comparingByValue().reversed())
                    .forEach(scored -> {
                        long higher = sgpas.values().stream()
                                .filter(other -> other.compareTo(scored.getValue()) > 0)
                                .count();
                        if (higher + 1 <= 3) {
                            top.addObject()
                                    .put("rank", higher + 1)
                                    .put(
                                            "hall_ticket",
                                            scored.getKey().student().hallTicket())
                                    .put("name", scored.getKey().student().name())
                                    .put("sgpa", scored.getValue());
                        }
                    });
            ArrayNode subjectFigures = entry.putArray("subjects");
            subjects.forEach((code, rows) -> {
                List<String> passes = rows.stream()
                        .map(row -> row.get("grade_earned").asText())
                        .filter(grade -> !Expected.isFail(grade))
                        .toList();
                ObjectNode subject = subjectFigures.addObject();
                subject.put("subject_code", code);
                subject.put("subject_name", rows.getFirst().get("subject_name").asText());
                subject.put("students", rows.size());
                subject.put("passed", passes.size());
                subject.put(
                        "pass_percentage",
                        BigDecimal.valueOf(passes.size() * 100L)
                                .divide(BigDecimal.valueOf(rows.size()), 2, RoundingMode.HALF_UP));
                subject.put(
                        "top_grade",
                        PASS_ORDER.stream().filter(passes::contains).findFirst().orElse(null));
            });
        });
        return semesters;
    }

    private static JsonNode elementOf(Member member, String semester) {
        for (JsonNode element : member.transcript().get("results")) {
            if (element.has(semester)) {
                return element;
            }
        }
        throw new IllegalStateException(semester);
    }
}
