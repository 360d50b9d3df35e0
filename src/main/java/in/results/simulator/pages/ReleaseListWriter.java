package in.results.simulator.pages;

import in.results.simulator.cohort.Cohort;
import in.results.simulator.releases.Exam;
import in.results.simulator.releases.ExamTitles;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Writes {@code /jsp/home.jsp}: one table per degree, newest release first, with the quirks of the
 * real list mixed in — {@code <b><p>} and {@code <p><b>} wrappers, titles with stray spaces,
 * comments and blank lines between rows, dates as {@code 05-MAY-2022}, {@code 30-AUGUST-2023} or
 * {@code 19-Aug-2023}, now and then with words glued in front, and a rare unescaped {@code &}.
 * Each row's quirks depend only on the seed and the row, so the page is stable.
 */
public final class ReleaseListWriter {

    private record Degree(String param, String heading) {}

    private static final List<Degree> DEGREES = List.of(
            new Degree("btech", "B.Tech"),
            new Degree("bpharmacy", "B.Pharmacy"),
            new Degree("mtech", "M.Tech"),
            new Degree("mpharmacy", "M.Pharmacy"),
            new Degree("mba", "MBA"),
            new Degree("mca", "MCA"));

    private static final DateTimeFormatter SHORT = DateTimeFormatter.ofPattern("dd-MMM-yyyy", Locale.US);
    private static final DateTimeFormatter FULL = DateTimeFormatter.ofPattern("dd-MMMM-yyyy", Locale.US);
    private static final DateTimeFormatter COMMENT = DateTimeFormatter.ofPattern("MMM yyyy", Locale.US);

    private ReleaseListWriter() {}

    /**
     * The list of every release of {@code cohort} except the rows of the releases in {@code unlisted} (by
     * {@link Exam#key}). A row of the real list keeps its listed date; the others' dates are written in one of the
     * list's styles.
     */
    public static String homePage(Cohort cohort, Set<String> unlisted) {
        StringBuilder page = new StringBuilder(64 * 1_024);
        page.append("""
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="UTF-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>JNTUH Results</title>
                <link rel="stylesheet" href="/css/bootstrap.min.css">
                </head>
                <body>
                <div class="container">
                <div class="header" align="center">
                <img src="/images/jntuhlogo.png" alt="JNTUH" height="80">
                <h2>JAWAHARLAL NEHRU TECHNOLOGICAL UNIVERSITY HYDERABAD</h2>
                <h3>EXAMINATION RESULTS</h3>
                </div>
                <marquee><a href="/jsp/RCRVInfo.jsp"><b>Click here for RC/RV and other notifications</b></a></marquee>
                """);
        for (Degree degree : DEGREES) {
            List<Exam> releases = cohort.exams().stream()
                    .filter(exam -> exam.degree().equals(degree.param())
                            && !unlisted.contains(Exam.key(exam.degree(), exam.code())))
                    .sorted(Comparator.comparing(Exam::releaseDate)
                            .thenComparing(Exam::code)
                            .thenComparing(Exam::rcrv)
                            .reversed())
                    .toList();
            if (releases.isEmpty()) {
                continue;
            }
            page.append("\n<h4 align=\"center\"><u>")
                    .append(degree.heading())
                    .append(" Results</u></h4>\n")
                    .append("<table class=\"table table-bordered\" width=\"90%\" align=\"center\">\n");
            for (Exam exam : releases) {
                SplittableRandom quirks = new SplittableRandom(
                        cohort.seed() * 31 + Long.parseLong(exam.code()) * 2 + (exam.rcrv() ? 1 : 0));
                separator(page, exam, quirks);
                row(page, exam, quirks);
            }
            page.append("\n</table>\n");
        }
        page.append("</div>\n</body>\n</html>\n");
        return page.toString();
    }

    private static void separator(StringBuilder page, Exam exam, SplittableRandom quirks) {
        double draw = quirks.nextDouble();
        if (draw < 0.08) {
            page.append("\n\n<!-- ")
                    .append(exam.degree())
                    .append(' ')
                    .append(exam.semester())
                    .append(' ')
                    .append(
                            exam.rcrv()
                                    ? "RC/RV"
                                    : ExamTitles.kindWords(exam.kind()).toLowerCase(Locale.ROOT))
                    .append(' ')
                    .append(exam.releaseDate().format(COMMENT).toLowerCase(Locale.ROOT))
                    .append(" -->\n\n");
        } else if (draw < 0.16) {
            page.append("\n \n\n");
        } else if (draw < 0.26) {
            page.append("\n\n");
        } else {
            page.append('\n');
        }
    }

    private static void row(StringBuilder page, Exam exam, SplittableRandom quirks) {
        String ampersand = quirks.nextDouble() < 0.02 ? "&" : "&amp;";
        String href = exam.link().replace("&", ampersand);
        boolean boldOutside = quirks.nextDouble() < (exam.linkParams().size() > 2 ? 0.9 : 0.2);
        String wrapped = boldOutside ? "<b><p>" + exam.title() + "</p></b>" : "<p><b>" + exam.title() + "</b></p>";
        String afterTitle = quirks.nextDouble() < 0.05 ? " " : "";
        page.append("<tr><td><a href=\"")
                .append(href)
                .append("\">")
                .append(wrapped)
                .append(afterTitle)
                .append("</a></td><td><b>")
                .append(date(exam, quirks))
                .append("</b></td></tr>");
    }

    private static String date(Exam exam, SplittableRandom quirks) {
        LocalDate date = exam.releaseDate();
        double draw = quirks.nextDouble();
        if (!exam.dateAsListed().isEmpty()) {
            return exam.dateAsListed();
        }
        if (draw < 0.07) {
            return date.format(FULL).toUpperCase(Locale.ROOT);
        }
        if (draw < 0.15) {
            return date.format(SHORT);
        }
        if (draw < 0.19) {
            return exam.rcrv()
                    ? "RCRV:" + date.format(SHORT).toUpperCase(Locale.ROOT)
                    : "Updated on " + date.format(SHORT);
        }
        return date.format(SHORT).toUpperCase(Locale.ROOT);
    }
}
