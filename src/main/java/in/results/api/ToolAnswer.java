package in.results.api;

import java.util.Map;
import java.util.Objects;

/**
 * What an MCP tool answers: the structured result (the JSON body its HTTP twin answers, as an object) and a short
 * summary in words for assistants that read only text.
 */
record ToolAnswer(Map<String, Object> structured, String summary) {
    ToolAnswer {
        Objects.requireNonNull(structured, "structured");
        Objects.requireNonNull(summary, "summary");
    }
}
