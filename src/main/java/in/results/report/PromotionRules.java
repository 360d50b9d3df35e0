package in.results.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.catalog.Course;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The promotion-by-credits table (DEGREES.md "Promotion by credits"), as data: per course and entry, the credits each
 * {@link Transition} requires out of those offered up to it. The service ships {@code report/promotion-rules.json};
 * an operator replaces it with a file of the same shape ({@code RESULTS_PROMOTION_RULES_FILE}) when a circular changes
 * a threshold, and a file that breaks a rule below stops start-up with the rule and the row named.
 *
 * <p>A file's rules: every row names a served course ({@code "degree"} key and {@code "regulation"}), an
 * {@code "entry"} ({@code regular} or {@code lateral}), a transition ({@code "into"}: {@code 2-1}, {@code 3-1},
 * {@code 4-1} or {@code degree}; lateral entry has no {@code 2-1}), whole numbers {@code 1 ≤ required ≤ offered},
 * {@code "confirmed"} and a {@code "source"} sentence; no row twice; each course and entry with rows has a
 * {@code degree} row, and its offered credits grow from one transition to the next.
 */
public final class PromotionRules {
    private static final String SHIPPED = "/report/promotion-rules.json";
    private static final Set<String> FIELDS =
            Set.of("degree", "regulation", "entry", "into", "required", "offered", "confirmed", "source");

    /** One row of the table. */
    public record Rule(
            Course course,
            boolean lateralEntry,
            Transition into,
            int required,
            int offered,
            boolean confirmed,
            String source) {
        public Rule {
            Objects.requireNonNull(course, "course");
            Objects.requireNonNull(into, "into");
            Objects.requireNonNull(source, "source");
        }

        /** The row in words, for the answer: {@code R18 regular entry, into 3-1: 47 of the 79 credits … (source)}. */
        public String describe() {
            String step = into == Transition.DEGREE
                    ? "the degree: " + required + " credits"
                    : "into " + into.key() + ": " + required + " of the " + offered + " credits offered up to "
                            + into.lastSemester(course).key();
            return course.regulation().code() + " " + (lateralEntry ? "lateral" : "regular") + " entry, " + step + " ("
                    + source + ")";
        }
    }

    private record Key(Course course, boolean lateralEntry) {}

    private final Map<Key, List<Rule>> rules;

    private PromotionRules(Map<Key, List<Rule>> rules) {
        this.rules = rules;
    }

