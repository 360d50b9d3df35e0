package in.results.scrape;

import in.results.core.Reply;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the university's {@code /resultAction} answer. Pure functions of the HTML text; thread-safe.
 *
 * <p>The page layout relied on: an {@code <h6>} exam title; a student
 * table whose label cells read {@code HTNO:}, {@code NAME:}, {@code FATHER NAME:},
 * {@code COLLEGE CODE:}, each followed by its value cell; a marks table whose first row holds a
 * {@code SUBJECT CODE} cell; then a grade legend table whose header row has a {@code Grade Points} cell (read when
 * present; a legend that cannot be read is logged once per exam title and left out, never failing the page). Labels
 * and column headers are matched by text, never by position.
 */
public final class ResultPageParser {
    static final String TITLE_SELECTOR = "h6";
    static final String TITLE_PREFIX = "Result of";

    static final String HTNO_LABEL = "HTNO:";
    static final String NAME_LABEL = "NAME:";
    static final String FATHER_NAME_LABEL = "FATHER NAME:";
    static final String COLLEGE_CODE_LABEL = "COLLEGE CODE:";

    static final String SEARCH_FORM_TEXT = "Enter HallTicket Number";
    /** An input named or labelled for the hall ticket: the search form, not a result. */
    private static final Pattern HALL_TICKET_INPUT = Pattern.compile("(?i)hall\\s*ticket|htno");
    /** Tomcat's error pages read {@code HTTP Status 500 – Internal Server Error}. */
    private static final Pattern TOMCAT_STATUS = Pattern.compile("HTTP Status \\d{3}");

    private static final Logger LOG = LoggerFactory.getLogger(ResultPageParser.class);
    /** Exam titles whose unreadable legend was logged: every student's page of a release repeats it. */
    private static final Set<String> REPORTED_LEGENDS = ConcurrentHashMap.newKeySet();

    private ResultPageParser() {}

    /**
     * Classifies and, for a result page, parses an answer of {@code /resultAction} in one pass (the page is read
     * once). A Tomcat error page is {@link Reply.Unreadable}; a page is a result only when it has both the
     * {@code HTNO:} label and a marks table; the search form is {@link Reply.NoResult}; anything else, and a result
     * page whose layout cannot be read, is {@link Reply.Unreadable}. Never throws for any non-null input.
     */
    public static Reply<ResultPage> read(String html) {
        Document doc = Jsoup.parse(Objects.requireNonNull(html, "html"));
        return switch (kindOf(doc)) {
            case NO_RESULT -> new Reply.NoResult<>();
            case ERROR_PAGE -> new Reply.Unreadable<>("neither a result page nor the search form");
            case RESULT -> {
                try {
                    yield new Reply.Answered<>(parse(doc));
                } catch (PageLayoutException e) {
                    yield new Reply.Unreadable<>(e.getMessage());
                }
            }
        };
    }

    /** What an answer of {@code /resultAction} is: the university answers all three with 200 or 500, so the body decides. */
    private enum PageKind {
        RESULT,
        NO_RESULT,
        ERROR_PAGE
    }

    private static PageKind kindOf(Document doc) {
        if (isTomcatError(doc)) {
            return PageKind.ERROR_PAGE;
        }
        boolean hasMarks = MarksTable.find(doc) != null;
        if (hasMarks && labelCell(doc, HTNO_LABEL) != null) {
            return PageKind.RESULT;
        }
        if (isSearchForm(doc, hasMarks)) {
            return PageKind.NO_RESULT;
        }
        return PageKind.ERROR_PAGE;
    }

    /**
     * Parses a result page. Every string is trimmed; marks are passed through as shown
     * ({@code "-1"} for Ab, {@code "-"} for malpractice); pages without marks columns (the older
     * 4-column layout) give {@code ""} marks; unknown columns (e.g. RC/RV {@code REMARKS}) are
     * ignored. Subjects are in page order. The grade legend is read when the page prints one; a legend table that
     * cannot be read leaves the legend empty (so the programme's known scale applies) and is logged once per title.
     *
     * @throws PageLayoutException naming what is missing when the page is not a result page
     *     (e.g. the search form or an error page) or its layout changed
     */
    public static ResultPage parse(String html) {
        return parse(Jsoup.parse(Objects.requireNonNull(html, "html")));
    }

