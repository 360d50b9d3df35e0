package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.function.Consumer;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium driven through its own chromedriver, as every browser test starts it: the driver's path
 * given, so Selenium downloads nothing; no sandbox, shared memory, GPU or background traffic (none of them exist, or
 * are wanted, on a CI machine).
 */
final class HeadlessChromium {
    private HeadlessChromium() {}

    /** A new browser, with {@code options} adding a test's own arguments and capabilities. */
    static ChromeDriver start(Consumer<ChromeOptions> options) {
        File chromedriver = new File("/usr/bin/chromedriver");
        assertThat(chromedriver)
                .as("chromium-driver is installed (apt-get install chromium chromium-driver)")
                .exists();
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver)
                .usingAnyFreePort()
                .build();
        ChromeOptions chrome = new ChromeOptions();
        chrome.setBinary("/usr/bin/chromium");
        chrome.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-dev-shm-usage",
                "--disable-gpu",
                "--disable-background-networking");
        options.accept(chrome);
        return new ChromeDriver(service, chrome);
    }
}
