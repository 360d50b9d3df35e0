package in.results.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.core.Reply;
import in.results.scrape.ReleaseListParser;
import in.results.scrape.ResultPage;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.testing.ManualTicker;
import io.javalin.Javalin;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Hosts that answer but misbehave, each a real server on loopback: one that sends its headers and then trickles the
 * body, and one that answers 200 with pages that are not the result application's.
 */
class MisbehavingHostIT {
    private static final UpstreamPolicy NO_BUDGET =
            new UpstreamPolicy(5, Duration.ofSeconds(30), 2, Duration.ofMillis(2), 0);
    private static final ExamQuery EXAM = new ExamQuery("btech", "1560", "r17", "intgrade", "");
    private static final HallTicket TICKET = new HallTicket("20S11A6601");

    private final ManualTicker ticker = new ManualTicker();
    private Javalin origin;
    private ServerSocket trickling;
    private UniversitySimulator simulator;

    @AfterEach
    void stop() throws IOException {
        if (origin != null) {
            origin.stop();
        }
        if (trickling != null) {
            trickling.close();
        }
        if (simulator != null) {
            simulator.close();
        }
    }

    /** A host that answers every connection with 200 headers and then one body byte a second, forever. */
    private URI tricklingHost(AtomicInteger connections) throws IOException {
        trickling = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            while (!trickling.isClosed()) {
                try {
                    Socket socket = trickling.accept();
                    connections.incrementAndGet();
                    Thread.ofVirtual().start(() -> trickle(socket));
                } catch (IOException closed) {
                    return;
                }
            }
        });
        return URI.create("http://127.0.0.1:" + trickling.getLocalPort());
    }

    private static void trickle(Socket socket) {
        try (socket;
                OutputStream out = socket.getOutputStream()) {
            out.write("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html>".getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < 60; i++) {
                out.write(' ');
                out.flush();
                TimeUnit.SECONDS.sleep(1);
            }
        } catch (IOException | InterruptedException gone) {
            // the client gave up: that is the point
        }
    }

    @Test
    void a_host_that_trickles_its_body_times_out_and_frees_its_slot() throws Exception {
        AtomicInteger connections = new AtomicInteger();
        UpstreamClient client = new UpstreamClient(
                List.of(tricklingHost(connections)),
                1,
                Duration.ofMillis(500),
                new UpstreamPolicy(5, Duration.ofSeconds(30), 0, Duration.ofMillis(2), 0),
                ticker);

        Reply<ResultPage> first = client.fetchResult(TICKET, EXAM, Priority.INTERACTIVE);
        Reply<ResultPage> second = client.fetchResult(TICKET, EXAM, Priority.INTERACTIVE);

        // Timed out, not read: a timeout on the headers alone would have waited for the whole minute-long body.
        assertThat(first)
                .isInstanceOfSatisfying(
                        Reply.Unavailable.class,
                        down -> assertThat(down.reason()).contains("timed out"));
        assertThat(second)
                .isInstanceOfSatisfying(
                        Reply.Unavailable.class,
                        down -> assertThat(down.reason()).contains("timed out")); // sent: the one slot was freed
        assertThat(client.stats().requests()).isEqualTo(2);
        assertThat(connections).hasValue(2);
    }

    @Test
    void unreadable_pages_for_one_query_neither_open_the_breaker_nor_are_retried() {
        AtomicInteger asked = new AtomicInteger();
        origin = Javalin.create(config -> {
                    config.startup.showJavalinBanner = false;
                    config.routes.get("/resultAction", ctx -> {
                        asked.incrementAndGet();
                        ctx.html(
                                "9999".equals(ctx.queryParam("examCode"))
                                        ? "<html><body><table><tr><td>HTNO:</td><td>X</td></tr></table></body></html>"
                                        : "<html><body><form>Enter HallTicket Number <input name='htno'></form></body></html>");
                    });
                })
                .start("127.0.0.1", 0);
        UpstreamClient client = new UpstreamClient(
                List.of(URI.create("http://127.0.0.1:" + origin.port())), 4, Duration.ofSeconds(2), NO_BUDGET, ticker);
        ExamQuery odd = new ExamQuery("btech", "9999", "", "", "");

        for (int i = 0; i < 10; i++) {
            assertThat(client.fetchResult(TICKET, odd, Priority.INTERACTIVE)).isInstanceOf(Reply.Unreadable.class);
        }
        Reply<ResultPage> other = client.fetchResult(TICKET, EXAM, Priority.INTERACTIVE);

        assertThat(asked).hasValue(11); // one request per call: no retry of a page that would read the same
        assertThat(other).isInstanceOf(Reply.NoResult.class);
        assertThat(client.health().getFirst().state()).isEqualTo(BreakerState.CLOSED);
    }

    @Test
    void an_unreadable_release_list_on_the_primary_is_fetched_from_the_mirror() {
        origin = Javalin.create(config -> {
                    config.startup.showJavalinBanner = false;
                    config.routes.get(
                            "/jsp/home.jsp", ctx -> ctx.html("<html><body>Site under maintenance</body></html>"));
                })
                .start("127.0.0.1", 0);
        simulator = UniversitySimulator.start(Cohort.generate(42), 0);
        UpstreamClient client = new UpstreamClient(
                List.of(URI.create("http://127.0.0.1:" + origin.port()), URI.create(simulator.baseUrl() + "/results")),
                4,
                Duration.ofSeconds(2),
                NO_BUDGET,
                ticker);

        Reply<?> page = client.fetchPage("/jsp/home.jsp", ReleaseListParser::parse);

        assertThat(page)
                .isInstanceOfSatisfying(
                        Reply.Answered.class,
                        fetched -> assertThat((List<?>) fetched.value())
                                .hasSize(simulator.cohort().exams().size()));
        assertThat(simulator.requestCount("/jsp/home.jsp")).isEqualTo(1);
    }
}
