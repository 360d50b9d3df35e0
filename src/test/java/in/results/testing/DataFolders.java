package in.results.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Data folders for services started by tests and benchmarks: each service gets an empty folder of its own (so no test
 * finds another's archive), all of one test JVM's under one parent in the system's temporary directory,
 * {@code results-data-<process id>}. A service writes its archive until it stops, which a test's own clean-up cannot
 * always wait for, so the parent is deleted when the JVM exits; and the parents a JVM killed before its exit left
 * behind are deleted by the next JVM that makes a data folder.
 */
public final class DataFolders {
    private static final String PREFIX = "results-data-";
    private static final Path TEMPORARY = Path.of(System.getProperty("java.io.tmpdir"));
    private static final Path PARENT =
            TEMPORARY.resolve(PREFIX + ProcessHandle.current().pid());

    static {
        deleteLeftOvers();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(PARENT), "data-folders"));
    }

    private DataFolders() {}

    /** A new empty folder, deleted at exit. */
    public static Path fresh() {
        try {
            return Files.createTempDirectory(Files.createDirectories(PARENT), "service-");
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
            // best effort: the next JVM deletes what is left (deleteLeftOvers)
        }
    }

    /** Deletes the parents of JVMs that no longer run (killed before their exit could delete them). */
    private static void deleteLeftOvers() {
        try (Stream<Path> parents = Files.list(TEMPORARY)) {
            parents.filter(path -> path.getFileName().toString().startsWith(PREFIX))
                    .filter(path -> !isRunning(path.getFileName().toString().substring(PREFIX.length())))
                    .forEach(DataFolders::delete);
        } catch (IOException e) {
            // nothing to clean, or not allowed to look: the folders of this JVM are still deleted at its exit
        }
    }

    private static boolean isRunning(String pid) {
        try {
            return ProcessHandle.of(Long.parseLong(pid)).isPresent();
        } catch (NumberFormatException e) {
            return true; // not a folder of ours (another program's results-data-…): left alone
        }
    }
}
