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
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The promotion standing of a simulated student, by hand: the thresholds of DEGREES.md's "Promotion by credits" table
 * (or of an altered table a test writes to a file), the credits earned in the semesters up to each year's end, and the
 * simulator's release list for whether the year has ended for the student's batch. Nothing of the service's own
 * promotion code is used.
 */
final class ExpectedPromotion {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** One row of the table: {@code into} is {@code 2-1}, {@code 3-1}, {@code 4-1} or {@code degree}. */
    record Threshold(String regulation, boolean lateral, String into, int required, int offered, boolean confirmed) {
        /** The semester whose end the row counts up to: the year's second one, 4-2 for the degree. */
        String lastSemester() {
            return into.equals("degree") ? "4-2" : (Integer.parseInt(into.substring(0, 1)) - 1) + "-2";
        }

        String entry() {
            return lateral ? "lateral" : "regular";
        }
    }

    /** DEGREES.md's table as the service ships it: earned / offered up to each year's end, and the degree's credits. */
    static final List<Threshold> SHIPPED = List.of(
            new Threshold("R18", false, "2-1", 18, 37, true),
            new Threshold("R18", false, "3-1", 47, 79, true),
            new Threshold("R18", false, "4-1", 73, 123, true),
            new Threshold("R18", false, "degree", 160, 160, true),
            new Threshold("R18", true, "3-1", 25, 42, true),
            new Threshold("R18", true, "4-1", 51, 86, false),
            new Threshold("R18", true, "degree", 123, 123, true),
            new Threshold("R22", false, "2-1", 20, 40, false),
            new Threshold("R22", false, "3-1", 48, 80, true),
            new Threshold("R22", false, "4-1", 72, 120, true),
            new Threshold("R22", false, "degree", 160, 160, true),
            new Threshold("R22", true, "3-1", 24, 40, true),
            new Threshold("R22", true, "4-1", 48, 80, true),
            new Threshold("R22", true, "degree", 120, 120, false));

    private ExpectedPromotion() {}

    /** The rows of {@code table} for {@code student}'s regulation and entry, in table order. */
    static List<Threshold> rowsOf(List<Threshold> table, Student student) {
        return table.stream()
                .filter(row -> row.regulation().equals(student.regulation()) && row.lateral() == student.lateralEntry())
                .toList();
    }

    /** The credits the degree needs by {@code table}'s degree row; empty where the table has none. */
    static OptionalInt degreeCredits(List<Threshold> table, Student student) {
        return rowsOf(table, student).stream()
                .filter(row -> row.into().equals("degree"))
                .mapToInt(Threshold::required)
                .findFirst();
    }

    /**
     * The {@code "promotion"} value: one entry per row of the student's regulation and entry, or JSON null when
     * {@code table} has none. {@code earnedBySemester} holds the credits earned in each semester ({@code "2-1"}).
     */
    static JsonNode standing(
            Cohort cohort, Student student, Map<String, BigDecimal> earnedBySemester, List<Threshold> table) {
        List<Threshold> rows = rowsOf(table, student);
        if (rows.isEmpty()) {
            return NODES.nullNode();
        }
        ArrayNode steps = NODES.arrayNode();
        for (Threshold row : rows) {
            BigDecimal earned = earnedBySemester.entrySet().stream()
                    .filter(semester -> semester.getKey().compareTo(row.lastSemester()) <= 0)
                    .map(Map.Entry::getValue)
                    .reduce(BigDecimal.ZERO, BigDecimal::add);
            BigDecimal required = BigDecimal.valueOf(row.required());
            ObjectNode step = NODES.objectNode();
            step.put("into", row.into());
            step.put("credits_earned", earned);
            step.put("credits_required", row.required());
            step.put("credits_offered", row.offered());
            if (earned.compareTo(required) >= 0) {
                step.put("status", "met");
            } else {
                step.put("status", yearEnded(cohort, student, row) ? "short" : "not yet due");
                step.put("credits_short", required.subtract(earned));
            }
            step.put("rule", ruleWords(row.regulation(), row.entry(), row.into(), row.required(), row.offered()));
            step.put("confirmed", row.confirmed());
            steps.add(step);
        }
        return steps;
    }

    /** The {@code "promotion_note"} as {@link #wordingChecked} leaves a good one. */
    static String note(Student student, List<Threshold> table) {
        return rowsOf(table, student).isEmpty() ? unknownWords(student.regulation()) : STANDING_NOTE;
    }

    /**
     * Whether the year the row counts up to has ended for the student's batch on the list: it holds the batch's
     * regular release of the year's first semester — the first regular release of it dated on or after 1 January of
     * the year the batch first sits it, admission year (the hall ticket's two digits, one less for lateral entry) +
     * the semester's year — and a regular release of the year's second semester dated on or after that one. (By the
     * 1 January rule alone, an earlier batch's second-semester release delayed into the next calendar year, as in
     * 2020–21, would end the later batch's year before it has begun.)
     */
    static boolean yearEnded(Cohort cohort, Student student, Threshold row) {
        String hallTicket = student.hallTicket();
        int admitted = 2000 + Integer.parseInt(hallTicket.substring(0, 2)) - (hallTicket.charAt(4) == '5' ? 1 : 0);
        String last = row.lastSemester();
        int year = Integer.parseInt(last.substring(0, 1));
        LocalDate first = LocalDate.of(admitted + year, 1, 1);
        Optional<LocalDate> opened = regularDates(cohort, student.regulation(), year + "-1")
                .filter(date -> !date.isBefore(first))
                .min(Comparator.naturalOrder());
        return opened.isPresent()
                && regularDates(cohort, student.regulation(), last).anyMatch(date -> !date.isBefore(opened.get()));
    }

