package in.results.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * Data folders for services started by tests and benchmarks: each service gets an empty folder of its own in the
 * system's temporary directory (so no test finds another's archive), deleted when the test JVM exits — a service
 * writes its archive until it stops, which a test's own clean-up cannot always wait for.
 */
public final class DataFolders {
    private static final List<Path> MADE = new CopyOnWriteArrayList<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> MADE.forEach(DataFolders::delete), "data-folders"));
    }

    private DataFolders() {}

    /** A new empty folder, deleted at exit. */
    public static Path fresh() {
        try {
            Path folder = Files.createTempDirectory("results-data-");
            MADE.add(folder);
            return folder;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A data folder that cannot be made (its parent is a file): a service given it has no archive, as when the
     * archive's database is down from the start.
     */
    public static Path unusable() {
        try {
            Path file = Files.createTempFile(fresh(), "in-the-way", "");
            return file.resolve("data");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes {@code folder} and everything in it; a folder already gone is fine. */
    public static void delete(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // best effort at exit: the system's temporary directory is cleaned by the system too
        }
    }
}
