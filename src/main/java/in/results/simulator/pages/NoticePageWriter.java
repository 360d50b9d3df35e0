package in.results.simulator.pages;

import in.results.simulator.releases.Notice;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Writes {@code /jsp/RCRVInfo.jsp}: one {@code <h3>} per notice reading {@code *(DD-MM-YYYY) text},
 * newest first. The newest few wrap their text in {@code <p>}, and the very newest carry a "new"
 * badge image inside the heading, as on the real page.
 */
public final class NoticePageWriter {

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("dd-MM-yyyy");

    private NoticePageWriter() {}

    /** The page of {@code notices}, in their order (a cohort's: newest first). */
    public static String noticePage(List<Notice> notices) {
        StringBuilder page = new StringBuilder(8 * 1_024);
        page.append("""
                <!DOCTYPE html>
                <html>
                <head>
                <meta http-equiv="Content-Type" content="text/html; charset=UTF-8">
                <title>JNTUH Results - Notifications</title>
                </head>
                <body>
                <div class="container" align="center">
                <h2>NOTIFICATIONS</h2>
                """);
        for (int i = 0; i < notices.size(); i++) {
            Notice notice = notices.get(i);
            String text = "*(" + notice.date().format(DAY) + ") " + notice.description();
            if (i < 3) {
                page.append("<h3><p>").append(text).append(" <img src=\"/images/new.gif\"></p></h3>\n");
            } else if (i < 8) {
                page.append("<h3><p>").append(text).append("</p></h3>\n");
            } else {
                page.append("<h3>").append(text).append("</h3>\n");
            }
        }
        page.append("</div>\n</body>\n</html>\n");
        return page.toString();
    }
}