    private static Stream<LocalDate> regularDates(Cohort cohort, String regulation, String semester) {
        return cohort.exams().stream()
                .filter(exam -> isRegularOf(exam, regulation, semester))
                .map(Exam::releaseDate);
    }

    /** A B.Tech regular exam (not its RC/RV, not a minor programme's) of {@code regulation}'s {@code semester}. */
    static boolean isRegularOf(Exam exam, String regulation, String semester) {
        return !exam.rcrv()
                && !exam.minorProgramme()
                && exam.kind() == ExamKind.REGULAR
                && exam.degree().equals("btech")
                && exam.regulation().equals(regulation)
                && exam.semester().equals(semester);
    }

    /**
     * For each (regulation, entry, step, status) that the expected standings on {@code table} show at {@code cohort}'s
     * day, the first student showing it, keyed as {@code "R18 regular into 3-1: met"}.
     */
    static Map<String, Student> covering(Cohort cohort, List<Threshold> table) {
        Map<String, Student> firsts = new TreeMap<>();
        for (Student student : cohort.students()) {
            if (student.hasNoResult() || rowsOf(table, student).isEmpty()) {
                continue;
            }
            String entry = student.regulation() + " " + (student.lateralEntry() ? "lateral" : "regular");
            for (JsonNode step : ExpectedReport.of(cohort, student, table).get("promotion")) {
                firsts.putIfAbsent(
                        entry + " into " + step.get("into").asText() + ": "
                                + step.get("status").asText(),
                        student);
            }
        }
        return firsts;
    }

    /** {@code table} as a rules file of the shipped shape, for RESULTS_PROMOTION_RULES_FILE. */
    static String rulesFile(List<Threshold> table) {
        ArrayNode rules = NODES.arrayNode();
        for (Threshold row : table) {
            rules.addObject()
                    .put("degree", "btech")
                    .put("regulation", row.regulation())
                    .put("entry", row.entry())
                    .put("into", row.into())
                    .put("required", row.required())
                    .put("offered", row.offered())
                    .put("confirmed", row.confirmed())
                    .put("source", "a test's altered table");
        }
        ObjectNode file = NODES.objectNode();
        file.set("rules", rules);
        return file.toPrettyString();
    }

    // The wording is compared loosely: a rule must name its regulation, entry, step and numbers, a note must be there
    // (and, without rules, name the regulation as not known). Good wording is replaced by these fixed words, so
    // that a whole report can be compared with equals and a bad one still shows its own text in the difference.

    private static final String STANDING_NOTE = "a note beside the standing";

    private static String ruleWords(String regulation, String entry, String into, int required, int offered) {
        return into.equals("degree")
                ? "names " + regulation + " " + entry + " entry, the degree, " + required
                : "names " + regulation + " " + entry + " entry, into " + into + ", " + required + " of " + offered;
    }

    private static String unknownWords(String regulation) {
        return "says the rules of " + regulation + " are not known";
    }

    /** A copy of the report {@code body} with its promotion wording replaced as above where it is good. */
    static JsonNode wordingChecked(JsonNode body) {
        if (!body.isObject() || !body.has("promotion")) {
            return body;
        }
        ObjectNode copy = body.deepCopy();
        String regulation = body.path("regulation").asText();
        String entry = body.path("lateral_entry").asBoolean() ? "lateral" : "regular";
        String note = body.path("promotion_note").asText("");
        if (copy.get("promotion").isArray()) {
            for (JsonNode element : copy.get("promotion")) {
                ObjectNode step = (ObjectNode) element;
                String into = step.path("into").asText();
                int required = step.path("credits_required").asInt();
                int offered = step.path("credits_offered").asInt();
                String rule = step.path("rule").asText("");
                boolean good = names(rule, regulation)
                        && rule.toLowerCase(Locale.ROOT).contains(entry)
                        && names(rule, Integer.toString(required))
                        && (into.equals("degree")
                                ? rule.toLowerCase(Locale.ROOT).contains("degree")
                                : names(rule, into) && names(rule, Integer.toString(offered)));
                if (good) {
                    step.put("rule", ruleWords(regulation, entry, into, required, offered));
                }
            }
            if (!note.isBlank()) {
                copy.put("promotion_note", STANDING_NOTE);
            }
        } else if (names(note, regulation) && note.contains("not known")) {
            copy.put("promotion_note", unknownWords(regulation));
        }
        return copy;
    }

    /** Whether {@code text} holds {@code word} not as part of a longer number or code. */
    private static boolean names(String text, String word) {
        return Pattern.compile("(?<![\\w.])" + Pattern.quote(word) + "(?![\\w.]|-\\d)")
                .matcher(text)
                .find();
    }
}
