package in.results.simulator.pages;

import java.util.Map;

/**
 * The search form the university answers with when it has no result for a hall ticket in an
 * exam (HTTP 200, not 404): the page a student first sees, asking again for the hall ticket.
 * Not captured from the live site; reconstructed around its one known text.
 */
public final class SearchFormWriter {

    /** Text that identifies the form; the service recognises "no result" by it. */
    static final String PROMPT = "Enter HallTicket Number";

    private SearchFormWriter() {}

    /** The form, carrying the request's exam parameters forward as hidden fields. */
    public static String searchForm(Map<String, String> examParams) {
        StringBuilder page = new StringBuilder(1_024);
        page.append("\r\n\r\n<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\">\r\n")
                .append("<html>\r\n<head>\r\n")
                .append("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\">\r\n")
                .append("<title>Results</title>\r\n")
                .append("<script type=\"text/javascript\" src=\"/js/fkeys.js\"></script>\r\n")
                .append("</head>\r\n<body oncontextmenu=\"return false\">\r\n")
                .append("\t<form method=\"post\" action=\"/resultAction\" name=\"resultForm\">\r\n");
        examParams.forEach((name, value) -> page.append("\t\t<input type=\"hidden\" name=\"")
                .append(Html.escape(name))
                .append("\" value=\"")
                .append(Html.escape(value))
                .append("\">\r\n"));
        page.append("\t\t<table align=\"center\" width=\"40%\">\r\n")
                .append("\t\t\t<tr>\r\n\t\t\t\t<td><b>")
                .append(PROMPT)
                .append(" :</b></td>\r\n")
                .append("\t\t\t\t<td><input type=\"text\" name=\"htno\" maxlength=\"10\" size=\"12\"></td>\r\n")
                .append("\t\t\t</tr>\r\n")
                .append("\t\t\t<tr>\r\n\t\t\t\t<td colspan=\"2\" align=\"center\">")
                .append("<input type=\"submit\" value=\"Submit\"></td>\r\n\t\t\t</tr>\r\n")
                .append("\t\t</table>\r\n\t</form>\r\n</body>\r\n</html>\r\n");
        return page.toString();
    }
}
