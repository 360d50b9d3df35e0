package in.results.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamKind;
import java.math.BigDecimal;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The expected {@code /report} body, by the "Report figures" rules of DESIGN §4, from the simulator's ground truth:
 * the semesters and final rows come from {@link ExpectedTranscript} (itself computed independently of the service),
 * the latest attempts from the student's pages, the promotion standing from {@link ExpectedPromotion}. Nothing of the
 * service's own report code is used.
 */
final class ExpectedReport {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final DateTimeFormatter LISTED = DateTimeFormatter.ofPattern("dd-MMM-yyyy", Locale.ENGLISH);

    private ExpectedReport() {}

    /** The body on the table the service ships. */
    static ObjectNode of(Cohort cohort, Student student) {
        return of(cohort, student, ExpectedPromotion.SHIPPED);
    }

    /**
     * The body for a service whose promotion table is {@code table}; {@code cohort} is the university as the service
     * sees it (its release list tells which of the batch's years have ended).
     */
    static ObjectNode of(Cohort cohort, Student student, List<ExpectedPromotion.Threshold> table) {
        JsonNode transcript = ExpectedTranscript.of(cohort, student).get("data");
        ArrayNode semesters = NODES.arrayNode();
        ArrayNode backlogs = NODES.arrayNode();
        BigDecimal earnedOverall = BigDecimal.ZERO;
        Map<String, BigDecimal> earnedBySemester = new TreeMap<>();
        for (JsonNode element : transcript.get("results")) {
            String semester = element.propertyStream()
                    .map(Map.Entry::getKey)
                    .filter(key -> !key.equals("SGPA"))
                    .findFirst()
                    .orElseThrow();
            BigDecimal earned = BigDecimal.ZERO;
            ArrayNode failed = NODES.arrayNode();
            for (JsonNode subject : element.get(semester)) {
                String grade = subject.get("grade_earned").asText();
                if (Expected.isFail(grade)) {
                    ObjectNode backlog = NODES.objectNode();
                    backlog.put("semester", semester);
                    backlog.put("subject_code", subject.get("subject_code").asText());
                    backlog.put("subject_name", subject.get("subject_name").asText());
                    backlog.put("grade_earned", grade);
                    backlog.set(
                            "last_attempt",
                            lastAttempt(
                                    cohort,
                                    student,
                                    semester,
                                    subject.get("subject_code").asText()));
                    backlogs.add(backlog.deepCopy());
                    backlog.remove("semester");
                    failed.add(backlog);
                } else {
                    earned = earned.add(
                            new BigDecimal(subject.get("subject_credits").asText()));
                }
            }
            ObjectNode entry = NODES.objectNode();
            entry.put("semester", semester);
            String sgpa = element.get("SGPA").asText();
            if (sgpa.equals("FAIL")) {
                entry.put("sgpa", "FAIL");
            } else {
                entry.put("sgpa", new BigDecimal(sgpa));
            }
            if (failed.isEmpty()) {
                entry.put("credits_registered", earned);
            } else {
                entry.putNull("credits_registered");
            }
            entry.put("credits_earned", earned);
            entry.set("failed_subjects", failed);
            semesters.add(entry);
            earnedBySemester.put(semester, earned);
            earnedOverall = earnedOverall.add(earned);
        }
        BigDecimal cgpa = transcript.get("overall_gpa").decimalValue();
        ObjectNode overall = NODES.objectNode();
        overall.put("cgpa", cgpa);
        overall.put("credits_earned", earnedOverall);
        // The table's degree row; without one (R25), the B.Tech figures the service knows: 160, 123 for lateral entry.
        overall.put(
                "credits_required",
                ExpectedPromotion.degreeCredits(table, student).orElse(student.lateralEntry() ? 123 : 160));
        overall.put("open_backlogs", backlogs.size());
        overall.set("backlogs", backlogs);
        overall.put(
                "percentage",
                cgpa.compareTo(new BigDecimal("0.5")) < 0
                        ? BigDecimal.ZERO
                        : cgpa.subtract(new BigDecimal("0.5")).multiply(BigDecimal.TEN));
        overall.put(
                "percentage_rule",
                "(CGPA - 0.5) x 10: the commonly used conversion, not an official figure of the university");
        ObjectNode body = NODES.objectNode();
        body.set("details", transcript.get("details"));
        body.put("regulation", student.regulation());
        body.put("degree", "btech");
        body.put("lateral_entry", student.lateralEntry());
        body.set("semesters", semesters);
        body.set("overall", overall);
        body.set("special_programmes", NODES.arrayNode()); // no minor degree in the simulator's B.Tech world
        body.set("promotion", ExpectedPromotion.standing(cohort, student, earnedBySemester, table));
        body.put("promotion_note", ExpectedPromotion.note(student, table));
        return body;
    }

    /** The latest release of the semester whose page lists the subject: as the release list shows it. */
    private static ObjectNode lastAttempt(Cohort cohort, Student student, String semester, String subjectCode) {
        Exam latest = student.results().entrySet().stream()
                .filter(page ->
                        page.getValue().stream().anyMatch(mark -> mark.code().equals(subjectCode)))
                .map(page -> cohort.exam(page.getKey()).orElseThrow())
                .filter(exam -> exam.semester().equals(semester))
                .max(Comparator.comparing(Exam::releaseDate).thenComparing(Exam::code))
                .orElseThrow();
        return release(latest);
    }

    /**
     * A release as answers name it, from the simulator's truth: code, title as listed, date, regular or
     * supplementary, RC/RV, semester and degree.
     */
    static ObjectNode release(Exam exam) {
        ObjectNode release = NODES.objectNode();
        release.put("exam_code", exam.code());
        release.put("exam_name", exam.title().strip().replaceAll("\\s+", " "));
        release.put("release_date", exam.releaseDate().format(LISTED).toUpperCase(Locale.ROOT));
        release.put("kind", exam.kind() == ExamKind.REGULAR ? "regular" : "supplementary");
        release.put("rcrv", exam.rcrv());
        release.put("semester", exam.semester());
        release.put("degree", exam.degree());
        return release;
    }

    /**
     * A report body made comparable with an expected one: numbers written the same way, and the promotion's wording
     * checked loosely ({@link ExpectedPromotion#wordingChecked}).
     */
    static JsonNode comparable(JsonNode body) {
        return numbersCanonical(ExpectedPromotion.wordingChecked(body));
    }

    /** {@code json} with every number written the same way (19.5 = 19.50, 160 = 160.0), to compare values only. */
    static JsonNode numbersCanonical(JsonNode json) {
        if (json.isNumber()) {
            return NODES.numberNode(json.decimalValue().stripTrailingZeros());
        }
        if (json.isObject()) {
            ObjectNode copy = NODES.objectNode();
            json.properties().forEach(entry -> copy.set(entry.getKey(), numbersCanonical(entry.getValue())));
            return copy;
        }
        if (json.isArray()) {
            ArrayNode copy = NODES.arrayNode();
            json.forEach(element -> copy.add(numbersCanonical(element)));
            return copy;
        }
        return json;
    }
}
