package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Environment;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.CohortCases;
import in.results.simulator.cohort.EdgeCase;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Programme;
import in.results.testing.DataFolders;
import in.results.testing.ManualTicker;
import in.results.testing.PdfPages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.print.PageMargin;
import org.openqa.selenium.print.PageSize;
import org.openqa.selenium.print.PrintOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The website in headless Chromium (Debian's {@code chromium} and {@code chromium-driver}, nothing downloaded),
 * against the service on the simulator: what a person sees must be what the JSON API says, on a desktop and a
 * phone, with no accessibility rule of axe-core (WCAG 2.1 A/AA, best practices) broken. One browser for the
 * class; each test gets its own service (its own origin, so nothing is shared through the browser's cache).
 * Screenshots go to {@code target/screenshots}, or to {@code -Dwebsite.screenshots=<dir>} (docs/screenshots for
 * the README).
 */
class WebsiteIT {
    private static final Cohort COHORT = Cohort.generate(42);
    private static final CohortCases CASES = CohortCases.of(COHORT);
    private static final BulkIT.Section SECTION = BulkIT.Section.largest(COHORT);
    private static final Duration WAIT = Duration.ofSeconds(45);
    private static final int DESKTOP_WIDTH = 1280;
    private static final int DESKTOP_HEIGHT = 900;
    private static final Path SCREENSHOTS = Path.of(System.getProperty("website.screenshots", "target/screenshots"));

    private static final String AXE = axeScript();
    private static HeadlessChromium browser;
    private static ChromeDriver driver;

    private TestUniverse universe;
    private ServiceClient client;
    private String base;

    @BeforeAll
    static void startBrowser() {
        browser = HeadlessChromium.start(options -> {
            options.addArguments(
                    "--hide-scrollbars", "--window-size=" + DESKTOP_WIDTH + "," + DESKTOP_HEIGHT, "--lang=en-IN");
            LoggingPreferences logs = new LoggingPreferences();
            logs.enable(LogType.BROWSER, java.util.logging.Level.ALL);
            options.setCapability("goog:loggingPrefs", logs);
        });
        driver = browser.driver();
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    @AfterEach
    void stop() {
        desktop();
        // The student page keeps a live connection that would retry against the stopped service, and its failures
        // would be logged into the next test's page.
        driver.get("about:blank");
        if (universe != null) {
            universe.close();
        }
    }

    /** A service on the simulator; a slow simulator must not time out while requests queue behind each other. */
    private void start(Ticker ticker, Map<String, String> settings) {
        start(COHORT, ticker, settings);
    }

    private void start(Cohort cohort, Ticker ticker, Map<String, String> settings) {
        Map<String, String> all = new HashMap<>(Map.of("RESULTS_UPSTREAM_TIMEOUT_MS", "15000"));
        all.putAll(settings);
        // A manual ticker moves the service's clock too: kept pages age with it.
        Environment environment = Environment.system().withTicker(ticker);
        universe = TestUniverse.start(
                cohort,
                ticker instanceof ManualTicker manual ? environment.withClock(manual.clock()) : environment,
                all);
        driver.manage().logs().get(LogType.BROWSER); // what earlier tests left in the log is theirs
        client = universe.client();
        base = client.uri("/").toString();
        base = base.substring(0, base.length() - 1);
    }

    private static WebDriverWait waiting() {
        return new WebDriverWait(driver, WAIT, Duration.ofMillis(100));
    }

    private static WebElement visible(String css) {
        return waiting().until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(css)));
    }

    private static String text(String css) {
        return driver.findElement(By.cssSelector(css)).getText().strip();
    }

    private static Object script(String js, Object... arguments) {
        return ((JavascriptExecutor) driver).executeScript(js, arguments);
    }

    private static String twoDecimals(JsonNode number) {
        return number.decimalValue().setScale(2, RoundingMode.HALF_UP).toPlainString();
    }

    private static String credits(JsonNode number) {
        return number.decimalValue().stripTrailingZeros().toPlainString();
    }

    /** Cells of every body row of a table, as text. */
    @SuppressWarnings("unchecked")
    private static List<List<String>> rows(String tableCss) {
        return (List<List<String>>) script(
                "return [...document.querySelectorAll(arguments[0] + ' tbody tr')]"
                        + ".map(row => [...row.querySelectorAll('th, td')].map(cell => cell.innerText.trim()));",
                tableCss);
    }

    private static void phone() {
        driver.executeCdpCommand(
                "Emulation.setDeviceMetricsOverride",
                Map.of("width", 390, "height", 844, "deviceScaleFactor", 1, "mobile", true));
    }

    private static void desktop() {
        driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
    }

    private static boolean scrollsSideways() {
        // Not innerWidth: a phone widens its layout viewport to what overflows, so that would hide the overflow.
        return (Boolean) script("return document.documentElement.scrollWidth > document.documentElement.clientWidth;");
    }

    private static boolean chartDrawn(String canvasId) {
        return (Boolean) script(
                "const c = document.getElementById(arguments[0]);"
                        + " return !!(c && window.Chart && window.Chart.getChart(c));",
                canvasId);
    }

    /** Problems the page reported: script errors, CSP violations, failed loads. */
    private static List<String> browserProblems() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(entry -> entry.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue())
                .map(LogEntry::getMessage)
                .filter(message -> !message.contains("the server responded with a status of")) // the API's own 4xx/5xx
                .filter(message ->
                        !message.contains("willReadFrequently")) // a speed hint caused by axe's contrast checks
                .toList();
    }

    /** axe-core (from its WebJar on the test classpath), run in the page. */
    private static String axeScript() {
        try (var properties =
                WebsiteIT.class.getResourceAsStream("/META-INF/maven/org.webjars.npm/axe-core/pom.properties")) {
            java.util.Properties pom = new java.util.Properties();
            pom.load(properties);
            try (var script = WebsiteIT.class.getResourceAsStream(
                    "/META-INF/resources/webjars/axe-core/" + pom.getProperty("version") + "/axe.min.js")) {
                return new String(script.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What axe-core finds against WCAG 2.1 A/AA and its best practices on the page as it is now. */
    @SuppressWarnings("unchecked")
    private static List<String> accessibilityViolations() {
        script(AXE + "; return true;");
        return (List<String>) ((JavascriptExecutor) driver)
                .executeAsyncScript("const done = arguments[arguments.length - 1];"
                        + " axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']})"
                        + ".then(result => done(result.violations.map(v => v.id + ': ' + v.help + ' at '"
                        + " + v.nodes.map(n => n.target.join(' ')).join(', '))));");
    }

    /** Whether every resource the page loaded came from the service itself. */
    private void assertNothingLoadedFromElsewhere() {
        @SuppressWarnings("unchecked")
        List<String> loaded =
                (List<String>) script("return performance.getEntriesByType('resource').map(entry => entry.name);");
        assertThat(loaded).isNotEmpty().allSatisfy(url -> assertThat(url).startsWith(base + "/"));
    }

    /** A PNG of the page from {@code top}, {@code height} CSS pixels tall at the current width. */
    private static void screenshot(String name, double top, int height) {
        @SuppressWarnings("unchecked")
        Map<String, Object> metrics =
                (Map<String, Object>) (Map<?, ?>) driver.executeCdpCommand("Page.getLayoutMetrics", Map.of());
        @SuppressWarnings("unchecked")
        Map<String, Object> content = (Map<String, Object>) metrics.get("cssContentSize");
        double width = ((Number) content.get("width")).doubleValue();
        double pageHeight = ((Number) content.get("height")).doubleValue();
        double clipped = Math.min(height, pageHeight - top);
        Map<String, Object> shot = driver.executeCdpCommand(
                "Page.captureScreenshot",
                Map.of(
                        "format",
                        "png",
                        "captureBeyondViewport",
                        true,
                        "clip",
                        Map.of("x", 0, "y", top, "width", width, "height", clipped, "scale", 1)));
        try {
            Files.createDirectories(SCREENSHOTS);
            Files.write(SCREENSHOTS.resolve(name + ".png"), Base64.getDecoder().decode((String) shot.get("data")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static double topOf(String css) {
        return ((Number) script(
                        "return window.scrollY + document.querySelector(arguments[0]).getBoundingClientRect().top;",
                        css))
                .doubleValue();
    }

    private static int pdfPages(byte[] pdf) {
        Matcher page = Pattern.compile("/Type\\s*/Page(?!s)").matcher(new String(pdf, StandardCharsets.ISO_8859_1));
        int pages = 0;
        while (page.find()) {
            pages++;
        }
        return pages;
    }

    private static Student student(EdgeCase edgeCase) {
        return COHORT.student(CASES.first(edgeCase).hallTicket()).orElseThrow();
    }

    /** A regular-entry student with all eight semesters and an open backlog: the fullest memo. */
    private static Student fullStudentWithBacklog() {
        return CASES.examples(EdgeCase.SUPPLY_NEVER_CLEARED).stream()
                .map(example -> COHORT.student(example.hallTicket()).orElseThrow())
                .filter(s -> !s.lateralEntry()
                        && s.results().keySet().stream()
                                        .map(code ->
                                                COHORT.exam(code).orElseThrow().semester())
                                        .distinct()
                                        .count()
                                == 8)
                .findFirst()
                .orElseThrow();
    }

    /** A student of the cohort who passed {@code subjectCode} on some page. */
    private static Student classmateWhoPassed(Student student, String subjectCode) {
        return COHORT.students().stream()
                .filter(other -> !other.equals(student)
                        && other.results().values().stream()
                                .flatMap(List::stream)
                                .anyMatch(mark -> mark.code().equals(subjectCode) && !Expected.isFail(mark.grade())))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void a_student_of_another_programme_sees_their_programme_its_figures_and_their_minor_degree_apart() {
        Cohort world = Cohort.onRealList(Cohort.DEFAULT_SEED).asOf(LocalDate.of(2025, 3, 27));
        start(world, Ticker.systemTicker(), Map.of());
        Student pharmacy = world.students().stream()
                .filter(s -> s.programme() == Programme.BPHARMACY && !s.hasNoResult())
                .findFirst()
                .orElseThrow();

        driver.get(base + "/student/" + pharmacy.hallTicket());
        visible("[data-field=cgpa]");
        JsonNode report = client.get("/report/" + pharmacy.hallTicket()).json();

        assertThat(text("[data-field=programme]")).isEqualTo(pharmacy.regulation() + " B.Pharmacy");
        assertThat(text("[data-field=credits]")).endsWith(" / 209"); // B.Pharmacy R22's credits for the degree
        assertThat(text("[data-field=percentage]")).isEqualTo("not given"); // no known conversion outside B.Tech
        assertThat(driver.findElements(By.cssSelector("[data-semester]")))
                .hasSize(report.get("semesters").size());
        assertThat(driver.findElement(By.tagName("main")).getText()).doesNotContain("B.Tech");
        assertThat(browserProblems()).isEmpty();
        assertThat(accessibilityViolations()).isEmpty();

        Student minor = world.students().stream()
                .filter(s -> !world.minorAttempts(s).isEmpty())
                .findFirst()
                .orElseThrow();
        driver.get(base + "/student/" + minor.hallTicket());
        visible("[data-special-programmes]");
        assertThat(text("#minor-degree-title")).isEqualTo("Minor degree");
        for (var exam : world.minorAttempts(minor)) {
            assertThat(driver.findElements(By.cssSelector("[data-special-programme='" + exam.code() + "'] tbody tr")))
                    .as("minor exam " + exam.code())
                    .isNotEmpty();
        }
        assertThat(browserProblems()).isEmpty();
    }

    @Test
    void the_student_page_shows_the_figures_of_the_json_and_prints_as_one_page() {
        start(Ticker.systemTicker(), Map.of());
        Student student = fullStudentWithBacklog();

        driver.get(base + "/student/" + student.hallTicket());
        visible("[data-field=cgpa]");
        waiting().until(d -> chartDrawn("sgpa-chart"));
        JsonNode report = client.get("/report/" + student.hallTicket()).json();

        JsonNode overall = report.get("overall");
        assertThat(text("h1")).isEqualTo(report.get("details").get("NAME").asText());
        assertThat(text("[data-field=cgpa]")).isEqualTo(twoDecimals(overall.get("cgpa")));
        assertThat(text("[data-field=percentage]")).isEqualTo(twoDecimals(overall.get("percentage")) + " %");
        assertThat(text("[data-field=credits]"))
                .isEqualTo(credits(overall.get("credits_earned")) + " / "
                        + overall.get("credits_required").asInt());
        assertThat(text("[data-field=backlogs]"))
                .isEqualTo(overall.get("open_backlogs").asText());
        assertThat(driver.findElements(By.cssSelector("#backlogs [data-field=code]")))
                .extracting(WebElement::getText)
                .containsExactlyElementsOf(overall.get("backlogs").findValuesAsText("subject_code"));
        for (JsonNode semester : report.get("semesters")) {
            JsonNode sgpa = semester.get("sgpa");
            String shown = text("[data-semester='" + semester.get("semester").asText() + "'] [data-field=sgpa]");
            assertThat(shown)
                    .as("SGPA of " + semester.get("semester").asText())
                    .isEqualTo(sgpa.isNumber() ? twoDecimals(sgpa) : "not awarded");
        }
        assertThat(driver.findElements(By.cssSelector("[data-semester]")))
                .hasSize(report.get("semesters").size());
        assertNothingLoadedFromElsewhere();
        assertThat(browserProblems()).isEmpty();
        assertThat(accessibilityViolations()).isEmpty();
        screenshot("student-desktop", 0, 1500);

        PrintOptions print = new PrintOptions();
        print.setPageSize(new PageSize(29.7, 21.0)); // A4
        print.setPageMargin(new PageMargin(0.9, 0.9, 0.9, 0.9));
        byte[] pdf = Base64.getDecoder().decode(driver.print(print).getContent());
        assertThat(pdfPages(pdf)).as("pages of the printed memo").isEqualTo(1);

        phone();
        driver.navigate().refresh();
        visible("[data-field=cgpa]");
        waiting().until(d -> chartDrawn("sgpa-chart"));
        assertThat(scrollsSideways())
                .as("the student page scrolls sideways on a phone")
                .isFalse();
        assertThat(accessibilityViolations()).isEmpty();
        screenshot("student-phone", 0, 1800);
    }

    @Test
    void the_download_button_saves_the_transcript_pdf_of_the_student_shown() throws IOException {
        start(Ticker.systemTicker(), Map.of());
        Student student = fullStudentWithBacklog();
        Path downloads = Files.createTempDirectory("downloads-");
        try {
            driver.executeCdpCommand(
                    "Browser.setDownloadBehavior", Map.of("behavior", "allow", "downloadPath", downloads.toString()));
            driver.get(base + "/student/" + student.hallTicket().toLowerCase());
            WebElement button = visible("[data-download=pdf]");

            assertThat(button.getText()).isEqualTo("Download PDF");
            assertThat(button.getAttribute("href")).isEqualTo(base + "/report/" + student.hallTicket() + ".pdf");
            button.click();
            Path saved = downloads.resolve("transcript-" + student.hallTicket() + ".pdf");
            waiting().until(d -> Files.exists(saved));
            PdfPages pdf = PdfPages.of(Files.readAllBytes(saved));
            assertThat(pdf.count()).isBetween(1, 2);
            assertThat(pdf.text()).contains(student.hallTicket(), "UNOFFICIAL");
            assertThat(pdf.text().replaceAll("\\s+", " "))
                    .contains(student.name().replaceAll("\\s+", " "));
            assertThat(browserProblems()).isEmpty();
            assertThat(accessibilityViolations()).isEmpty();
        } finally {
            DataFolders.delete(downloads);
        }
    }

    @Test
    void the_student_page_shows_the_promotion_standing_and_works_out_a_target_and_a_backlog_passed() {
        start(Ticker.systemTicker(), Map.of());
        Student student = fullStudentWithBacklog();

        driver.get(base + "/student/" + student.hallTicket());
        visible("[data-calculator]");
        JsonNode report = client.get("/report/" + student.hallTicket()).json();

        List<WebElement> steps = driver.findElements(By.cssSelector("#promotion tbody tr"));
        assertThat(steps)
                .extracting(step -> step.getAttribute("data-step"))
                .containsExactlyElementsOf(report.get("promotion").findValuesAsText("into"));
        assertThat(steps)
                .extracting(step -> step.getAttribute("data-status"))
                .containsExactlyElementsOf(report.get("promotion").findValuesAsText("status"));

        String backlog =
                report.get("overall").get("backlogs").get(0).get("subject_code").asText();
        String query = "/report/" + student.hallTicket() + "?if=" + backlog + ":A%2B&target_cgpa=8";
        // A failed row shows 0 credits: the service learns the subject's credits from a classmate who passed it.
        assertThat(client.get(query).status()).isEqualTo(400);
        assertThat(client.get("/all/" + classmateWhoPassed(student, backlog).hallTicket())
                        .status())
                .isEqualTo(200);
        waiting().until(d -> client.get(query).status() == 200); // the archive writes within a second
        new Select(driver.findElement(By.id("grade-" + backlog))).selectByValue("A+");
        driver.findElement(By.id("target-cgpa")).sendKeys("8");
        driver.findElement(By.cssSelector("[data-calculator] button[type=submit]"))
                .click();

        JsonNode answer = client.get(query).json();
        visible("[data-field=target]");
        assertThat(driver.findElement(By.cssSelector("[data-field=target]")).getAttribute("data-status"))
                .isEqualTo(answer.get("target").get("status").asText());
        assertThat(text("[data-field=whatif-cgpa]"))
                .isEqualTo(twoDecimals(answer.get("what_if").get("cgpa")));
        assertThat(browserProblems()).isEmpty();
        assertThat(accessibilityViolations()).isEmpty();
    }

    @Test
    void the_class_page_picks_the_exam_from_the_releases_shows_progress_then_the_summary_of_the_json() {
        start(Ticker.systemTicker(), Map.of());
        universe.primary().setLatency(Duration.ofMillis(250), Duration.ZERO);
        universe.primary().setMaxConcurrent(2); // about 6 s for the class: the page polls every 2 s
        String first = SECTION.prefix() + "01";
        String last = SECTION.prefix() + "45";
        JsonNode release = releaseOf(client.get("/new/all").json());

        driver.get(base + "/class");
        visible("#from").sendKeys(first.toLowerCase());
        driver.findElement(By.id("to")).sendKeys(last);
        waiting().until(d -> d.findElements(By.cssSelector("#exam option")).size() > 2);
        new Select(driver.findElement(By.id("exam")))
                .selectByVisibleText(release.get("exam_name").asText() + " — "
                        + release.get("release_date").asText());
        driver.findElement(By.cssSelector("#class-form button[type=submit]")).click();

        List<Long> progress = new ArrayList<>();
        waiting().until(d -> {
            @SuppressWarnings("unchecked")
            List<Number> bar = (List<Number>) script("const p = document.getElementById('class-progress');"
                    + " return p && p.max > 1 ? [p.value, p.max] : null;"); // max 1: not started yet
            if (bar != null) {
                assertThat(bar.get(1).longValue()).isEqualTo(45);
                progress.add(bar.get(0).longValue());
            }
            return !d.findElements(By.id("class-figures")).isEmpty();
        });
        waiting()
                .until(d ->
                        chartDrawn("grade-chart") && chartDrawn("pass-chart") && chartDrawn("sgpa-distribution-chart"));
        assertThat(driver.getCurrentUrl())
                .contains(
                        "hallticket_from=" + first,
                        "hallticket_to=" + last,
                        "examCode=" + SECTION.exam().code());
        assertThat(progress)
                .as("progress seen")
                .isSorted()
                .anySatisfy(done -> assertThat(done).isBetween(1L, 44L));

        JsonNode summary =
                client.get("/api/bulk/summary?" + SECTION.query("01", "45")).json();
        assertThat(text("#summary-title")).isEqualTo(summary.get("exam_name").asText());
        assertThat(text("[data-field=students]"))
                .isEqualTo(summary.get("students").asText());
        assertThat(text("[data-field=passed_all]"))
                .isEqualTo(summary.get("passed_all").asText());
        assertThat(text("[data-field=failed_some]"))
                .isEqualTo(summary.get("failed_some").asText());
        assertThat(text("[data-field=pass_percentage]")).isEqualTo(twoDecimals(summary.get("pass_percentage")) + " %");
        assertThat(text("[data-field=sgpa_average]")).isEqualTo(twoDecimals(summary.get("sgpa_average")));
        assertThat(rows("#top-ten"))
                .containsExactlyElementsOf(
                        StreamSupport.stream(summary.get("top_ten").spliterator(), false)
                                .map(top -> List.of(
                                        top.get("rank").asText(),
                                        top.get("details").get("HTNO").asText(),
                                        top.get("details").get("NAME").asText(),
                                        twoDecimals(top.get("sgpa"))))
                                .toList());
        assertThat(rows("#subjects"))
                .extracting(cells -> cells.subList(0, 5))
                .containsExactlyElementsOf(
                        StreamSupport.stream(summary.get("subjects").spliterator(), false)
                                .map(subject -> List.of(
                                        subject.get("subject_code").asText(),
                                        subject.get("subject_name").asText(),
                                        subject.get("appeared").asText(),
                                        subject.get("passed").asText(),
                                        twoDecimals(subject.get("pass_percentage"))))
                                .toList());
        assertThat(rows("#students")).hasSize(summary.get("students").asInt());

        WebElement passHeader =
                driver.findElement(By.xpath("//table[@id='subjects']//th[.//button[contains(., 'Pass %')]]"));
        passHeader.findElement(By.tagName("button")).click();
        List<BigDecimal> ascending = rows("#subjects").stream()
                .map(cells -> new BigDecimal(cells.get(4)))
                .toList();
        passHeader.findElement(By.tagName("button")).sendKeys(Keys.ENTER);
        List<BigDecimal> descending = rows("#subjects").stream()
                .map(cells -> new BigDecimal(cells.get(4)))
                .toList();
        assertThat(ascending).isSortedAccordingTo(BigDecimal::compareTo);
        assertThat(descending).isSortedAccordingTo((a, b) -> b.compareTo(a));
        assertThat(passHeader.getAttribute("aria-sort")).isEqualTo("descending");
        assertNothingLoadedFromElsewhere();
        assertThat(browserProblems()).isEmpty();
        assertThat(accessibilityViolations()).isEmpty();
        screenshot("class-desktop", Math.max(0, topOf("#summary-title") - 16), 1500);

        phone();
        driver.navigate().refresh(); // the finished job answers at once
        visible("#class-figures");
        waiting().until(d -> chartDrawn("pass-chart"));
        assertThat(scrollsSideways())
                .as("the class page scrolls sideways on a phone")
                .isFalse();
        assertThat(accessibilityViolations()).isEmpty();
        screenshot("class-phone", Math.max(0, topOf("#summary-title") - 12), 1800);
    }

    @Test
    void the_class_page_shows_the_whole_record_ranked_sortable_charted_downloadable_and_linking_to_each_student() {
        start(Ticker.systemTicker(), Map.of());
        String first = "20BD1A0501"; // ClassRecordIT's section: R18, admitted 2020
        String last = "20BD1A0520";

        driver.get(base + "/class");
        visible("#from").sendKeys(first.toLowerCase());
        driver.findElement(By.id("to")).sendKeys(last);
        driver.findElement(By.id("whole-record")).click();
        visible("#record-figures");
        waiting().until(d -> chartDrawn("cgpa-chart") && chartDrawn("backlog-chart"));

        JsonNode record = client.get("/api/bulk/class?hallticket_from=" + first + "&hallticket_to=" + last)
                .json();
        assertThat(driver.getCurrentUrl()).contains("view=record", "hallticket_from=" + first, "hallticket_to=" + last);
        assertThat(text("#record-title"))
                .isEqualTo("Whole record: B.Tech " + record.get("regulation").asText());
        assertThat(text("[data-field=with_result]"))
                .isEqualTo(record.get("with_result").asText());
        assertThat(text("[data-field=cgpa_average]")).isEqualTo(twoDecimals(record.get("cgpa_average")));
        assertThat(text("[data-field=short]"))
                .isEqualTo(record.get("promotion_counts").get("short").asText());
        assertThat(rows("#record-students"))
                .extracting(cells -> cells.subList(0, 4))
                .containsExactlyElementsOf(StreamSupport.stream(
                                record.get("students").spliterator(), false)
                        .map(row -> List.of(
                                row.get("rank").isNull() ? "—" : row.get("rank").asText(),
                                row.get("hall_ticket").asText(),
                                row.get("name").asText(),
                                twoDecimals(row.get("cgpa"))))
                        .toList());
        assertThat(rows("#semester-1-1-subjects"))
                .hasSize(record.at("/semesters/0/subjects").size());

        WebElement backlogHeader =
                driver.findElement(By.xpath("//table[@id='record-students']//th[.//button[contains(., 'Backlogs')]]"));
        backlogHeader.findElement(By.tagName("button")).click();
        assertThat(rows("#record-students").stream()
                        .map(cells -> Integer.parseInt(cells.get(5)))
                        .toList())
                .isSorted();
        String csv = driver.findElement(By.cssSelector("#record-downloads a[href*='format=csv']"))
                .getDomAttribute("href");
        var download = client.get(csv);
        assertThat(download.status()).isEqualTo(200);
        assertThat(download.header("Content-Type")).startsWith("text/csv");
        assertThat(driver.findElement(By.cssSelector("#record-downloads a[href*='format=xlsx']"))
                        .getDomAttribute("download"))
                .isNotNull();
        assertNothingLoadedFromElsewhere();
        assertThat(browserProblems()).isEmpty();
        assertThat(accessibilityViolations()).isEmpty();
        screenshot("class-record-desktop", Math.max(0, topOf("#record-title") - 16), 1500);

        String firstStudent = rows("#record-students").getFirst().get(1);
        driver.findElement(By.linkText(firstStudent)).click();
        waiting().until(ExpectedConditions.urlContains("/student/" + firstStudent));
    }

    /** The section exam's own release object in {@code /new/all} (not its RC/RV release). */
    private static JsonNode releaseOf(JsonNode all) {
        List<JsonNode> releases = new ArrayList<>();
        all.get("regular").forEach(releases::add);
        all.get("supply").forEach(releases::add);
        return releases.stream()
                .filter(release -> List.of("degree", "examCode", "etype", "type", "result").stream()
                        .allMatch(key -> release.path(key)
                                .asText("")
                                .equals(SECTION.exam().linkParams().getOrDefault(key, ""))))
                .findFirst()
                .orElseThrow();
    }

    /** How the compare page writes an SGPA of the answer: two decimals, "not awarded" for FAIL, "no result" for none. */
    private static String comparedSgpa(JsonNode sgpa) {
        if (sgpa.isNull()) {
            return "no result";
        }
        return sgpa.isNumber() ? twoDecimals(sgpa) : "not awarded";
    }

    @Test
    void the_compare_page_reached_from_a_student_shows_both_students_as_the_simulators_truth_says() {
        start(Ticker.systemTicker(), Map.of());
        Student first = fullStudentWithBacklog();
        // A lateral entrant of the same branch: no first year, and the later subjects in common.
        Student second = COHORT.students().stream()
                .filter(s -> s.lateralEntry()
                        && !s.hasNoResult()
                        && s.hallTicket()
                                .substring(6, 8)
                                .equals(first.hallTicket().substring(6, 8))
                        && !ExpectedComparison.of(COHORT, first, s)
                                .get("common_subjects")
                                .isEmpty())
                .findFirst()
                .orElseThrow();
        JsonNode expected = ExpectedComparison.of(COHORT, first, second);

        driver.get(base + "/student/" + first.hallTicket());
        visible("[data-field=cgpa]");
        driver.findElement(By.linkText("Compare with another student")).click();
        assertThat(visible("#compare-first").getDomProperty("value")).isEqualTo(first.hallTicket());
        driver.findElement(By.id("compare-second")).sendKeys(second.hallTicket().toLowerCase(), Keys.ENTER);
        visible("#compare-overall");
        waiting().until(d -> chartDrawn("compare-chart"));

        assertThat(driver.getCurrentUrl())
                .isEqualTo(base + "/compare?hallticket=" + first.hallTicket() + "&other_hallticket="
                        + second.hallTicket());
        assertThat(text("[data-student='0'] [data-field=hallticket]")).isEqualTo(first.hallTicket());
        assertThat(text("[data-student='1'] [data-field=programme]")).isEqualTo(second.regulation() + " B.Tech");
        JsonNode overall = expected.get("overall");
        for (int student = 0; student < 2; student++) {
            String cell = "#compare-overall [data-student='" + student + "'][data-field=";
            assertThat(text(cell + "cgpa]"))
                    .isEqualTo(twoDecimals(overall.get("cgpa").get(student)));
            assertThat(text(cell + "credits]"))
                    .isEqualTo(credits(overall.get("credits_earned").get(student)));
            assertThat(text(cell + "backlogs]"))
                    .isEqualTo(overall.get("open_backlogs").get(student).asText());
        }
        List<List<String>> sgpaRows = new ArrayList<>();
        for (JsonNode semester : expected.get("semesters")) {
            sgpaRows.add(List.of(
                    semester.get("semester").asText(),
                    comparedSgpa(semester.get("sgpa").get(0)),
                    comparedSgpa(semester.get("sgpa").get(1))));
        }
        assertThat(rows("#compare-sgpa")).isEqualTo(sgpaRows).anyMatch(row -> row.contains("no result"));
        List<List<String>> commonRows = new ArrayList<>();
        for (JsonNode subject : expected.get("common_subjects")) {
            JsonNode semesters = subject.get("semester");
            commonRows.add(List.of(
                    subject.get("subject_code").asText(),
                    subject.get("subject_name").asText(),
                    semesters.get(0).equals(semesters.get(1))
                            ? semesters.get(0).asText()
                            : semesters.get(0).asText() + " / "
                                    + semesters.get(1).asText(),
                    subject.get("grade").get(0).asText(),
                    subject.get("grade").get(1).asText()));
        }
        assertThat(rows("#common-subjects").stream()
                        .map(row -> row.stream()
                                .map(cell -> cell.replaceFirst("\\s*\\(not passed\\)$", ""))
                                .toList())
                        .toList())
                .isEqualTo(commonRows);
        assertNothingLoadedFromElsewhere();
        assertThat(browserProblems()).isEmpty();
        assertThat(accessibilityViolations()).isEmpty();
        screenshot("compare-desktop", 0, 1500);

        phone();
        driver.navigate().refresh();
        visible("#compare-overall");
        waiting().until(d -> chartDrawn("compare-chart"));
        assertThat(scrollsSideways())
                .as("the compare page scrolls sideways on a phone")
                .isFalse();
        assertThat(accessibilityViolations()).isEmpty();
        screenshot("compare-phone", 0, 1800);

        desktop();
        driver.get(base + "/compare?hallticket=" + first.hallTicket() + "&other_hallticket="
                + first.hallTicket().toLowerCase());
        assertThat(visible("[data-error-code=INVALID_PARAMETER]").getText()).contains("same hall ticket twice");
        String none = CASES.first(EdgeCase.NO_RESULT).hallTicket();
        driver.get(base + "/compare?hallticket=" + first.hallTicket() + "&other_hallticket=" + none);
        assertThat(visible("[data-error-code=RESULT_NOT_FOUND]").getText())
                .contains("No results were found for the second hall ticket, " + none);
        assertThat(driver.findElement(By.id("compare-second")).getDomAttribute("aria-invalid"))
                .isEqualTo("true");
        assertThat(accessibilityViolations()).isEmpty();
    }

    @Test
    void clear_messages_for_a_wrong_hall_ticket_no_result_a_saved_copy_and_the_university_down() {
        ManualTicker ticker = new ManualTicker();
        // Without an archive (its database down) a lookup the university does not answer serves the saved copy.
        start(ticker, Map.of("RESULTS_DATA_DIR", DataFolders.unusable().toString()));
        Student saved = student(EdgeCase.RCRV_RAISED);
        Student unknown = student(EdgeCase.ABSENT);

        driver.get(base + "/student/12345");
        assertThat(visible("[data-error-code=INVALID_PARAMETER]").getText()).contains("10 letters and digits");
        assertThat(accessibilityViolations()).isEmpty();

        driver.get(base + "/student/" + CASES.first(EdgeCase.NO_RESULT).hallTicket());
        assertThat(visible("[data-error-code=RESULT_NOT_FOUND]").getText())
                .contains("No results were found for hall ticket");

        client.get("/report/" + saved.hallTicket());
        ticker.advance(Duration.ofDays(1).plusMinutes(1));
        universe.primary().setDown(true);
        universe.mirror().setDown(true);
        driver.get(base + "/student/" + saved.hallTicket());
        assertThat(visible("[data-notice=stale]").getText()).contains("saved copy from 24 hours ago");
        assertThat(text("[data-field=cgpa]")).isNotBlank();

        driver.get(base + "/student/" + unknown.hallTicket());
        assertThat(visible("[data-error-code=UPSTREAM_UNAVAILABLE]").getText()).contains("not answering");
    }

    @Test
    void rate_limiting_is_explained_with_the_wait() {
        start(new ManualTicker(), Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "2"));
        client.get("/openapi.json");
        client.get("/openapi.json"); // this address has used its budget; the page itself is not charged

        driver.get(base + "/student/" + student(EdgeCase.ABSENT).hallTicket());

        assertThat(visible("[data-error-code=RATE_LIMITED]").getText()).contains("Too many requests", "seconds");
    }

    @Test
    void the_releases_page_lists_releases_and_notifications_and_links_each_to_its_class() {
        start(Ticker.systemTicker(), Map.of());
        JsonNode all = client.get("/new/all").json();
        JsonNode notifications = client.get("/notifications").json();

        driver.get(base + "/releases");
        visible("#regular-releases");

        assertThat(accessibilityViolations()).isEmpty();
        assertThat(rows("#regular-releases")).hasSize(all.get("regular").size());
        assertThat(rows("#supply-releases")).hasSize(all.get("supply").size());
        assertThat(driver.findElements(By.cssSelector("#notifications li"))).hasSize(notifications.size());
        assertThat(rows("#regular-releases").get(0).get(1))
                .isEqualTo(all.get("regular").get(0).get("exam_name").asText());
        driver.findElement(By.id("release-filter")).sendKeys("(R18) Regular");
        long shown = driver.findElements(By.cssSelector("#regular-releases tbody tr")).stream()
                .filter(WebElement::isDisplayed)
                .count();
        assertThat(shown).isPositive().isLessThan(all.get("regular").size());

        JsonNode release = releaseOf(all);
        driver.findElement(By.id("release-filter")).clear();
        driver.findElement(By.xpath("//tr[th[normalize-space(.)='"
                        + release.get("exam_name").asText() + "']]" + "//a[normalize-space(.)='Class results']"))
                .click();
        waiting().until(ExpectedConditions.urlContains("/class?"));
        waiting()
                .until(d -> !new Select(d.findElement(By.id("exam")))
                        .getFirstSelectedOption()
                        .getAttribute("value")
                        .isEmpty());
        assertThat(new Select(driver.findElement(By.id("exam")))
                        .getFirstSelectedOption()
                        .getText())
                .startsWith(release.get("exam_name").asText());
        assertThat(browserProblems()).isEmpty();

        phone();
        driver.get(base + "/releases");
        visible("#regular-releases");
        assertThat(scrollsSideways())
                .as("the releases page scrolls sideways on a phone")
                .isFalse();
        driver.get(base + "/");
        visible("#hallticket");
        assertThat(scrollsSideways())
                .as("the start page scrolls sideways on a phone")
                .isFalse();
        assertThat(accessibilityViolations()).isEmpty();
    }
}
