package in.results.simulator.pages;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * The failure answers of the real deployment: Tomcat's own error pages (written in cp1252, so the
 * en dash of the title is byte 0x96 — a UTF-8 decoder chokes on it) and the short page a gateway
 * returns while Tomcat behind it is down.
 */
public final class ErrorPages {

    /** The charset of Tomcat's error pages: their bodies decode with it. */
    public static final Charset CP1252 = Charset.forName("windows-1252");

    private static final String STYLE = "<style type=\"text/css\">body {font-family:Tahoma,Arial,sans-serif;} "
            + "h1, h2, h3, b {color:white;background-color:#525D76;} h1 {font-size:22px;} h2 {font-size:16px;} "
            + "h3 {font-size:14px;} p {font-size:12px;} a {color:black;} "
            + ".line {height:1px;background-color:#525D76;border:none;}</style>";

    private static final byte[] INTERNAL_ERROR = ("<!doctype html><html lang=\"en\"><head>"
                    + "<title>HTTP Status 500 \u2013 Internal Server Error</title>" + STYLE + "</head><body>"
                    + "<h1>HTTP Status 500 \u2013 Internal Server Error</h1><hr class=\"line\" />"
                    + "<p><b>Type</b> Exception Report</p>"
                    + "<p><b>Description</b> The server encountered an unexpected condition that prevented it from "
                    + "fulfilling the request.</p>"
                    + "<p><b>Exception</b> <pre>java.lang.NullPointerException\n"
                    + "\tin.ac.jntuh.results.service.ResultsService.getDisplayInfo(ResultsService.java:45)\n"
                    + "\tin.ac.jntuh.results.action.ResultsAction.doGet(ResultsAction.java:46)\n"
                    + "\tin.ac.jntuh.results.action.ResultsAction.doPost(ResultsAction.java:97)\n"
                    + "\tjavax.servlet.http.HttpServlet.service(HttpServlet.java:647)\n"
                    + "\tjavax.servlet.http.HttpServlet.service(HttpServlet.java:728)\n"
                    + "\torg.apache.tomcat.websocket.server.WsFilter.doFilter(WsFilter.java:52)\n"
                    + "</pre></p><p><b>Note</b> The full stack trace of the root cause is available in the server logs.</p>"
                    + "<hr class=\"line\" /><h3>Apache Tomcat/7.0.99</h3></body></html>")
            .getBytes(CP1252);

    private static final byte[] UNAVAILABLE = """
            <!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">
            <html><head>
            <title>503 Service Unavailable</title>
            </head><body>
            <h1>Service Unavailable</h1>
            <p>The server is temporarily unable to service your
            request due to maintenance downtime or capacity
            problems. Please try again later.</p>
            </body></html>
            """.getBytes(StandardCharsets.ISO_8859_1);

    private ErrorPages() {}

    /** Tomcat's HTTP 500 page for the NullPointerException the result servlet throws on bad input. */
    public static byte[] internalError() {
        return INTERNAL_ERROR.clone();
    }

    /** Tomcat's HTTP 404 page naming the missing path. */
    public static byte[] notFound(String path) {
        return ("<!doctype html><html lang=\"en\"><head><title>HTTP Status 404 \u2013 Not Found</title>" + STYLE
                        + "</head><body><h1>HTTP Status 404 \u2013 Not Found</h1><hr class=\"line\" />"
                        + "<p><b>Type</b> Status Report</p><p><b>Message</b> " + Html.escape(path) + "</p>"
                        + "<p><b>Description</b> The origin server did not find a current representation for the target "
                        + "resource or is not willing to disclose that one exists.</p><hr class=\"line\" />"
                        + "<h3>Apache Tomcat/7.0.99</h3></body></html>")
                .getBytes(CP1252);
    }

    /** The gateway's 503 page while the application is down. */
    public static byte[] unavailable() {
        return UNAVAILABLE.clone();
    }
}
