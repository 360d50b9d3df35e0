package in.results.simulator;

import in.results.simulator.pages.ErrorPages;
import java.nio.charset.StandardCharsets;

/** One HTTP answer of the simulated site: status, Content-Type and the exact body bytes. */
final class Answer {

    static final String HTML_UTF8 = "text/html;charset=UTF-8";

    private final int status;
    private final String contentType;
    private final byte[] body;

    private Answer(int status, String contentType, byte[] body) {
        this.status = status;
        this.contentType = contentType;
        this.body = body;
    }

    static Answer page(String html) {
        return new Answer(200, HTML_UTF8, html.getBytes(StandardCharsets.UTF_8));
    }

    /** Tomcat's 500 page. Tomcat 7 sent it as plain {@code text/html}, the body in cp1252. */
    static Answer internalError() {
        return new Answer(500, "text/html", ErrorPages.internalError());
    }

    static Answer notFound(String path) {
        return new Answer(404, "text/html", ErrorPages.notFound(path));
    }

    static Answer unavailable() {
        return new Answer(503, "text/html; charset=iso-8859-1", ErrorPages.unavailable());
    }

    int status() {
        return status;
    }

    String contentType() {
        return contentType;
    }

    byte[] body() {
        return body;
    }
}
