package in.results.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Locale;

/**
 * Reads a request's JSON object body, refusing what a browser page of another site could send without asking first
 * (any type but {@code application/json}: 415) and reading no more than {@link #MOST_BYTES} from the connection
 * whatever the client streams: a body past it is refused (413) with the connection closed, so that the rest is never
 * read. Javalin's own body reading would take the whole body into memory first.
 */
final class JsonBodyReader {
    /** The largest request body taken. */
    static final int MOST_BYTES = 8 * 1024;

    private final ObjectMapper mapper;

    JsonBodyReader(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** The body as a JSON object; 415, 413 or 400 as the project's JSON error otherwise. */
    JsonNode objectOf(Context ctx) {
        byte[] bytes = jsonBytesOf(ctx);
        if (bytes.length == 0) {
            throw ApiException.invalidParameter("body", "is required: a JSON object");
        }
        JsonNode body;
        try {
            body = mapper.readTree(bytes);
        } catch (IOException e) {
            throw ApiException.invalidParameter("body", "must be a JSON object");
        }
        if (body == null || !body.isObject()) {
            throw ApiException.invalidParameter("body", "must be a JSON object");
        }
        return body;
    }

    /**
     * The body's bytes, not yet parsed, of a request that says it sends JSON: 415 for any other type, 413 past
     * {@link #MOST_BYTES}. For a caller that answers unreadable JSON in a shape of its own (the MCP endpoint).
     */
    static byte[] jsonBytesOf(Context ctx) {
        if (!isJson(ctx.header("Content-Type"))) {
            throw ApiException.unsupportedMediaType();
        }
        return boundedBody(ctx);
    }

    /** {@code application/json}, any case, with or without parameters such as {@code ; charset=utf-8}. */
    static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        int parameters = contentType.indexOf(';');
        String type = parameters < 0 ? contentType : contentType.substring(0, parameters);
        return type.strip().toLowerCase(Locale.ROOT).equals("application/json");
    }

    /** At most {@link #MOST_BYTES} + 1 bytes read: one more than allowed is enough to know the body is too large. */
    private static byte[] boundedBody(Context ctx) {
        if (ctx.contentLength() > MOST_BYTES) {
            throw tooLarge(ctx);
        }
        byte[] buffer = new byte[MOST_BYTES + 1];
        int filled = 0;
        try {
            InputStream in = ctx.req().getInputStream();
            for (int read = 0; read >= 0 && filled < buffer.length; filled += Math.max(read, 0)) {
                read = in.read(buffer, filled, buffer.length - filled);
            }
        } catch (IOException e) {
            throw ApiException.invalidParameter("body", "could not be read to its end");
        }
        if (filled > MOST_BYTES) {
            throw tooLarge(ctx);
        }
        return Arrays.copyOf(buffer, filled);
    }

    /** 413; the connection is closed after the answer, so the server reads none of the rest of the body. */
    private static ApiException tooLarge(Context ctx) {
        ctx.header("Connection", "close");
        return ApiException.bodyTooLarge(MOST_BYTES);
    }
}
