package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.Main;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.releases.MarksLayout;
import in.results.testing.DataFolders;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * What operations are promised about stopping: on SIGTERM the service stops accepting requests, gives answers in
 * flight up to 5 s, ends running bulk jobs, and the process exits.
 */
class ShutdownIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final Pattern LISTENING = Pattern.compile("Results Service listening on port (\\d+)");
    /** Exit status of a JVM ended by SIGTERM (128 + 15) after its shutdown hooks ran. */
    private static final int TERMINATED = 143;

    @Test
    void on_sigterm_the_answer_in_flight_is_given_new_connections_are_refused_and_the_process_exits() throws Exception {
        Cases.Example example = Cases.passed(COHORT);
        try (UniversitySimulator university = UniversitySimulator.start(COHORT, 0)) {
            Process service = startService(university);
            try {
                ServiceClient client = new ServiceClient(portOf(service));
                university.setLatency(Duration.ofSeconds(2), Duration.ZERO);
                CompletableFuture<ServiceClient.Reply> inFlight =
                        lookUpWhileTheUniversityAnswers(client, university, example);

                service.destroy(); // SIGTERM
                await("new connections are refused", () -> refusesConnections(client));

                assertThat(inFlight)
                        .as("the answer is still on its way once new connections are refused")
                        .isNotDone();
                ServiceClient.Reply answer = inFlight.get(10, TimeUnit.SECONDS);
                var marks = example.student().results().get(example.exam().code());
                assertThat(answer.status()).isEqualTo(200);
                assertThat(answer.json())
                        .isEqualTo(Expected.array(
                                Expected.sgpaNumber(marks),
                                Expected.details(example.student()),
                                Expected.fullSubjects(marks, example.exam().layout() == MarksLayout.FOUR_COLUMN)));
                assertThat(service.waitFor(10, TimeUnit.SECONDS))
                        .as("the process exits")
                        .isTrue();
                assertThat(service.exitValue()).isEqualTo(TERMINATED);
            } finally {
                service.destroyForcibly();
            }
        }
    }

    @Test
    void on_sigterm_an_answer_slower_than_five_seconds_is_cut_off_and_the_process_exits_after_five_seconds()
            throws Exception {
        Cases.Example example = Cases.passed(COHORT);
        try (UniversitySimulator university = UniversitySimulator.start(COHORT, 0)) {
            Process service = startService(university);
            try {
                ServiceClient client = new ServiceClient(portOf(service));
                university.setLatency(Duration.ofSeconds(30), Duration.ZERO); // beyond the 10 s upstream timeout
                CompletableFuture<ServiceClient.Reply> inFlight =
                        lookUpWhileTheUniversityAnswers(client, university, example);

                long stopping = System.nanoTime();
                service.destroy(); // SIGTERM
                boolean exited = service.waitFor(15, TimeUnit.SECONDS);
                Duration stopped = Duration.ofNanos(System.nanoTime() - stopping);

                assertThat(exited).as("the process exits").isTrue();
                assertThat(stopped)
                        .as("the answer in flight got its 5 s, no more")
                        .isBetween(Duration.ofMillis(4_500), Duration.ofSeconds(9));
                assertThat(service.exitValue()).isEqualTo(TERMINATED);
                assertThat(inFlight).failsWithin(Duration.ofSeconds(5));
            } finally {
                service.destroyForcibly();
            }
        }
    }

    @Test
    void stopping_the_server_ends_running_bulk_jobs() throws Exception {
        // 4 upstream slots per host, so bulk jobs hold 3: a job of 40 hall tickets takes many rounds.
        TestUniverse universe =
                TestUniverse.start(COHORT, Ticker.systemTicker(), Map.of("RESULTS_UPSTREAM_CONCURRENCY", "4"));
        try {
            BulkIT.Section section = BulkIT.Section.largest(COHORT);
            String exam = section.exam().code();
            universe.primary().setLatency(Duration.ofMillis(200), Duration.ZERO);
            assertThat(universe.client()
                            .get("/api?" + section.query("01", "40"))
                            .status())
                    .isEqualTo(202);
            await("the job is asking the university", () -> universe.primary().resultRequestsForExam(exam) >= 3);

            universe.service().stop();
            long askedAtStop = askedFor(universe, exam);
            // For five answer times (a job still running would ask for about 15 more), at most the requests in flight
            // at the stop reach the university.
            Awaitility.await("no more than the in-flight requests after the stop")
                    .during(Duration.ofSeconds(1))
                    .atMost(Duration.ofSeconds(3))
                    .until(() -> askedFor(universe, exam) <= askedAtStop + 3);
            assertThat(askedFor(universe, exam)).isLessThan(40);
        } finally {
            universe.primary().close();
            universe.mirror().close();
        }
    }

    private static long askedFor(TestUniverse universe, String exam) {
        return universe.primary().resultRequestsForExam(exam)
                + universe.mirror().resultRequestsForExam(exam);
    }

    /** The service as its own process ({@link Main}, as deployed) asking {@code university}. */
    private static Process startService(UniversitySimulator university) throws IOException {
        return new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "--port",
                        "0",
                        "--upstream",
                        university.baseUrl().toString(),
                        "--data-dir",
                        DataFolders.fresh().toString())
                .redirectErrorStream(true)
                .start();
    }

    /** Asks for {@code example}'s result and returns once the university has the request (and is answering). */
    private static CompletableFuture<ServiceClient.Reply> lookUpWhileTheUniversityAnswers(
            ServiceClient client, UniversitySimulator university, Cases.Example example) throws InterruptedException {
        StringBuilder query = new StringBuilder(
                "/api/calculate?hallticket=" + example.student().hallTicket());
        example.exam()
                .linkParams()
                .forEach((key, value) ->
                        query.append('&').append(key).append('=').append(value));
        CompletableFuture<ServiceClient.Reply> reply =
                CompletableFuture.supplyAsync(() -> client.get(query.toString()));
        await(
                "the lookup reaches the university",
                () -> university.resultRequestsFor(
                                example.student().hallTicket(), example.exam().code())
                        == 1);
        return reply;
    }

    /** The port the service process logs once it listens; its output is read (and so drained) from then on. */
    private static int portOf(Process service) throws InterruptedException {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread.ofVirtual().start(() -> {
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(service.getInputStream(), StandardCharsets.UTF_8))) {
                out.lines().forEach(lines::add);
            } catch (IOException | UncheckedIOException e) {
                // the process ended: nothing more to read
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            Matcher listening = line == null ? null : LISTENING.matcher(line);
            if (listening != null && listening.find()) {
                return Integer.parseInt(listening.group(1));
            }
            assertThat(service.isAlive() || !lines.isEmpty())
                    .as("the service process is running")
                    .isTrue();
        }
        throw new AssertionError("the service did not log its port within 30 s");
    }

    private static boolean refusesConnections(ServiceClient client) {
        try {
            new Socket(client.uri("/").getHost(), client.uri("/").getPort()).close();
            return false;
        } catch (ConnectException e) {
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits for {@code condition}, polling it every 10 ms for up to 10 s. */
    private static void await(String what, BooleanSupplier condition) {
        Awaitility.await(what)
                .atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(10))
                .until(condition::getAsBoolean);
    }
}
