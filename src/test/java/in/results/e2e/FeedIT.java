package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.simulator.cohort.Cohort;
import in.results.simulator.releases.Exam;
import in.results.testing.ManualTicker;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** {@code GET /feeds/releases.atom} against the simulator: every entry derived from the simulated university's list. */
class FeedIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final String ATOM = "http://www.w3.org/2005/Atom";
    /** The host the test client names in {@code Host}, and so the tagging authority of every id. */
    private static final String HOST = "127.0.0.1";

    /** Newest first: by release date, then by exam code, an exam's RC/RV results before the exam (they follow it). */
    private static final Comparator<Exam> NEWEST_FIRST = Comparator.comparing(Exam::releaseDate)
            .thenComparing(exam -> Integer.parseInt(exam.code()))
            .thenComparing(Exam::rcrv)
            .reversed();

    private final ManualTicker ticker = new ManualTicker();
    private TestUniverse universe;
    private ServiceClient client;

    @BeforeEach
    void start() {
        universe = TestUniverse.start(COHORT, ticker, Map.of());
        client = universe.client();
    }

    @AfterEach
    void stop() {
        universe.close();
    }

    /** An entry as read back from the feed. */
    private record Entry(String id, String title, String updated, String link) {}

    private static Document xmlOf(ServiceClient.Reply reply) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
            factory.setNamespaceAware(true);
            return factory.newDocumentBuilder()
                    .parse(new ByteArrayInputStream(reply.response().body().getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new AssertionError("the feed is not XML: " + reply.response().body(), e);
        }
    }

    private static String text(Element parent, String name) {
        NodeList nodes = parent.getElementsByTagNameNS(ATOM, name);
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i).getParentNode() == parent) {
                return nodes.item(i).getTextContent();
            }
        }
        throw new AssertionError("no " + name + " in " + parent.getLocalName());
    }

    private static List<Entry> entriesOf(Document feed) {
        NodeList nodes = feed.getDocumentElement().getElementsByTagNameNS(ATOM, "entry");
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Element entry = (Element) nodes.item(i);
            Element link = (Element) entry.getElementsByTagNameNS(ATOM, "link").item(0);
            entries.add(new Entry(
                    text(entry, "id"), text(entry, "title"), text(entry, "updated"), link.getAttribute("href")));
        }
        return entries;
    }

    /** The entries the simulated university's list should give, worked out from its ground truth. */
    private List<Entry> expectedEntries(Predicate<Exam> wanted) {
        return COHORT.exams().stream()
                .filter(wanted)
                .sorted(NEWEST_FIRST)
                .map(exam -> new Entry(
                        "tag:" + HOST + ",2026:" + exam.degree() + "/" + exam.code() + "/"
                                + (exam.rcrv() ? "rcrv" : "regular"),
                        exam.title().strip().replaceAll("\\s+", " "),
                        exam.releaseDate() + "T00:00:00+05:30",
                        universe.primary().baseUrl() + exam.link()))
                .toList();
    }

    @Test
    void the_feed_has_every_release_of_the_list_newest_first_as_atom() {
        var reply = client.get("/feeds/releases.atom");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.header("Content-Type")).isEqualToIgnoringWhitespace("application/atom+xml; charset=utf-8");
        Document feed = xmlOf(reply);
        List<Entry> expected = expectedEntries(exam -> true);
        assertThat(expected).hasSizeGreaterThan(100);
        assertThat(entriesOf(feed)).containsExactlyElementsOf(expected);
        Element root = feed.getDocumentElement();
        assertThat(root.getNamespaceURI()).isEqualTo(ATOM);
        assertThat(text(root, "id")).isEqualTo("tag:" + HOST + ",2026:feeds/releases.atom");
        assertThat(text(root, "updated")).isEqualTo(expected.getFirst().updated());
        assertThat(((Element) root.getElementsByTagNameNS(ATOM, "link").item(0)).getAttribute("href"))
                .isEqualTo(client.uri("/feeds/releases.atom").toString());
        assertThat(reply.header("Cache-Control")).isEqualTo("public, max-age=30");
    }

    @Test
    void ids_are_stable_and_an_unchanged_list_answers_304_even_after_it_is_read_again() {
        var first = client.get("/feeds/releases.atom");
        var second = client.get("/feeds/releases.atom");
        ticker.advance(Duration.ofMinutes(2));
        var reread = client.get("/new/all?refresh=1");
        var third = client.get("/feeds/releases.atom");
        var notModified = client.send(HttpRequest.newBuilder(client.uri("/feeds/releases.atom"))
                .header("If-None-Match", first.header("ETag"))
                .GET()
                .build());

        List<String> ids = entriesOf(xmlOf(first)).stream().map(Entry::id).toList();
        assertThat(entriesOf(xmlOf(second)).stream().map(Entry::id)).containsExactlyElementsOf(ids);
        assertThat(entriesOf(xmlOf(third)).stream().map(Entry::id)).containsExactlyElementsOf(ids);
        assertThat(reread.header("X-Cache")).isEqualTo("MISS");
        assertThat(first.header("ETag")).startsWith("W/\"").isEqualTo(third.header("ETag"));
        assertThat(notModified.status()).isEqualTo(304);
        assertThat(notModified.response().body()).isEmpty();
        assertThat(notModified.header("ETag")).isEqualTo(first.header("ETag"));
        // The feed is made from the list the service keeps: the only reads of the list are the first and the refresh.
        assertThat(universe.primary().requestCount("/jsp/home.jsp")).isEqualTo(2);
    }

    @Test
    void degree_and_regulation_keep_the_releases_of_that_programme() {
        var btechR22 = client.get("/feeds/releases.atom?degree=btech&regulation=R22");
        var r18 = client.get("/feeds/releases.atom?regulation=R18");

        List<Entry> expectedBtechR22 = expectedEntries(
                exam -> exam.degree().equals("btech") && exam.regulation().equals("R22"));
        assertThat(expectedBtechR22).isNotEmpty();
        assertThat(entriesOf(xmlOf(btechR22))).containsExactlyElementsOf(expectedBtechR22);
        assertThat(text(xmlOf(btechR22).getDocumentElement(), "id"))
                .isEqualTo("tag:" + HOST + ",2026:feeds/releases.atom?degree=btech&regulation=R22");
        assertThat(entriesOf(xmlOf(r18)))
                .containsExactlyElementsOf(
                        expectedEntries(exam -> exam.regulation().equals("R18")));
        assertThat(btechR22.header("ETag")).isNotEqualTo(r18.header("ETag"));
    }

    @Test
    void an_unknown_degree_or_a_malformed_regulation_is_a_400_naming_it() {
        var degree = client.get("/feeds/releases.atom?degree=bsc");
        var regulation = client.get("/feeds/releases.atom?degree=btech&regulation=22");

        assertThat(degree.status()).isEqualTo(400);
        assertThat(degree.header("Content-Type")).isEqualToIgnoringWhitespace("application/json; charset=utf-8");
        assertThat(degree.json().get("code").asText()).isEqualTo("INVALID_PARAMETER");
        assertThat(degree.json().get("error").asText()).contains("'degree'");
        assertThat(regulation.status()).isEqualTo(400);
        assertThat(regulation.json().get("code").asText()).isEqualTo("INVALID_PARAMETER");
        assertThat(regulation.json().get("error").asText()).contains("'regulation'");
    }
}
