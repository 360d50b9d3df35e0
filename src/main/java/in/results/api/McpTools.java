package in.results.api;

import io.javalin.http.Context;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The MCP server's tools as the SDK takes them. Each call runs in its {@code POST /mcp} request ({@link #CONTEXT}):
 * the same lookups, caches, deadline and rate limit as the HTTP twin. A failure is the HTTP API's, told as the HTTP
 * API tells it ({@link ErrorMapper#errorOf}): a tool result with {@code isError: true}, the sentence as its text and
 * {@code {"error", "code"}} (and {@code retry_after_seconds}) as its structured content.
 */
final class McpTools {
    /** The key of the Javalin request in the SDK's transport context. */
    static final String CONTEXT = "results.request";
    /** What the server says of itself in {@code initialize}. */
    static final String INSTRUCTIONS = "JNTUH examination results, read from the university's result site: a"
            + " student's semesters, attempts and report, one release's page, the release list, a class's summary."
            + " Every tool is read-only. SGPA is one semester's grade point average; CGPA (overall_gpa) is over every"
            + " semester passed; a percentage is the common conversion, not an official figure. Class tools start a"
            + " job and answer its progress: call them again after a few seconds until the answer is finished.";

    private final List<McpTool> tools;

    McpTools(List<McpTool> tools) {
        this.tools = List.copyOf(tools);
    }

    List<McpStatelessServerFeatures.SyncToolSpecification> specifications() {
        return tools.stream().map(McpTools::specification).toList();
    }

    private static McpStatelessServerFeatures.SyncToolSpecification specification(McpTool tool) {
        McpSchema.Tool described = McpSchema.Tool.builder(tool.name(), tool.inputSchema())
                .title(tool.title())
                .description(tool.description())
                // Read-only, changes nothing, and answers from the university's site (an open world).
                .annotations(new McpSchema.ToolAnnotations(tool.title(), true, false, true, true, null))
                .build();
        return new McpStatelessServerFeatures.SyncToolSpecification(
                described, (context, request) -> call(tool, context, request));
    }

    private static McpSchema.CallToolResult call(
            McpTool tool, McpTransportContext context, McpSchema.CallToolRequest request) {
        Context ctx = (Context) context.get(CONTEXT);
        ToolAnswer answer;
        try {
            answer = tool.call().answer(new ToolArguments(request.arguments()), ctx);
        } catch (Exception e) { // the tools' one boundary, as ErrorMapper is the routes'
            return failure(ErrorMapper.errorOf(e, "tools/call " + tool.name()));
        }
        return McpSchema.CallToolResult.builder()
                .structuredContent(answer.structured())
                .addTextContent(answer.summary())
                .isError(false)
                .build();
    }

    private static McpSchema.CallToolResult failure(ErrorMapper.ClientError error) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", error.message());
        body.put("code", error.code());
        if (error.retryAfterSeconds() > 0) {
            body.put("retry_after_seconds", error.retryAfterSeconds());
        }
        return McpSchema.CallToolResult.builder()
                .structuredContent(body)
                .addTextContent(error.message())
                .isError(true)
                .build();
    }
}
