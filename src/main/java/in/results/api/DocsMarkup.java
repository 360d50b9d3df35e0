package in.results.api;

import java.util.Iterator;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/**
 * The little markup of the OpenAPI document's prose, turned into DOM nodes for {@link ApiDocsPage}: paragraphs,
 * {@code `code`} and {@code **bold**}. Everything else is appended as text, so jsoup escapes it.
 */
final class DocsMarkup {
    /** {@code `code`} (group 1) or {@code **bold**} (group 2). */
    private static final Pattern MARKUP = Pattern.compile("`([^`]+)`|\\*\\*([^*]+)\\*\\*");

    private DocsMarkup() {}

    /** Appends every item by {@code append}, with the text {@code separator} between them. */
    static <T> void each(Element into, Iterable<T> items, String separator, Consumer<T> append) {
        Iterator<T> iterator = items.iterator();
        while (iterator.hasNext()) {
            append.accept(iterator.next());
            if (iterator.hasNext()) {
                into.appendText(separator);
            }
        }
    }

    /** Appends {@code text} as a code element; returns {@code into} to append more after it. */
    static Element code(Element into, String text) {
        into.appendElement("code").text(text);
        return into;
    }

    static void paragraphs(Element into, String text) {
        for (String paragraph : text.split("\n\\s*\n")) {
            if (!paragraph.isBlank()) {
                inline(into.appendElement("p"), paragraph.strip());
            }
        }
    }

    /** Appends {@code text} with {@code `code`} and {@code **bold**} as elements; everything else stays text. */
    static void inline(Element into, String text) {
        Matcher markup = MARKUP.matcher(text);
        int from = 0;
        while (markup.find()) {
            into.appendText(text.substring(from, markup.start()));
            if (markup.group(1) != null) {
                code(into, markup.group(1));
            } else {
                into.appendElement("strong").text(markup.group(2));
            }
            from = markup.end();
        }
        into.appendText(text.substring(from));
    }
}
