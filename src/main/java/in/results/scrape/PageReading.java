package in.results.scrape;

/** What an answer of {@code /resultAction} turned out to be, read once by {@link ResultPageParser#read}. */
public sealed interface PageReading {
    /** A result page, parsed. */
    record Result(ResultPage page) implements PageReading {}

    /** The search form: the university has no result for this hall ticket in this exam. */
    record NoResult() implements PageReading {}

    /** An error page, or a result page whose layout could not be read; {@code why} says which. */
    record Unreadable(String why) implements PageReading {}
}
