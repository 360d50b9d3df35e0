package in.results.e2e;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Map;

/** The MCP SDK's own client over Streamable HTTP, as an assistant connects to the service's {@code /mcp}. */
public final class McpClients {
    private McpClients() {}

    /** The JSON-RPC body of a {@code tools/call} of {@code tool} with {@code arguments}, as a plain HTTP client sends it. */
    public static String toolCallBody(String tool, Map<String, Object> arguments) {
        try {
            return ServiceClient.MAPPER.writeValueAsString(Map.of(
                    "jsonrpc",
                    "2.0",
                    "id",
                    1,
                    "method",
                    "tools/call",
                    "params",
                    Map.of("name", tool, "arguments", arguments)));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("arguments that cannot be written as JSON: " + arguments, e);
        }
    }

    /** A client of the service on {@code port}, initialized. */
    static McpSyncClient connected(int port) {
        McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port)
                        .endpoint("/mcp")
                        .build())
                .requestTimeout(Duration.ofSeconds(60))
                .build();
        client.initialize();
        return client;
    }

    static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(
                McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
    }

    /** The structured content of {@code result}, parsed as the HTTP answers are (numbers as decimals). */
    static JsonNode structured(McpSchema.CallToolResult result) {
        try {
            return ServiceClient.MAPPER.readTree(ServiceClient.MAPPER.writeValueAsString(result.structuredContent()));
        } catch (JsonProcessingException e) {
            throw new AssertionError("structured content is not JSON: " + result, e);
        }
    }

    /** The text of {@code result}'s first content. */
    static String text(McpSchema.CallToolResult result) {
        return ((McpSchema.TextContent) result.content().getFirst()).text();
    }
}
