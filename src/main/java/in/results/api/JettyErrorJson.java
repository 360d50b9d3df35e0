package in.results.api;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Errors that Jetty answers itself, before any route runs — a malformed URI (400), a URI or headers too
 * long (414, 431) — in the service's JSON error shape instead of Jetty's HTML page. The body is fixed per
 * status: nothing of the request is echoed.
 */
final class JettyErrorJson extends ErrorHandler {

    @Override
    protected void generateResponse(
            Request request, Response response, int code, String message, Throwable cause, Callback callback) {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, JsonWriter.CONTENT_TYPE);
        response.write(true, ByteBuffer.wrap(body(code)), callback);
    }

    static byte[] body(int status) {
        String json = switch (status) {
            case 404 -> "{\"error\":\"No such endpoint.\",\"code\":\"NOT_FOUND\"}";
            case 405 -> "{\"error\":\"Only GET is supported.\",\"code\":\"METHOD_NOT_ALLOWED\"}";
            case 414, 431 -> "{\"error\":\"The request is too long.\",\"code\":\"REQUEST_TOO_LARGE\"}";
            default ->
                status >= 500
                        ? "{\"error\":\"The service failed unexpectedly; please try again later.\",\"code\":\"INTERNAL_ERROR\"}"
                        : "{\"error\":\"The request could not be read.\",\"code\":\"BAD_REQUEST\"}";
        };
        return json.getBytes(StandardCharsets.UTF_8);
    }
}
