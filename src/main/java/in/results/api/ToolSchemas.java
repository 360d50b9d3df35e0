package in.results.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON Schemas of the MCP tools' arguments, with the words assistants read: what a hall ticket looks like and
 * which parameters name a release. The checks themselves are the HTTP API's ({@link Params}), with its messages.
 */
final class ToolSchemas {
    static final String HALL_TICKET = "hallticket";
    /** What a hall ticket is, said wherever a tool takes one. */
    static final String HALL_TICKET_WORDS = "A JNTUH hall ticket: 10 letters and digits, such as 189A1A0501 or"
            + " 22BD1A0507. Characters 1-2 are the year of admission (of joining the second year for lateral entry),"
            + " 3-4 the college, 5 the entry (1 regular, 5 lateral), 6 the programme (A B.Tech, R B.Pharmacy,"
            + " D M.Tech, S M.Pharmacy, E MBA, F MCA), 7-8 the branch and 9-10 the roll.";

    private ToolSchemas() {}

    /** An object of {@code properties}, {@code required} among them, and nothing else. */
    static Map<String, Object> object(Map<String, Object> properties, List<String> required) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("required", required);
        schema.put("additionalProperties", false);
        return schema;
    }

    static Map<String, Object> text(String description) {
        return Map.of("type", "string", "description", description);
    }

    static Map<String, Object> text(String description, String pattern) {
        return Map.of("type", "string", "description", description, "pattern", pattern);
    }

    static Map<String, Object> hallTicket(String description) {
        return text(description + " " + HALL_TICKET_WORDS, "^[A-Za-z0-9]{10}$");
    }

    /** The properties naming one release: its link's parameters, {@code examCode} required. */
    static Map<String, Object> releaseProperties() {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put(
                "examCode",
                text(
                        "The release's exam code (1 to 6 digits), its examCode in list_releases; the other"
                                + " parameters are that release's too, as listed (grad=pg for postgraduate releases).",
                        "^[0-9]{1,6}$"));
        properties.put("degree", word("The release's degree as list_releases gives it (btech when absent)."));
        for (String name : List.of("etype", "type", "result", "grad")) {
            properties.put(name, word("The release's " + name + " as list_releases gives it; leave out when absent."));
        }
        return properties;
    }

    private static Map<String, Object> word(String description) {
        return text(description, "^[A-Za-z0-9]{0,20}$");
    }
}
