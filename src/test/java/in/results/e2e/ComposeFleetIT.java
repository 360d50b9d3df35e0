package in.results.e2e;

import static in.results.e2e.Podman.IMAGE;
import static in.results.e2e.Podman.RUN;
import static in.results.e2e.Podman.podman;
import static org.assertj.core.api.Assertions.assertThat;

import in.results.simulator.cohort.Student;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The compose fleet of {@code deploy/compose.yaml} as shipped (three instances, Redis, PostgreSQL, HAProxy with its
 * own configuration), with only the third-party images replaced by local stand-ins and a simulated university added
 * ({@code scripts/containers/compose.test.yaml}). Everything is asked through the balancer, which answers JSON also
 * when no instance is left. Runs through
 * {@code scripts/containers/test.sh}.
 */
@Tag("containers")
class ComposeFleetIT {
    private static final Duration START = Duration.ofMinutes(3);
    private static final String PROJECT = "results-" + RUN;
    private static final Path DEPLOY = Path.of("deploy").toAbsolutePath();

    private final int port = freePort();
    private final Map<String, String> environment = environment(port);
    private final ServiceClient balancer = new ServiceClient(port);
    private final ServiceClient university =
            new ServiceClient(Integer.parseInt(environment.get("RESULTS_UNIVERSITY_PORT")));

    @AfterEach
    void down() throws IOException {
        compose(Duration.ofMinutes(3), "down", "-v");
        Files.deleteIfExists(Path.of(environment.get("RESULTS_ENV_FILE")));
    }

    @Test
    void the_balancer_answers_through_an_instance_lost_a_database_restarted_and_a_cold_restart_with_redis_empty() {
        up();
        List<Student> students = ContainerStudents.withResults(12);
        Student first = students.getFirst();
        String query = ContainerStudents.examQuery(first);

        List<ServiceClient.Reply> sameLookup = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            sameLookup.add(balancer.get(query));
        }
        assertThat(sameLookup).allSatisfy(reply -> assertThat(reply.status()).isEqualTo(200));
        assertThat(sameLookup.stream().map(ServiceClient.Reply::json).distinct())
                .hasSize(1);
        assertThat(sameLookup.stream().map(reply -> reply.header("X-Served-By")).distinct())
                .containsExactlyInAnyOrder("results-1", "results-2", "results-3");
        ContainerStudents.assertNames(sameLookup.getFirst().json(), first);
        report("cold /api", students.subList(1, 6), ContainerStudents::examQuery);
        report("cached /api", students.subList(1, 6), ContainerStudents::examQuery);
        report("cold /all", students.subList(6, 11), student -> "/all/" + student.hallTicket());
        report("cached /all", students.subList(6, 11), student -> "/all/" + student.hallTicket());

        podman(Duration.ofSeconds(60), "kill", container("results-2")).orFail("podman kill");
        for (int i = 0; i < 12; i++) {
            assertThat(balancer.get(query).status())
                    .as("answer %d after an instance was killed", i)
                    .isEqualTo(200);
        }

        podman(Duration.ofSeconds(60), "stop", "-t", "10", container("postgres"))
                .orFail("podman stop postgres");
        Student duringOutage = students.getLast();
        ServiceClient.Reply outage = balancer.get(ContainerStudents.examQuery(duringOutage));
        assertThat(outage.status()).isEqualTo(200);
        ContainerStudents.assertNames(outage.json(), duringOutage);
        podman(Duration.ofSeconds(60), "start", container("postgres")).orFail("podman start postgres");
        // Both instances left have their archive back and nothing left to write, the one that queued the outage's
        // pages included (one instance's answer alone says nothing of the other's queue).
        awaitEachInstance(
                "/health",
                reply -> reply.json().at("/archive/reachable").asBoolean()
                        && reply.json().at("/archive/queued_writes").asInt() == 0,
                Set.of("results-1", "results-3"),
                Duration.ofSeconds(60));