    private static ResultPage parse(Document doc) {
        String title = examTitle(doc);
        return new ResultPage(title, studentDetails(doc), MarksTable.subjectsOf(doc), legendOf(doc, title));
    }

    private static Map<String, Integer> legendOf(Document doc, String title) {
        try {
            return GradeLegend.of(doc, MarksTable.find(doc));
        } catch (PageLayoutException e) {
            if (REPORTED_LEGENDS.add(title)) {
                LOG.warn(
                        "unreadable grade legend on '{}' ({}): its grades are read on the known scale",
                        title,
                        e.getMessage());
            }
            return Map.of();
        }
    }

    private static String examTitle(Document doc) {
        Element h6 = doc.selectFirst(TITLE_SELECTOR);
        if (h6 == null) {
            throw new PageLayoutException("no <h6> exam title");
        }
        String title = Whitespace.collapse(h6.text());
        if (title.regionMatches(true, 0, TITLE_PREFIX, 0, TITLE_PREFIX.length())) {
            title = title.substring(TITLE_PREFIX.length()).strip();
        }
        if (title.isEmpty()) {
            throw new PageLayoutException("the <h6> exam title is empty");
        }
        return title;
    }

    private static StudentDetails studentDetails(Document doc) {
        Element htnoLabel = labelCell(doc, HTNO_LABEL);
        if (htnoLabel == null) {
            throw new PageLayoutException("no " + HTNO_LABEL + " label");
        }
        // The other labels are looked up in the same table, so that a stray NAME: elsewhere
        // on the page cannot be mistaken for the student's.
        Element table = htnoLabel.closest(MarksTable.TABLE);
        Element scope = table != null ? table : doc;
        return new StudentDetails(
                valueAfter(htnoLabel, HTNO_LABEL),
                valueOf(scope, NAME_LABEL),
                valueOf(scope, FATHER_NAME_LABEL),
                valueOf(scope, COLLEGE_CODE_LABEL));
    }

    private static String valueOf(Element scope, String label) {
        Element cell = labelCell(scope, label);
        if (cell == null) {
            throw new PageLayoutException("no " + label + " label in the student details table");
        }
        return valueAfter(cell, label);
    }

    private static String valueAfter(Element labelCell, String label) {
        Element value = labelCell.nextElementSibling();
        if (value == null || !value.is(MarksTable.CELLS)) {
            throw new PageLayoutException("no value cell after the " + label + " label");
        }
        return Whitespace.collapse(value.text());
    }

    /** The first cell whose text is {@code label}, ignoring case and spaces before the colon. */
    private static Element labelCell(Element scope, String label) {
        String wanted = labelKey(label);
        for (Element cell : scope.select(MarksTable.CELLS)) {
            if (labelKey(cell.text()).equals(wanted)) {
                return cell;
            }
        }
        return null;
    }

    private static String labelKey(String text) {
        return Whitespace.collapse(text).replace(" :", ":").toUpperCase(Locale.ROOT);
    }

    private static boolean isTomcatError(Document doc) {
        return TOMCAT_STATUS.matcher(doc.title()).find()
                || doc.select("h1").stream()
                        .anyMatch(h -> TOMCAT_STATUS.matcher(h.text()).find());
    }

    private static boolean isSearchForm(Document doc, boolean hasMarks) {
        if (Whitespace.collapse(doc.text())
                .toLowerCase(Locale.ROOT)
                .contains(SEARCH_FORM_TEXT.toLowerCase(Locale.ROOT))) {
            return true;
        }
        return !hasMarks
                && doc.select("input").stream()
                        .anyMatch(input -> HALL_TICKET_INPUT
                                        .matcher(input.attr("name"))
                                        .find()
                                || HALL_TICKET_INPUT.matcher(input.attr("id")).find()
                                || HALL_TICKET_INPUT
                                        .matcher(input.attr("placeholder"))
                                        .find());
    }
}
