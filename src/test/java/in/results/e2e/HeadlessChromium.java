package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.testing.DataFolders;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium driven through its own chromedriver, as every browser test starts it: the driver's path
 * given, so Selenium downloads nothing; no sandbox, shared memory, GPU or background traffic (none of them exist, or
 * are wanted, on a CI machine). The browser's profile is a folder of its own, and {@link #quit} deletes it with the
 * folder of the browser's single-instance socket, which Chromium leaves in the temporary directory
 * ({@code org.chromium.Chromium.*}) after every session.
 */
final class HeadlessChromium {
    private final ChromeDriver driver;
    private final Path profile;
    private final Optional<Path> socketFolder;

    private HeadlessChromium(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
        this.socketFolder = socketFolderOf(profile);
    }

    /** A new browser, with {@code options} adding a test's own arguments and capabilities. */
    static HeadlessChromium start(Consumer<ChromeOptions> options) {
        File chromedriver = new File("/usr/bin/chromedriver");
        assertThat(chromedriver)
                .as("chromium-driver is installed (apt-get install chromium chromium-driver)")
                .exists();
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver)
                .usingAnyFreePort()
                .build();
        Path profile;
        try {
            profile = Files.createTempDirectory("chromium-profile-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions chrome = new ChromeOptions();
        chrome.setBinary("/usr/bin/chromium");
        chrome.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-dev-shm-usage",
                "--disable-gpu",
                "--disable-background-networking",
                "--user-data-dir=" + profile);
        options.accept(chrome);
        try {
            return new HeadlessChromium(new ChromeDriver(service, chrome), profile);
        } catch (RuntimeException browserDidNotStart) {
            DataFolders.delete(profile); // no browser to quit: nothing else would delete its profile
            throw browserDidNotStart;
        }
    }

    ChromeDriver driver() {
        return driver;
    }

    /** Ends the browser and deletes what it left on disk. */
    void quit() {
        driver.quit();
        socketFolder.ifPresent(DataFolders::delete);
        DataFolders.delete(profile);
    }

    /** Where the running browser keeps its single-instance socket: the folder its profile's link points into. */
    private static Optional<Path> socketFolderOf(Path profile) {
        try {
            return Optional.ofNullable(Files.readSymbolicLink(profile.resolve("SingletonSocket"))
                            .getParent())
                    .filter(folder -> folder.getFileName().toString().startsWith("org.chromium.Chromium."));
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty(); // no such link: nothing left outside the profile
        }
    }
}
