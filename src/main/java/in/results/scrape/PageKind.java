package in.results.scrape;

/**
 * What a {@code /resultAction} answer is, decided by {@link ResultPageParser#kindOf(String)}.
 * The university answers all three with HTTP 200 or 500 and no other signal, so the body decides.
 */
public enum PageKind {
    /** A result page: the student details table with an {@code HTNO:} label and a marks table. */
    RESULT,
    /** The search form ({@code Enter HallTicket Number}): no result for this hall ticket in this exam. */
    NO_RESULT,
    /** A Tomcat error page ({@code HTTP Status 500}) or anything not recognised: an upstream failure. */
    ERROR_PAGE
}