        compose(Duration.ofMinutes(3), "down").orFail("compose down");
        up();
        for (Student returning : List.of(first, duringOutage)) {
            ServiceClient.Reply again = balancer.get(ContainerStudents.examQuery(returning));
            assertThat(again.status()).isEqualTo(200);
            ContainerStudents.assertNames(again.json(), returning);
        }
        assertThat(university.get("/admin/requests").json().get("result_pages").asLong())
                .as("result pages asked of the university for returning students, Redis empty")
                .isZero();

        for (String instance : List.of("results-1", "results-2", "results-3")) {
            podman(Duration.ofSeconds(60), "stop", "-t", "20", container(instance))
                    .orFail("podman stop");
        }
        ServiceClient.Reply none = balancer.awaitAnswer("/health", reply -> reply.status() == 503, START);
        assertThat(none.header("Content-Type")).startsWith("application/json");
        assertThat(none.header("Retry-After")).isEqualTo("5");
        assertThat(none.json().get("code").asText()).isEqualTo("SERVICE_UNAVAILABLE");
    }

    /** Starts the fleet and waits until the balancer has every instance ready. */
    private void up() {
        compose(START, "up", "-d").orFail("compose up");
        awaitEachInstance(
                "/health/ready", reply -> reply.status() == 200, Set.of("results-1", "results-2", "results-3"), START);
    }

    /**
     * Asks {@code path} through the balancer (round robin) until each of {@code instances}, named by
     * {@code X-Served-By}, has answered it {@code done} at least once.
     */
    private void awaitEachInstance(
            String path, Predicate<ServiceClient.Reply> done, Set<String> instances, Duration patience) {
        Set<String> answered = new HashSet<>();
        balancer.awaitAnswer(
                path,
                reply -> {
                    if (done.test(reply)) {
                        answered.add(reply.header("X-Served-By"));
                    }
                    return answered.containsAll(instances);
                },
                patience);
    }

    /**
     * Prints the median time of looking each student up once through the balancer, the simulator answering each page
     * after L = 300 ms (BENCHMARKS.md).
     */
    private void report(String what, List<Student> students, Function<Student, String> path) {
        List<Long> millis = new ArrayList<>();
        for (Student student : students) {
            long started = System.nanoTime();
            assertThat(balancer.get(path.apply(student)).status()).isEqualTo(200);
            millis.add(Duration.ofNanos(System.nanoTime() - started).toMillis());
        }
        millis.sort(null);
        System.out.printf(
                "compose fleet, %s lookups through the balancer: median %d ms, max %d ms (%d students)%n",
                what, millis.get(millis.size() / 2), millis.getLast(), millis.size());
    }

    private Podman.Result compose(Duration timeout, String... arguments) {
        List<String> command = new ArrayList<>(Podman.COMPOSE);
        command.addAll(List.of(
                "-p",
                PROJECT,
                "-f",
                "compose.yaml",
                "-f",
                DEPLOY.resolve("../scripts/containers/compose.test.yaml")
                        .normalize()
                        .toString()));
        command.addAll(List.of(arguments));
        return Podman.run(command, environment, DEPLOY, timeout);
    }

    private static String container(String service) {
        return PROJECT + "_" + service + "_1";
    }

    /** compose.yaml's variables, and the instances' settings file: the university is the simulator container. */
    private static Map<String, String> environment(int port) {
        try {
            Path settings = Files.createTempFile("results-fleet-", ".env");
            Files.writeString(settings, """
                    RESULTS_UPSTREAM_URLS=http://university:9000,http://university:9000/results
                    RESULTS_RATE_LIMIT_PER_MINUTE=0
                    RESULTS_UPSTREAM_RPS=0
                    """);
            return Map.of(
                    "RESULTS_IMAGE", IMAGE,
                    "RESULTS_RUN", RUN,
                    "RESULTS_HTTP_PORT", String.valueOf(port),
                    "RESULTS_UNIVERSITY_PORT", String.valueOf(freePort()),
                    "POSTGRES_PASSWORD", UUID.randomUUID().toString(),
                    "RESULTS_ENV_FILE", settings.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
