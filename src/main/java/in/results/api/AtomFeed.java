package in.results.api;

import java.io.ByteArrayOutputStream;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * An Atom feed (RFC 4287) and its XML, UTF-8. Written with the JDK's StAX writer, which escapes text and attribute
 * values; characters XML 1.0 cannot carry at all (C0 controls other than tab and line ends, lone surrogates,
 * U+FFFE and U+FFFF) are replaced by U+FFFD first, so a stray control character in a title the university typed
 * cannot make the document unreadable. Times are written as RFC 3339 date-times with seconds and the offset.
 *
 * @param id the feed's permanent identifier (an IRI)
 * @param title the feed's title, plain text
 * @param updated when the feed last changed
 * @param selfLink the feed's own address ({@code link rel="self"}), absolute or relative to the feed's URL
 * @param author who the entries are by, named once for the feed (RFC 4287 requires an author, for every entry or for
 *     the feed)
 * @param entries written in this order
 */
record AtomFeed(String id, String title, OffsetDateTime updated, String selfLink, String author, List<Entry> entries) {
    static final String NAMESPACE = "http://www.w3.org/2005/Atom";
    static final String MEDIA_TYPE = "application/atom+xml";
    static final String CONTENT_TYPE = MEDIA_TYPE + "; charset=utf-8";
    private static final DateTimeFormatter RFC_3339 =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssXXX", Locale.ROOT);
    private static final char REPLACEMENT = '\uFFFD';

    AtomFeed {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(updated, "updated");
        Objects.requireNonNull(selfLink, "selfLink");
        Objects.requireNonNull(author, "author");
        entries = List.copyOf(entries);
    }

    /**
     * One entry: a resource the feed announces, with a link to it ({@code rel="alternate"}, an HTML page).
     *
     * @param id the entry's permanent identifier (an IRI): the same entry keeps it in every version of the feed
     * @param title plain text
     * @param updated when the entry last changed
     * @param link the address of the page the entry announces
     */
    record Entry(String id, String title, OffsetDateTime updated, String link) {
        Entry {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(updated, "updated");
            Objects.requireNonNull(link, "link");
        }
    }

    /** A time as RFC 3339 writes it: {@code 2024-01-15T00:00:00+05:30}. */
    static String rfc3339(OffsetDateTime time) {
        return RFC_3339.format(time);
    }

    /** The feed as an XML document in UTF-8, one element per line. */
    byte[] xml() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024 + 400 * entries.size());
        try {
            // The JDK's own writer, whatever StAX implementation the class path brings.
            XMLStreamWriter xml = XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("feed");
            xml.writeDefaultNamespace(NAMESPACE);
            text(xml, 1, "id", id);
            text(xml, 1, "title", title);
            text(xml, 1, "updated", rfc3339(updated));
            link(xml, 1, "self", MEDIA_TYPE, selfLink);
            indent(xml, 1);
            xml.writeStartElement("author");
            text(xml, 2, "name", author);
            indent(xml, 1);
            xml.writeEndElement();
            for (Entry entry : entries) {
                indent(xml, 1);
                xml.writeStartElement("entry");
                text(xml, 2, "id", entry.id());
                text(xml, 2, "title", entry.title());
                text(xml, 2, "updated", rfc3339(entry.updated()));
                link(xml, 2, "alternate", "text/html", entry.link());
                indent(xml, 1);
                xml.writeEndElement();
            }
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("the feed could not be written as XML", e);
        }
        return out.toByteArray();
    }

    private static void text(XMLStreamWriter xml, int depth, String name, String value) throws XMLStreamException {
        indent(xml, depth);
        xml.writeStartElement(name);
        xml.writeCharacters(xmlSafe(value));
        xml.writeEndElement();
    }

    private static void link(XMLStreamWriter xml, int depth, String rel, String type, String href)
            throws XMLStreamException {
        indent(xml, depth);
        xml.writeEmptyElement("link");
        xml.writeAttribute("rel", rel);
        xml.writeAttribute("type", type);
        xml.writeAttribute("href", xmlSafe(href));
    }

    private static void indent(XMLStreamWriter xml, int depth) throws XMLStreamException {
        xml.writeCharacters("\n" + "  ".repeat(depth));
    }

    /** {@code text} with every character XML 1.0 does not allow replaced by U+FFFD. */
    static String xmlSafe(String text) {
        StringBuilder safe = null;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            int width = Character.charCount(c);
            boolean allowed = c == '\t'
                    || c == '\n'
                    || c == '\r'
                    || (c >= 0x20 && c <= 0xD7FF)
                    || (c >= 0xE000 && c <= 0xFFFD)
                    || c >= 0x10000;
            if (!allowed && safe == null) {
                safe = new StringBuilder(text.length()).append(text, 0, i);
            }
            if (safe != null) {
                if (allowed) {
                    safe.appendCodePoint(c);
                } else {
                    safe.append(REPLACEMENT);
                }
            }
            i += width;
        }
        return safe == null ? text : safe.toString();
    }
}
