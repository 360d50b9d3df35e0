package in.results.api;

import io.javalin.http.Context;
import java.util.Map;
import java.util.Objects;

/**
 * One read-only MCP tool: what it tells assistants of itself and what a call does.
 *
 * @param inputSchema the JSON Schema of its arguments
 * @param call answers a call, made within {@code ctx}: the {@code POST /mcp} request, with its deadline and client
 */
record McpTool(String name, String title, String description, Map<String, Object> inputSchema, Call call) {
    McpTool {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(description, "description");
        inputSchema = Map.copyOf(inputSchema);
        Objects.requireNonNull(call, "call");
    }

    /** A tool's work; it throws the HTTP API's failures, which the caller turns into an error result. */
    @FunctionalInterface
    interface Call {
        ToolAnswer answer(ToolArguments arguments, Context ctx);
    }
}
