package in.results.e2e;

import static in.results.e2e.Podman.IMAGE;
import static in.results.e2e.Podman.LABEL;
import static in.results.e2e.Podman.RUN;
import static in.results.e2e.Podman.podman;
import static org.assertj.core.api.Assertions.assertThat;

import in.results.simulator.cohort.Student;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The image alone, as an operator starts it: the demo answers from the host, as a non-root user, on a read-only root
 * file system; its health check passes; {@code podman stop} ends it within the grace period with a clean log; a bad
 * setting stops it with exit code 2 and the error in its log. Runs through {@code scripts/containers/test.sh}.
 */
@Tag("containers")
class ContainerImageIT {
    private static final Duration START = Duration.ofMinutes(2);
    private static final String DEMO = "results-" + RUN + "-demo";
    private static final String BAD = "results-" + RUN + "-bad-setting";

    @AfterEach
    void remove() {
        podman(Duration.ofSeconds(60), "rm", "-f", "-t", "0", DEMO, BAD);
    }

    @Test
    void the_demo_answers_as_a_non_root_user_and_stops_cleanly_within_the_grace_period() {
        long started = System.nanoTime();
        podman(
                        Duration.ofSeconds(60),
                        "run",
                        "-d",
                        "--name",
                        DEMO,
                        "--label",
                        LABEL,
                        "--read-only",
                        "--tmpfs",
                        "/tmp",
                        "-p",
                        "127.0.0.1::8080",
                        IMAGE,
                        "--demo")
                .orFail("podman run");
        ServiceClient client = new ServiceClient(Podman.publishedPort(DEMO, 8080));

        client.awaitAnswer("/health/ready", reply -> reply.status() == 200, START);
        System.out.printf(
                "container start to ready: %d ms%n",
                Duration.ofNanos(System.nanoTime() - started).toMillis());
        assertThat(client.get("/health").json().get("status").asText()).isEqualTo("UP");
        Student student = ContainerStudents.withResults(1).getFirst();
        ServiceClient.Reply answer = client.get(ContainerStudents.examQuery(student));
        assertThat(answer.status()).isEqualTo(200);
        ContainerStudents.assertNames(answer.json(), student);

        String status = podman(Duration.ofSeconds(30), "exec", DEMO, "cat", "/proc/1/status")
                .orFail("podman exec")
                .output();
        assertThat(status.lines().filter(line -> line.startsWith("Uid:")))
                .singleElement()
                .asString()
                .matches("Uid:\\s+10001\\s+10001\\s+10001\\s+10001");
        // The image's HEALTHCHECK, kept by --format docker, is the container's.
        assertThat(podman(Duration.ofSeconds(30), "inspect", "--format", "{{.Config.Healthcheck.Test}}", DEMO)
                        .output())
                .contains("ready");
        assertThat(podman(Duration.ofSeconds(60), "healthcheck", "run", DEMO).exit())
                .isZero();

        long stopping = System.nanoTime();
        podman(Duration.ofSeconds(40), "stop", "-t", "20", DEMO).orFail("podman stop");
        Duration stop = Duration.ofNanos(System.nanoTime() - stopping);
        System.out.printf("container stop: %d ms%n", stop.toMillis());
        assertThat(stop).isLessThan(Duration.ofSeconds(20));
        String exit = podman(Duration.ofSeconds(30), "inspect", "--format", "{{.State.ExitCode}}", DEMO)
                .output()
                .strip();
        assertThat(exit).as("exit code after SIGTERM").isIn("0", "143");
        String log = podman(Duration.ofSeconds(30), "logs", DEMO).output();
        assertThat(log)
                .contains("Javalin has stopped")
                .doesNotContain("Exception")
                .doesNotContain(" ERROR ");
    }

    @Test
    void a_bad_setting_stops_the_container_with_exit_code_2_and_says_which() {
        podman(Duration.ofSeconds(120), "run", "--name", BAD, "--label", LABEL, "-e", "RESULTS_PORT=eighty", IMAGE);

        String exit = podman(Duration.ofSeconds(30), "inspect", "--format", "{{.State.ExitCode}}", BAD)
                .output()
                .strip();
        String log = podman(Duration.ofSeconds(30), "logs", BAD).output();
        assertThat(exit).isEqualTo("2");
        assertThat(log).contains("configuration error").contains("RESULTS_PORT");
    }
}
