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
final class McpClients {
    private McpClients() {}

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
