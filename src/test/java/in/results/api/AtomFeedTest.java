package in.results.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** The Atom writer: what it writes, read back with the JDK's DOM parser. */
class AtomFeedTest {
    private static final String NS = "http://www.w3.org/2005/Atom";
    private static final ZoneOffset INDIA = ZoneOffset.ofHoursMinutes(5, 30);

    private static OffsetDateTime midnightInIndia(int year, int month, int day) {
        return OffsetDateTime.of(LocalDateTime.of(year, month, day, 0, 0), INDIA);
    }

    private static Document parse(byte[] xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
    }

    private static Element child(Element parent, String name) {
        NodeList nodes = parent.getElementsByTagNameNS(NS, name);
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i).getParentNode() == parent) {
                return (Element) nodes.item(i);
            }
        }
        throw new AssertionError("no " + name + " in " + parent.getTagName());
    }

    private static List<Element> entries(Document document) {
        NodeList nodes = document.getDocumentElement().getElementsByTagNameNS(NS, "entry");
        List<Element> entries = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            entries.add((Element) nodes.item(i));
        }
        return entries;
    }

    private static AtomFeed feed(List<AtomFeed.Entry> entries) {
        return new AtomFeed(
                "tag:results.example,2026:feeds/releases.atom",
                "JNTUH result releases",
                midnightInIndia(2024, 2, 20),
                "http://results.example/feeds/releases.atom?degree=btech&regulation=R22",
                "Jawaharlal Nehru Technological University Hyderabad",
                entries);
    }

    @Test
    void entries_are_written_in_the_order_given_with_their_ids_dates_and_links() throws Exception {
        AtomFeed feed = feed(List.of(
                new AtomFeed.Entry(
                        "tag:results.example,2026:btech/1560/rcrv",
                        "RC/RV B.Tech III Year II Semester (R22) Regular Examinations Results",
                        midnightInIndia(2024, 2, 20),
                        "http://results.example.edu/jsp/SearchResult.jsp?degree=btech&examCode=1560&result=gradercrv"),
                new AtomFeed.Entry(
                        "tag:results.example,2026:btech/1560/regular",
                        "B.Tech III Year II Semester (R22) Regular Examinations Results",
                        midnightInIndia(2024, 1, 5),
                        "http://results.example.edu/jsp/SearchResult.jsp?degree=btech&examCode=1560")));

        Document document = parse(feed.xml());
        List<Element> entries = entries(document);

        assertThat(entries).hasSize(2);
        assertThat(child(entries.get(0), "id").getTextContent()).isEqualTo("tag:results.example,2026:btech/1560/rcrv");
        assertThat(child(entries.get(1), "id").getTextContent())
                .isEqualTo("tag:results.example,2026:btech/1560/regular");
        assertThat(child(entries.get(0), "updated").getTextContent()).isEqualTo("2024-02-20T00:00:00+05:30");
        assertThat(child(entries.get(1), "updated").getTextContent()).isEqualTo("2024-01-05T00:00:00+05:30");
        Element link = child(entries.get(0), "link");
        assertThat(link.getAttribute("rel")).isEqualTo("alternate");
        assertThat(link.getAttribute("type")).isEqualTo("text/html");
        // The & of the query goes out as &amp; and reads back as &.
        assertThat(link.getAttribute("href"))
                .isEqualTo(
                        "http://results.example.edu/jsp/SearchResult.jsp?degree=btech&examCode=1560&result=gradercrv");
    }

    @Test
    void the_feed_has_its_id_title_updated_self_link_and_author_in_the_atom_namespace() throws Exception {
        Document document = parse(feed(List.of()).xml());
        Element root = document.getDocumentElement();

        assertThat(root.getLocalName()).isEqualTo("feed");
        assertThat(root.getNamespaceURI()).isEqualTo(NS);
        assertThat(child(root, "id").getTextContent()).isEqualTo("tag:results.example,2026:feeds/releases.atom");
        assertThat(child(root, "title").getTextContent()).isEqualTo("JNTUH result releases");
        assertThat(child(root, "updated").getTextContent()).isEqualTo("2024-02-20T00:00:00+05:30");
        Element self = child(root, "link");
        assertThat(self.getAttribute("rel")).isEqualTo("self");
        assertThat(self.getAttribute("type")).isEqualTo("application/atom+xml");
        assertThat(self.getAttribute("href"))
                .isEqualTo("http://results.example/feeds/releases.atom?degree=btech&regulation=R22");
        assertThat(child(child(root, "author"), "name").getTextContent())
                .isEqualTo("Jawaharlal Nehru Technological University Hyderabad");
        assertThat(entries(document)).isEmpty();
    }

    @Test
    void markup_characters_in_a_title_are_escaped_and_read_back_unchanged() throws Exception {
        String title = "M.Tech & M.Pharmacy <R22> \"Regular\" Examinations Results";
        byte[] xml = feed(List.of(new AtomFeed.Entry(
                        "tag:results.example,2026:mtech/1570/regular",
                        title,
                        midnightInIndia(2024, 3, 1),
                        "http://results.example.edu/jsp/SearchResult.jsp?degree=mtech&examCode=1570")))
                .xml();

        String text = new String(xml, StandardCharsets.UTF_8);
        assertThat(text).contains("M.Tech &amp; M.Pharmacy &lt;R22&gt;").doesNotContain("Tech & M");
        assertThat(child(entries(parse(xml)).getFirst(), "title").getTextContent())
                .isEqualTo(title);
    }

    @Test
    void characters_xml_cannot_carry_are_replaced_so_the_document_stays_readable() throws Exception {
        byte[] xml = feed(List.of(new AtomFeed.Entry(
                        "tag:results.example,2026:btech/1571/regular",
                        "B.Tech\u0001 I Year\uD800 Results \uD83C\uDF93",
                        midnightInIndia(2024, 3, 2),
                        "http://results.example.edu/jsp/SearchResult.jsp?examCode=1571")))
                .xml();

        Node title = child(entries(parse(xml)).getFirst(), "title");
        assertThat(title.getTextContent()).isEqualTo("B.Tech\uFFFD I Year\uFFFD Results \uD83C\uDF93");
    }

    @Test
    void times_are_rfc_3339_with_seconds_and_offset() {
        assertThat(AtomFeed.rfc3339(midnightInIndia(2023, 12, 5))).isEqualTo("2023-12-05T00:00:00+05:30");
        assertThat(AtomFeed.rfc3339(OffsetDateTime.of(2024, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC)))
                .isEqualTo("2024-01-02T03:04:05Z");
    }
}
