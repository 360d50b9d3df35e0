package in.results.api;

import io.javalin.http.Context;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;

/**
 * The MCP server's one resource: the release feed, {@code GET /feeds/releases.atom} (every release) as its text, read
 * in the {@code POST /mcp} request as the route reads it (the kept release list, nothing fetched for it). A failure
 * is the HTTP API's sentence and code in a JSON-RPC error.
 */
final class FeedResource {
    static final String URI = "results://feeds/releases.atom";

    private final FeedRoutes feed;

    FeedResource(FeedRoutes feed) {
        this.feed = feed;
    }

    McpStatelessServerFeatures.SyncResourceSpecification specification() {
        McpSchema.Resource resource = McpSchema.Resource.builder(URI, "releases")
                .title("The university's release feed")
                .description("Every result release the university lists, newest first, as the service's Atom feed"
                        + " (GET /feeds/releases.atom): each entry's title, date and link to the university's page."
                        + " The list_releases tool filters the same list.")
                .mimeType(AtomFeed.MEDIA_TYPE)
                .build();
        return new McpStatelessServerFeatures.SyncResourceSpecification(resource, this::read);
    }

    private McpSchema.ReadResourceResult read(McpTransportContext context, McpSchema.ReadResourceRequest request) {
        Context ctx = (Context) context.get(McpTools.CONTEXT);
        String xml;
        try {
            xml = feed.everyRelease(ctx);
        } catch (Exception e) { // as a tool's failure: the HTTP API's sentence
            ErrorMapper.ClientError error = ErrorMapper.errorOf(e, "resources/read " + URI);
            throw McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR)
                    .message(error.message())
                    .data(Map.of("code", error.code()))
                    .build();
        }
        return McpSchema.ReadResourceResult.builder(List.of(McpSchema.TextResourceContents.builder(URI, xml)
                        .mimeType(AtomFeed.MEDIA_TYPE)
                        .build()))
                .build();
    }
}
