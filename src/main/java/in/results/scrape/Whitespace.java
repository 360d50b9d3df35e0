package in.results.scrape;

import java.util.regex.Pattern;

/** Whitespace normalisation shared by the parsers. */
final class Whitespace {
    // \s alone misses the no-break space that &nbsp; decodes to, and the university pads with it.
    private static final Pattern RUNS = Pattern.compile("[\\s\\u00A0]+");

    private Whitespace() {}

    /** Runs of whitespace (including no-break spaces) become one space; the ends are stripped. */
    static String collapse(String text) {
        return RUNS.matcher(text).replaceAll(" ").strip();
    }
}
