package in.results.api;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import reactor.core.publisher.Mono;

/**
 * The MCP SDK's stateless server as {@link McpRoutes} calls it: the SDK gives this transport its handler, and the
 * route hands it each message read from a request. No session, no stream: a message is answered within the request
 * that brought it, on that request's thread, so any instance of a fleet answers any message.
 */
final class McpTransport implements McpStatelessServerTransport {
    private volatile McpStatelessServerHandler handler;

    @Override
    public void setMcpHandler(McpStatelessServerHandler handler) {
        this.handler = handler;
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.empty(); // nothing open between requests
    }

    /** The SDK's answer to {@code request}: a result, or a JSON-RPC error such as an unknown tool's. */
    McpSchema.JSONRPCResponse answer(McpTransportContext context, McpSchema.JSONRPCRequest request) {
        return handler.handleRequest(context, request)
                .contextWrite(reactor -> reactor.put(McpTransportContext.KEY, context))
                .block();
    }

    /** Hands the SDK a notification ({@code notifications/initialized}); a stateless server keeps nothing of it. */
    void take(McpTransportContext context, McpSchema.JSONRPCNotification notification) {
        handler.handleNotification(context, notification)
                .contextWrite(reactor -> reactor.put(McpTransportContext.KEY, context))
                .block();
    }
}
