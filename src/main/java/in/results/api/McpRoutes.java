package in.results.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code POST /mcp}: the Model Context Protocol over Streamable HTTP, stateless, answered by the official SDK's
 * stateless server with the {@link McpTools} and the release feed as a resource ({@link FeedResource}). It is a route
 * like every other: CORS ({@link CorsPolicy}: 403 for a page of an origin not allowed), the size limits of a JSON body
 * ({@link JsonBodyReader}), the per-client rate limit, the request deadline, metrics and the error mapping all apply
 * before the SDK sees the message. Each message is answered in its request as {@code application/json};
 * {@code GET /mcp}, which would open a stream, is 405.
 *
 * <p>What is not a message: a body that is not JSON is a JSON-RPC parse error ({@code -32700}), JSON that is not one
 * JSON-RPC request, notification or response an invalid request ({@code -32600}), both with 400. A notification or a
 * response is taken with 202 and no body.
 */
final class McpRoutes {
    static final String PATH = "/mcp";
    /** The header a client names its protocol version in after {@code initialize}. */
    static final String PROTOCOL_VERSION = "MCP-Protocol-Version";

    private final McpTransport transport = new McpTransport();
    private final ObjectMapper mapper;
    private final McpJsonMapper sdkMapper;

    /** The service's version told to clients in {@code initialize}: the API's, as {@code openapi.json} names it. */
    static final String SERVER_VERSION = "0.1.0";

    /** @param mapper reads the messages and writes the answers (the tools' numbers as the HTTP answers write them) */
    McpRoutes(McpTools tools, FeedResource feed, ObjectMapper mapper) {
        this.mapper = mapper;
        this.sdkMapper = new JacksonMcpJsonMapper(mapper);
        McpServer.sync(transport)
                .serverInfo("results-service", SERVER_VERSION)
                .instructions(McpTools.INSTRUCTIONS)
                .capabilities(McpSchema.ServerCapabilities.builder()
                        .tools(false)
                        .resources(false, false)
                        .build())
                .tools(tools.specifications())
                .resources(feed.specification())
                .jsonMapper(sdkMapper)
                // The route checks arguments itself, with the messages of the HTTP API.
                .validateToolInputs(false)
                // The tools run on the request's own (virtual) thread, within its deadline.
                .immediateExecution(true)
                .build();
    }

    void register(JavalinConfig config) {
        config.routes.post(PATH, this::post);
    }

    private void post(Context ctx) {
        String version = ctx.header(PROTOCOL_VERSION);
        if (version != null && !transport.protocolVersions().contains(version)) {
            writeError(ctx, null, McpSchema.ErrorCodes.INVALID_REQUEST, "Unsupported " + PROTOCOL_VERSION + ".");
            return;
        }
        byte[] body = JsonBodyReader.jsonBytesOf(ctx);
        JsonNode tree;
        try {
            tree = mapper.readTree(body);
        } catch (IOException e) {
            tree = null;
        }
        if (tree == null || tree.isMissingNode()) {
            writeError(ctx, null, McpSchema.ErrorCodes.PARSE_ERROR, "The body is not JSON.");
            return;
        }
        McpSchema.JSONRPCMessage message = messageOf(tree, body);
        McpTransportContext context = McpTransportContext.create(Map.of(McpTools.CONTEXT, ctx));
        switch (message) {
            case McpSchema.JSONRPCRequest request -> write(ctx, 200, transport.answer(context, request));
            case McpSchema.JSONRPCNotification notification -> {
                transport.take(context, notification);
                ctx.status(202);
            }
            case McpSchema.JSONRPCResponse response -> ctx.status(202); // no request of this server awaits one
            case null, default ->
                writeError(
                        ctx,
                        idOf(tree),
                        McpSchema.ErrorCodes.INVALID_REQUEST,
                        "The body is not one JSON-RPC 2.0 request, notification or response.");
        }
    }

    /** The message {@code tree} is, or {@code null}; a batch (an array) is none: the protocol has none since 2025. */
    private McpSchema.JSONRPCMessage messageOf(JsonNode tree, byte[] body) {
        boolean shaped = tree.isObject()
                && McpSchema.JSONRPC_VERSION.equals(tree.path("jsonrpc").asText())
                && (!tree.has("method") || tree.get("method").isTextual());
        if (!shaped) {
            return null;
        }
        try {
            return McpSchema.deserializeJsonRpcMessage(sdkMapper, new String(body, StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    /** The request's id when it can be read (a string or a number), so that the client can match the error. */
    private static Object idOf(JsonNode tree) {
        JsonNode id = tree.path("id");
        if (id.isTextual()) {
            return id.asText();
        }
        return id.isIntegralNumber() ? id.numberValue() : null;
    }

    /**
     * 400 with a JSON-RPC error: {@code id} {@code null} where the request's cannot be read, as JSON-RPC 2.0 has it
     * (the SDK's response type takes no null id).
     */
    private void writeError(Context ctx, Object id, int code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("jsonrpc", McpSchema.JSONRPC_VERSION);
        body.put("id", id);
        body.put("error", error);
        write(ctx, 400, body);
    }

    private void write(Context ctx, int status, Object response) {
        try {
            ctx.status(status).contentType(JsonWriter.CONTENT_TYPE).result(mapper.writeValueAsBytes(response));
        } catch (IOException e) {
            throw new IllegalStateException("an MCP answer could not be written as JSON", e);
        }
    }
}