    /** The table the service ships. */
    public static PromotionRules shipped() {
        try (InputStream in = PromotionRules.class.getResourceAsStream(SHIPPED)) {
            return parse(Objects.requireNonNull(in, SHIPPED).readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The table in {@code file}.
     *
     * @throws IllegalArgumentException naming the rule the file breaks, or why it cannot be read
     */
    public static PromotionRules read(Path file) {
        try {
            return parse(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The rows of {@code course} for a student of {@code lateralEntry}, in transition order; empty where the table has
     * none (the standing is then not known).
     */
    public List<Rule> of(Course course, boolean lateralEntry) {
        return rules.getOrDefault(new Key(course, lateralEntry), List.of());
    }

    /** The credits the degree needs, as the table's {@code degree} row says; empty without rows. */
    public OptionalInt degreeCredits(Course course, boolean lateralEntry) {
        return of(course, lateralEntry).stream()
                .filter(rule -> rule.into() == Transition.DEGREE)
                .mapToInt(Rule::required)
                .findFirst();
    }

    static PromotionRules parse(byte[] json) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(json);
        } catch (IOException e) { // JsonProcessingException: the bytes are in memory
            throw new IllegalArgumentException("not JSON: "
                    + (e instanceof JsonProcessingException parsing ? parsing.getOriginalMessage() : e.getMessage()));
        }
        JsonNode rows = root == null ? null : root.get("rules");
        if (rows == null || !rows.isArray() || rows.isEmpty()) {
            throw new IllegalArgumentException("'rules' must be a list of at least one rule");
        }
        Map<Key, Map<Transition, Rule>> byKey = new LinkedHashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            Rule rule = ruleOf(rows.get(i), "rule " + (i + 1));
            Map<Transition, Rule> ofKey = byKey.computeIfAbsent(
                    new Key(rule.course(), rule.lateralEntry()), key -> new EnumMap<>(Transition.class));
            if (ofKey.put(rule.into(), rule) != null) {
                throw new IllegalArgumentException("rule " + (i + 1) + ": a second row for " + name(rule));
            }
        }
        Map<Key, List<Rule>> rules = new LinkedHashMap<>();
        byKey.forEach((key, ofKey) -> rules.put(key, checkedSteps(List.copyOf(ofKey.values()))));
        return new PromotionRules(rules);
    }

    /** {@code steps} (in transition order) when they end with the degree and their offered credits grow. */
    private static List<Rule> checkedSteps(List<Rule> steps) {
        Rule last = steps.getLast();
        if (last.into() != Transition.DEGREE) {
            throw new IllegalArgumentException(
                    name(last).replace(" into " + last.into().key(), "") + " has no 'degree' row");
        }
        for (int i = 1; i < steps.size(); i++) {
            if (steps.get(i).offered() <= steps.get(i - 1).offered()) {
                throw new IllegalArgumentException(name(steps.get(i)) + ": 'offered' must be more than the "
                        + steps.get(i - 1).offered() + " of "
                        + steps.get(i - 1).into().key());
            }
        }
        return steps;
    }

    private static Rule ruleOf(JsonNode row, String where) {
        if (row == null || !row.isObject()) {
            throw new IllegalArgumentException(where + ": must be an object");
        }
        List<String> unknown = new ArrayList<>();
        row.fieldNames().forEachRemaining(field -> {
            if (!FIELDS.contains(field)) {
                unknown.add(field);
            }
        });
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException(where + ": unknown field '" + unknown.getFirst() + "' (fields: "
                    + FIELDS.stream().sorted(Comparator.naturalOrder()).toList() + ")");
        }
        Course course = courseOf(text(row, "degree", where), text(row, "regulation", where), where);
        boolean lateral = switch (text(row, "entry", where)) {
            case "regular" -> false;
            case "lateral" -> true;
            default -> throw new IllegalArgumentException(where + ": 'entry' must be 'regular' or 'lateral'");
        };
        Transition into = Transition.ofKey(text(row, "into", where))
                .orElseThrow(
                        () -> new IllegalArgumentException(where + ": 'into' must be '2-1', '3-1', '4-1' or 'degree'"));
        if (lateral && into == Transition.INTO_2_1) {
            throw new IllegalArgumentException(where + ": lateral entry joins in 2-1 and has no 'into' 2-1 row");
        }
        if (course.semesters().size() != 8) {
            throw new IllegalArgumentException(where + ": promotion by year is known for four-year courses only");
        }
        int offered = whole(row, "offered", where);
        int required = whole(row, "required", where);
        if (required > offered) {
            throw new IllegalArgumentException(
                    where + ": 'required' (" + required + ") is more than 'offered' (" + offered + ")");
        }
        JsonNode confirmed = row.get("confirmed");
        if (confirmed == null || !confirmed.isBoolean()) {
            throw new IllegalArgumentException(where + ": 'confirmed' must be true or false");
        }
        return new Rule(course, lateral, into, required, offered, confirmed.booleanValue(), text(row, "source", where));
    }

    private static Course courseOf(String degreeKey, String regulationCode, String where) {
        return Course.all().stream()
                .filter(course -> course.degree().key().equals(degreeKey)
                        && course.regulation().code().equals(regulationCode))
                .findFirst()
                .orElseThrow(() ->
                        new IllegalArgumentException(where + ": no served course " + degreeKey + " " + regulationCode));
    }

    private static String text(JsonNode row, String field, String where) {
        JsonNode value = row.get(field);
        if (value == null || !value.isTextual() || value.asText().isBlank()) {
            throw new IllegalArgumentException(where + ": '" + field + "' must be a non-empty string");
        }
        return value.asText().strip();
    }

    private static int whole(JsonNode row, String field, String where) {
        JsonNode value = row.get(field);
        if (value == null || !value.canConvertToExactIntegral() || !value.canConvertToInt() || value.asInt() < 1) {
            throw new IllegalArgumentException(where + ": '" + field + "' must be a whole number of at least 1");
        }
        return value.asInt();
    }

    private static String name(Rule rule) {
        return rule.course().degree().key() + " " + rule.course().regulation().code() + " "
                + (rule.lateralEntry() ? "lateral" : "regular") + " into "
                + rule.into().key();
    }
}
