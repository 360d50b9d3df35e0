package in.results.scrape;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The real upstream pages under {@code src/test/resources/upstream/}. */
final class UpstreamFixtures {
    private UpstreamFixtures() {}

    static Path directory() {
        URL url = UpstreamFixtures.class.getResource("/upstream");
        if (url == null) {
            throw new IllegalStateException("no upstream/ directory on the test classpath");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] bytes(String name) {
        try {
            return Files.readAllBytes(directory().resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The page as the upstream client would see it: decoded without a Content-Type header. */
    static String page(String name) {
        return PageText.decode(bytes(name), null);
    }

    static List<String> namesMatching(String glob) {
        try (Stream<Path> files = Files.list(directory())) {
            var matcher = directory().getFileSystem().getPathMatcher("glob:" + glob);
            return files.map(Path::getFileName)
                    .filter(matcher::matches)
                    .map(Path::toString)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
