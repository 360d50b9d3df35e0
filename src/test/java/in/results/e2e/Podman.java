package in.results.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The container tests' side of {@code scripts/containers/test.sh}: which run they belong to ({@code results.run}, a
 * system property; everything they make is named and labelled with it, and the script removes it all), the images it
 * built, and commands to Podman and podman-compose, each bounded in time.
 */
final class Podman {
    /** The run id: names, labels and image tags. */
    static final String RUN = required("results.run");
    /** The service's image, built on the local Temurin stand-in. */
    static final String IMAGE = required("results.image");
    /** The podman-compose command, as words ({@code results.compose}, space-separated). */
    static final List<String> COMPOSE = List.of(required("results.compose").split(" "));
    /** The label on everything a run makes. */
    static final String LABEL = "results-ci-run=" + RUN;

    private Podman() {}

    /** What a command printed (stdout and stderr together) and its exit code. */
    record Result(int exit, String output) {
        Result orFail(String what) {
            if (exit != 0) {
                throw new AssertionError(what + " failed (exit " + exit + "):\n" + output);
            }
            return this;
        }
    }

    static Result podman(Duration timeout, String... arguments) {
        List<String> command = new ArrayList<>(List.of("podman"));
        command.addAll(List.of(arguments));
        return run(command, Map.of(), null, timeout);
    }

    /** Runs {@code command} in {@code folder} (null: here) with {@code environment} added, killed after timeout. */
    static Result run(List<String> command, Map<String, String> environment, Path folder, Duration timeout) {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        if (folder != null) {
            builder.directory(folder.toFile());
        }
        try {
            Process process = builder.start();
            byte[][] output = new byte[1][];
            Thread reader = Thread.ofVirtual().start(() -> {
                try {
                    output[0] = process.getInputStream().readAllBytes();
                } catch (IOException e) {
                    output[0] = e.toString().getBytes(StandardCharsets.UTF_8);
                }
            });
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                reader.join(5_000);
                throw new AssertionError(String.join(" ", command) + " did not end within " + timeout);
            }
            reader.join();
            return new Result(process.exitValue(), new String(output[0], StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The host port Podman published {@code containerPort} of {@code container} on (127.0.0.1). */
    static int publishedPort(String container, int containerPort) {
        String mapped = podman(Duration.ofSeconds(30), "port", container, String.valueOf(containerPort))
                .orFail("podman port")
                .output()
                .strip()
                .lines()
                .findFirst()
                .orElseThrow();
        return Integer.parseInt(mapped.substring(mapped.lastIndexOf(':') + 1));
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(
                    "-D" + property + " is not set: the container tests run through scripts/containers/test.sh");
        }
        return value;
    }
}
