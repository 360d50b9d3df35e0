package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import in.results.alerts.FakePushService;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Exam;
import io.javalin.Javalin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
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
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Result alerts on the website, in headless Chromium against the service on a simulator that publishes while the test
 * runs: "Notify me" on the student page subscribes the browser and the service pushes the student's new result to it;
 * a pushed message is shown as a notification whose click opens the student's page; an open student page announces a
 * new result and shows it.
 *
 * <p>Chromium cannot subscribe offline (pushManager.subscribe needs the browser vendor's push service), so the page's
 * {@code PushManager} is replaced, before its scripts run, by one whose subscription is a browser of the
 * {@link FakePushService} on loopback: the service's messages go there, and are checked (VAPID token) and decrypted.
 * What the browser does with a push message is driven through the DevTools protocol instead
 * ({@code ServiceWorker.deliverPushMessage}); the registration's id arrives only as an event, read over a DevTools
 * WebSocket of the test's own, since Selenium's typed DevTools does not cover Debian's Chromium.
 */
class WebsitePushIT {
    private static final Cohort COHORT = Cohort.generate(42);
    /** The R18 II Year II Semester regular release of one batch: published while the tests run. */
    private static final Exam RELEASE =
            COHORT.nextRegularRelease(LocalDate.of(2023, 12, 1)).orElseThrow();

    private static final LocalDate RESULTS_DAY = RELEASE.releaseDate();
    private static final LocalDate DAY_BEFORE = RESULTS_DAY.minusDays(1);
    /**
     * The fake push service's host listed as a push service (http taken as loopback endpoints are allowed); the
     * release list read every 5 s so that a publish is seen soon.
     */
    private static final Map<String, String> SETTINGS = Map.of(
            "RESULTS_WEBHOOK_ALLOW_PRIVATE", "true",
            "RESULTS_PUSH_SERVICES", "127.0.0.1",
            "RESULTS_LIST_REFRESH_SECONDS", "5",
            "RESULTS_UPSTREAM_TIMEOUT_MS", "15000");

    private static final Duration WAIT = Duration.ofSeconds(45);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BROWSER = "chromium";

    /**
     * Runs in every document before its scripts: PushManager's subscribe and getSubscription answer with one
     * subscription of the fake push service (its JSON is {@code %s}), recording what the page asked; and every
     * EventSource the page opens is kept in {@code window.__eventSources} for the test to look at.
     */
    private static final String PAGE_STUBS = """
            (() => {
              const json = %s;
              const stub = window.__push = {subscribes: [], unsubscribes: 0, subscription: null};
              const base64Url = (bytes) => btoa(String.fromCharCode(...bytes))
                .replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
              PushManager.prototype.subscribe = async function (options) {
                const key = new Uint8Array(options.applicationServerKey);
                stub.subscribes.push({userVisibleOnly: options.userVisibleOnly === true, key: base64Url(key)});
                stub.subscription = {
                  endpoint: json.endpoint,
                  expirationTime: null,
                  options: {userVisibleOnly: options.userVisibleOnly, applicationServerKey: key.slice().buffer},
                  toJSON: () => JSON.parse(JSON.stringify(json)),
                  unsubscribe: async () => { stub.unsubscribes++; stub.subscription = null; return true; },
                };
                return stub.subscription;
              };
              PushManager.prototype.getSubscription = async function () { return stub.subscription; };
              const Original = window.EventSource;
              window.__eventSources = [];
              window.EventSource = class extends Original {
                constructor(...args) { super(...args); window.__eventSources.push(this); }
              };
            })();
            """;

    private static HeadlessChromium browser;
    private static ChromeDriver driver;

    private final PublishingUniversity world = new PublishingUniversity(COHORT);
    private ServiceClient client;
    /** The service as the browser reaches it: {@code http://localhost:<port>}, its default public URL. */
    private String base;

    @BeforeAll
    static void startBrowser() {
        browser = HeadlessChromium.start(options -> options.addArguments("--window-size=1280,900", "--lang=en-IN"));
        driver = browser.driver();
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    @AfterEach
    void stopEverything() throws Exception {
        driver.get("about:blank"); // the page's live connection ends before its service does
        driver.executeCdpCommand("Browser.resetPermissions", Map.of());
        world.stopEverything();
    }

    @Test
    void notify_me_subscribes_the_browser_and_the_new_result_is_pushed_with_its_semester_and_sgpa() {
        // given the day before results day, a student of the batch whose results come out then, on their page in a
        // browser that allows the site's notifications
        university(DAY_BEFORE);
        service();
        FakePushService push = pushService();
        Student student = batchStudent();
        pageStubs(push.subscriptionJson(BROWSER));
        allowNotifications();
        driver.get(base + "/student/" + student.hallTicket());
        WebElement button = visible("button[data-notify]");
        assertThat(button.getText()).isEqualTo("Notify me when a new result is out");
        assertThat(button.getAttribute("aria-pressed")).isEqualTo("false");

        // when they press the button with the keyboard
        button.sendKeys(Keys.ENTER);

        // then it is on: the browser subscribed once, user-visibly, with the service's key, through the site's
        // service worker at the root
        waiting().until(d -> "true".equals(button.getAttribute("aria-pressed")));
        assertThat(text("[data-notify-status]")).startsWith("On:").contains(student.hallTicket());
        assertThat(script("return window.__push.subscribes;"))
                .isEqualTo(List.of(Map.of("userVisibleOnly", true, "key", publicKey())));
        assertThat(asyncScript("navigator.serviceWorker.getRegistration('/').then(r => done(r"
                        + " ? [r.scope, r.active && r.active.scriptURL] : null));"))
                .isEqualTo(List.of(base + "/", base + "/sw.js"));
        assertThat(push.messages(BROWSER)).isEmpty();

        // and when the university publishes the student's result, the service pushes it to that subscription
        publish(RESULTS_DAY);
        await("a push message for " + student.hallTicket())
                .atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> !push.messages(BROWSER).isEmpty());
        JsonNode message = json(push.messages(BROWSER).getFirst());
        assertThat(message.path("hallticket").asText()).isEqualTo(student.hallTicket());
        assertThat(message.path("semester").asText()).isEqualTo(RELEASE.semester());
        assertThat(new BigDecimal(message.path("sgpa").asText())).isEqualByComparingTo(sgpaOf(student));
        assertThat(message.path("title").asText()).isEqualTo("New result: semester " + RELEASE.semester());
        assertThat(message.path("body").asText())
                .startsWith("SGPA " + message.path("sgpa").asText());
        assertThat(message.path("url").asText()).isEqualTo(base + "/student/" + student.hallTicket());
        assertThat(push.rejected()).isEmpty();
    }

    @Test
    void pressing_again_turns_notifications_off_and_the_service_forgets_the_browser() {
        // given a student's page with notifications on
        university(DAY_BEFORE);
        service();
        FakePushService push = pushService();
        Student student = batchStudent();
        pageStubs(push.subscriptionJson(BROWSER));
        allowNotifications();
        driver.get(base + "/student/" + student.hallTicket());
        WebElement button = visible("button[data-notify]");
        button.click();
        waiting().until(d -> "true".equals(button.getAttribute("aria-pressed")));

        // when the button is pressed again
        button.click();

        // then it is off, the browser's subscription has ended, and the service no longer knows the endpoint (it
        // answers 404 to a request to forget it, not 204)
        waiting().until(d -> "false".equals(button.getAttribute("aria-pressed")));
        assertThat(text("[data-notify-status]")).startsWith("Off:");
        assertThat(script("return window.__push.unsubscribes;")).isEqualTo(1L);
        assertThat(forgetEndpoint(push, BROWSER).status()).isEqualTo(404);
    }

    @Test
    void turning_one_of_two_hall_tickets_off_keeps_the_other_subscribed() {
        // given one browser told of two students' results
        university(DAY_BEFORE);
        service();
        FakePushService push = pushService();
        List<Student> students = COHORT.asOf(RESULTS_DAY).students().stream()
                .filter(s -> s.results().containsKey(RELEASE.code()))
                .limit(2)
                .toList();
        pageStubs(push.subscriptionJson(BROWSER));
        allowNotifications();
        driver.get(base + "/student/" + students.get(0).hallTicket());
        WebElement first = visible("button[data-notify]");
        first.click();
        waiting().until(d -> "true".equals(first.getAttribute("aria-pressed")));
        driver.findElement(By.id("hallticket")).clear();
        driver.findElement(By.id("hallticket")).sendKeys(students.get(1).hallTicket(), Keys.ENTER);
        waiting()
                .until(ExpectedConditions.textToBe(
                        By.cssSelector("[data-field=hallticket]"),
                        students.get(1).hallTicket()));
        WebElement second = visible("button[data-notify]");
        second.click();
        waiting().until(d -> "true".equals(second.getAttribute("aria-pressed")));

        // when the second is turned off
        second.click();
        waiting().until(d -> "false".equals(second.getAttribute("aria-pressed")));

        // then the browser's subscription stays (subscribed once, never ended), and the service still knows its
        // endpoint: the page sent the first student's subscription again after forgetting the endpoint's
        assertThat(script("return [window.__push.subscribes.length, window.__push.unsubscribes];"))
                .isEqualTo(List.of(1L, 0L));
        assertThat(forgetEndpoint(push, BROWSER).status()).isEqualTo(204);
    }

    @Test
    void notifications_blocked_for_the_site_are_explained_instead_of_the_button() {
        // given a browser in which the site's notifications are blocked
        university(DAY_BEFORE);
        service();
        driver.executeCdpCommand(
                "Browser.setPermission",
                Map.of("permission", Map.of("name", "notifications"), "setting", "denied", "origin", base));

        // when a student's page is shown
        driver.get(base + "/student/" + batchStudent().hallTicket());
        visible("[data-field=cgpa]");

        // then it says why it offers no notifications, and has no button that could not work
        waiting()
                .until(d -> "blocked"
                        .equals(d.findElement(By.cssSelector("[data-notify-status]"))
                                .getAttribute("data-notify-status")));
        assertThat(text("[data-notify-status]")).contains("blocked in this browser's settings");
        assertThat(driver.findElements(By.cssSelector("button[data-notify]"))).isEmpty();
    }

    @Test
    void a_push_message_is_shown_as_a_notification_with_the_semester_and_sgpa_one_per_hall_ticket() throws Exception {
        // given a student's page in which notifications are turned on (which registers the site's service worker)
        university(DAY_BEFORE);
        service();
        FakePushService push = pushService();
        Student student = batchStudent();
        pageStubs(push.subscriptionJson(BROWSER));
        allowNotifications();
        driver.get(base + "/student/" + student.hallTicket());
        WebElement button = visible("button[data-notify]");
        // The ServiceWorker domain is enabled in Selenium's session (deliverPushMessage needs it) and in the test's
        // own (for the registration's id) before the worker is registered: enabled only once it ran, Chromium now
        // and then showed nothing for the first message delivered (about one run in three).
        driver.executeCdpCommand("ServiceWorker.enable", Map.of());
        try (DevToolsSocket devTools = DevToolsSocket.ofPage(base + "/student/")) {
            devTools.call("ServiceWorker.enable", Map.of());
            button.click();
            waiting().until(d -> "true".equals(button.getAttribute("aria-pressed")));
            String registration = devTools.registrationIdOf(base + "/");

            // when the browser's push service delivers two messages of the service's shape for the student
            deliverUntilShown(registration, message(student.hallTicket(), "2-1", "7.45"), "New result: semester 2-1");
            deliverUntilShown(registration, message(student.hallTicket(), "2-2", "8.12"), "New result: semester 2-2");
        }

        // then one notification shows the latest: its semester and SGPA, and the student's page to open
        assertThat(notifications())
                .containsExactly(Map.of(
                        "title",
                        "New result: semester 2-2",
                        "body",
                        "SGPA 8.12 · B.Tech II Year II Semester",
                        "tag",
                        "result-" + student.hallTicket(),
                        "url",
                        base + "/student/" + student.hallTicket()));
    }

    @Test
    void the_service_worker_is_a_script_at_the_root_not_charged_against_the_rate_limit() {
        // given a client that has used its budget of requests
        university(DAY_BEFORE);
        service(Map.of("RESULTS_RATE_LIMIT_PER_MINUTE", "2"));
        client.get("/openapi.json");
        client.get("/openapi.json");
        assertThat(client.get("/openapi.json").status()).isEqualTo(429);

        // when it asks for the service worker, more than once
        List<ServiceClient.Reply> replies = List.of(client.get("/sw.js"), client.get("/sw.js"), client.get("/sw.js"));

        // then each is the script, at the root (so its scope can be the whole site), loading nothing itself
        assertThat(replies).allSatisfy(reply -> {
            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.header("Content-Type")).isEqualTo("text/javascript; charset=utf-8");
            assertThat(reply.header("X-Content-Type-Options")).isEqualTo("nosniff");
            assertThat(reply.header("Content-Security-Policy")).isEqualTo("default-src 'none'");
            assertThat(reply.response().body()).contains("addEventListener('push'");
        });
    }

    @Test
    void a_click_on_the_notification_focuses_a_window_showing_the_page_or_opens_it() {
        // given the service worker's script loaded in a page, its handlers called with stand-ins for the event and
        // the worker's clients
        university(DAY_BEFORE);
        service();
        driver.get(base + "/releases");
        assertThat(asyncScript("const s = document.createElement('script'); s.src = '/sw.js';"
                        + " s.onload = () => done(typeof handleNotificationClick); s.onerror = () => done('failed');"
                        + " document.head.append(s);"))
                .isEqualTo("function");
        String page = base + "/student/18XX1A0501";
        String other = base + "/student/18XX1A0502";

        // when a notification of the page is clicked with a window showing it (at an anchor) and another open, and
        // again with only the other one open
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> clicks = (Map<String, Map<String, Object>>) asyncScript("""
                const [page, other] = [arguments[0], arguments[1]];
                const click = async (windows) => {
                  const log = {closed: 0, waitedFor: 0, asked: null, focused: [], opened: []};
                  const event = {
                    notification: {data: {url: page}, close: () => { log.closed++; }},
                    waitUntil: (promise) => { if (promise instanceof Promise) log.waitedFor++; },
                  };
                  const clients = {
                    matchAll: async (options) => {
                      log.asked = options;
                      return windows.map((url) => ({url, focus: async () => { log.focused.push(url); }}));
                    },
                    openWindow: async (url) => { log.opened.push(url); return null; },
                  };
                  await handleNotificationClick(event, clients);
                  return log;
                };
                (async () => ({open: await click([other, page + '#semesters']), closed: await click([other])}))()
                  .then(done, (error) => done({error: String(error)}));
                """, page, other);

        // then each closes the notification and keeps the worker alive until done; the first focuses the window
        // showing the page, the second opens the page
        assertThat(clicks.get("open"))
                .containsEntry("closed", 1L)
                .containsEntry("waitedFor", 1L)
                .containsEntry("asked", Map.of("type", "window", "includeUncontrolled", true))
                .containsEntry("focused", List.of(page + "#semesters"))
                .containsEntry("opened", List.of());
        assertThat(clicks.get("closed"))
                .containsEntry("closed", 1L)
                .containsEntry("waitedFor", 1L)
                .containsEntry("focused", List.of())
                .containsEntry("opened", List.of(page));
    }

    @Test
    void the_open_student_page_announces_a_new_result_shows_it_and_stops_listening_when_left() {
        // given the day before results day, a student of the batch on their page (without notifications)
        university(DAY_BEFORE);
        service();
        Student student = batchStudent();
        pageStubs("{}");
        driver.get(base + "/student/" + student.hallTicket());
        visible("[data-field=cgpa]");
        waiting().until(d -> (Boolean) script("return window.__eventSources.length === 1"
                + " && window.__eventSources[0].readyState === EventSource.OPEN;"));
        String newSemester = "[data-semester='" + RELEASE.semester() + "']";
        assertThat(driver.findElements(By.cssSelector(newSemester))).isEmpty();
        script("window.__samePage = true;");

        // when the university publishes the student's result
        publish(RESULTS_DAY);

        // then within a minute the page says so in its polite banner, and shows the new semester without reloading
        WebElement news = new WebDriverWait(driver, Duration.ofSeconds(60), Duration.ofMillis(250))
                .until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("[data-news] [data-field=news]")));
        assertThat(news.getText())
                .isEqualTo("New result: semester " + RELEASE.semester() + ", SGPA "
                        + sgpaOf(student).setScale(2, RoundingMode.HALF_UP).toPlainString());
        assertThat(driver.findElement(By.cssSelector("[data-news]")).getAttribute("role"))
                .isEqualTo("status");
        visible(newSemester);
        assertThat(script("return window.__samePage === true;")).isEqualTo(true);

        // and when the person goes to another view, the page's live connection is closed
        driver.findElement(By.cssSelector(".site-header nav a[href='/releases']"))
                .click();
        waiting().until(d ->
                (Boolean) script("return window.__eventSources.every(s => s.readyState === EventSource.CLOSED);"));
        assertThat(script("return window.__samePage === true;")).isEqualTo(true);
    }

    @Test
    void a_live_page_the_service_refuses_says_it_is_paused_and_connects_by_itself_once_there_is_room()
            throws Exception {
        // given a service that holds one live page at most, and another client holding it
        university(DAY_BEFORE);
        service(Map.of("RESULTS_LIVE_MAX", "1"));
        Student student = batchStudent();
        HttpResponse<java.io.InputStream> other = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .build()
                .send(
                        HttpRequest.newBuilder(client.uri("/events/student/" + student.hallTicket()))
                                .build(),
                        HttpResponse.BodyHandlers.ofInputStream());
        assertThat(other.statusCode()).isEqualTo(200);
        pageStubs("{}");

        // when the student's page is opened
        driver.get(base + "/student/" + student.hallTicket());
        visible("[data-field=cgpa]");

        // then its live connection is refused (503) and the page says, in a polite status line, that it is paused
        WebElement paused = visible("[data-live=paused]");
        assertThat(paused.getText()).startsWith("Live updates are paused");
        assertThat(paused.getAttribute("role")).isEqualTo("status");
        assertThat(script("return window.__eventSources.length;")).isEqualTo(1L);

        // and once the other client leaves (the service notices at its next heartbeat, 20 s at most), the page tries
        // again after its pause (30 to 40 s) and is live, the paused line gone
        other.body().close();
        new WebDriverWait(driver, Duration.ofSeconds(90), Duration.ofMillis(500))
                .until(d -> (Boolean) script("return window.__eventSources.length >= 2"
                        + " && window.__eventSources.at(-1).readyState === EventSource.OPEN;"));
        waiting().until(d -> "live".equals(script("return document.querySelector('[data-live]').dataset.live;")));
        assertThat(driver.findElement(By.cssSelector("[data-live]")).isDisplayed())
                .isFalse();
    }

    // --- the university, the service and the push service ---

    private void university(LocalDate day) {
        world.openOn(day);
    }

    /** Moves the university to {@code day}, publishing the releases of the days passed, the test's among them. */
    private void publish(LocalDate day) {
        assertThat(world.publish(day)).contains(RELEASE);
    }

    private void service() {
        service(Map.of());
    }

    private void service(Map<String, String> settings) {
        Map<String, String> all = new HashMap<>(SETTINGS);
        all.putAll(settings);
        Javalin service = world.startService(all);
        client = new ServiceClient(service.port());
        base = "http://localhost:" + service.port();
    }

    private FakePushService pushService() {
        return closedAfter(FakePushService.start(publicKey()));
    }

    /** The service's VAPID public key, once its database answers (the archive opens while the service starts). */
    private String publicKey() {
        ServiceClient.Reply reply = await("GET /api/push/key answered")
                .atMost(WAIT)
                .pollInterval(Duration.ofMillis(250))
                .until(() -> client.get("/api/push/key"), answer -> answer.status() != 503);
        assertThat(reply.status())
                .as("GET /api/push/key: " + reply.response().body())
                .isEqualTo(200);
        return reply.json().path("public_key").asText();
    }

    private <T extends AutoCloseable> T closedAfter(T resource) {
        return world.closedAfter(resource);
    }

    /** {@code DELETE /api/push} for the browser {@code name}'s endpoint with its auth key, as the test's own request. */
    private ServiceClient.Reply forgetEndpoint(FakePushService push, String name) {
        ObjectNode body = JSON.createObjectNode()
                .put("endpoint", push.endpoint(name).toString())
                .put(
                        "auth",
                        json(push.subscriptionJson(name))
                                .path("keys")
                                .path("auth")
                                .asText());
        return client.send(HttpRequest.newBuilder(client.uri("/api/push"))
                .header("Content-Type", "application/json")
                .method("DELETE", HttpRequest.BodyPublishers.ofString(body.toString()))
                .timeout(Duration.ofSeconds(30))
                .build());
    }

    /** A student of the batch whose II Year II Semester results come out on results day, with an SGPA awarded. */
    private static Student batchStudent() {
        return COHORT.asOf(RESULTS_DAY).students().stream()
                .filter(s -> s.results().containsKey(RELEASE.code()))
                .filter(s -> Expected.sgpa(s.results().get(RELEASE.code())) != null)
                .findFirst()
                .orElseThrow();
    }

    /** The SGPA of the student's page of the release. */
    private static BigDecimal sgpaOf(Student student) {
        return Expected.sgpa(student.results().get(RELEASE.code()));
    }

    // --- the browser ---

    /** {@link #PAGE_STUBS} with {@code subscriptionJson}, for every page from now until the test ends. */
    private void pageStubs(String subscriptionJson) {
        Map<String, Object> added = driver.executeCdpCommand(
                "Page.addScriptToEvaluateOnNewDocument", Map.of("source", PAGE_STUBS.formatted(subscriptionJson)));
        Object identifier = added.get("identifier");
        world.closedAfter(() ->
                driver.executeCdpCommand("Page.removeScriptToEvaluateOnNewDocument", Map.of("identifier", identifier)));
    }

    private void allowNotifications() {
        driver.executeCdpCommand(
                "Browser.grantPermissions", Map.of("origin", base, "permissions", List.of("notifications")));
    }

    private void deliver(String registrationId, String data) {
        driver.executeCdpCommand(
                "ServiceWorker.deliverPushMessage",
                Map.of("origin", base, "registrationId", registrationId, "data", data));
    }

    /**
     * Delivers {@code data} until a notification titled {@code title} is shown, at most three times. Chromium (Debian's
     * 156, headless) now and then keeps no notification of the first message delivered through DevTools although the
     * worker's showNotification succeeded with the permission granted (in about one run of this class in ten, never
     * when this test ran alone); delivered again, it is shown. A worker that shows none fails all three.
     */
    private void deliverUntilShown(String registrationId, String data, String title) {
        for (int attempt = 1; ; attempt++) {
            deliver(registrationId, data);
            try {
                new WebDriverWait(driver, Duration.ofSeconds(10), Duration.ofMillis(250))
                        .until(d -> notifications().stream().anyMatch(n -> title.equals(n.get("title"))));
                return;
            } catch (org.openqa.selenium.TimeoutException e) {
                if (attempt == 3) {
                    throw e;
                }
            }
        }
    }

    /** A push message as the service writes it. */
    private String message(String hallTicket, String semester, String sgpa) {
        return JSON.createObjectNode()
                .put("title", "New result: semester " + semester)
                .put("body", "SGPA " + sgpa + " · B.Tech II Year II Semester")
                .put("url", base + "/student/" + hallTicket)
                .put("hallticket", hallTicket)
                .put("semester", semester)
                .put("sgpa", sgpa)
                .toString();
    }

    /** The notifications the site's service worker shows now: title, body, tag and the URL in their data. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> notifications() {
        return (List<Map<String, Object>>) asyncScript(
                "navigator.serviceWorker.getRegistration('/').then(r => r.getNotifications()).then(list => done("
                        + "list.map(n => ({title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url}))));");
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

    /** Runs {@code js}, which calls {@code done(result)} when it has its result. */
    private static Object asyncScript(String js, Object... arguments) {
        return ((JavascriptExecutor) driver)
                .executeAsyncScript("const done = arguments[arguments.length - 1];\n" + js, arguments);
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A DevTools protocol connection of the test's own to the page (a second client next to Selenium's), for the
     * events Selenium does not pass on: commands as JSON text, every message kept.
     */
    private static final class DevToolsSocket implements WebSocket.Listener, AutoCloseable {
        private final HttpClient http = HttpClient.newHttpClient();
        private final List<JsonNode> events = new CopyOnWriteArrayList<>();
        private final Map<Integer, CompletableFuture<JsonNode>> replies = new ConcurrentHashMap<>();
        private final AtomicInteger ids = new AtomicInteger();
        private final StringBuilder partial = new StringBuilder();
        private WebSocket socket;

        /** Connects to the page whose URL starts with {@code urlPrefix}, found in the browser's list of targets. */
        static DevToolsSocket ofPage(String urlPrefix) throws Exception {
            @SuppressWarnings("unchecked")
            Map<String, Object> chrome =
                    (Map<String, Object>) driver.getCapabilities().getCapability("goog:chromeOptions");
            String address = (String) chrome.get("debuggerAddress");
            DevToolsSocket devTools = new DevToolsSocket();
            HttpResponse<String> list = devTools.http.send(
                    HttpRequest.newBuilder(URI.create("http://" + address + "/json/list"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            String page = StreamSupport.stream(JSON.readTree(list.body()).spliterator(), false)
                    .filter(target -> target.path("type").asText().equals("page"))
                    .filter(target -> target.path("url").asText().startsWith(urlPrefix))
                    .map(target -> target.path("webSocketDebuggerUrl").asText())
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no page at " + urlPrefix + " in " + list.body()));
            devTools.socket = devTools.http
                    .newWebSocketBuilder()
                    .buildAsync(URI.create(page), devTools)
                    .get(10, TimeUnit.SECONDS);
            return devTools;
        }

        /**
         * The id of the service worker registration of {@code scope}, from the {@code
         * ServiceWorker.workerRegistrationUpdated} events the browser sends once {@code ServiceWorker.enable} was
         * called on this connection.
         */
        String registrationIdOf(String scope) throws Exception {
            return await("the registration of " + scope)
                    .atMost(WAIT)
                    .until(
                            () -> events.stream()
                                    .filter(event -> event.path("method")
                                            .asText()
                                            .equals("ServiceWorker.workerRegistrationUpdated"))
                                    .flatMap(event -> StreamSupport.stream(
                                            event.path("params")
                                                    .path("registrations")
                                                    .spliterator(),
                                            false))
                                    .filter(r -> r.path("scopeURL").asText().equals(scope))
                                    .filter(r -> !r.path("isDeleted").asBoolean())
                                    .map(r -> r.path("registrationId").asText())
                                    .reduce((first, later) -> later)
                                    .orElse(null),
                            id -> id != null);
        }

        /** Sends a command and waits for its answer; an error answer fails the test. */
        JsonNode call(String method, Map<String, Object> params)
                throws InterruptedException, ExecutionException, TimeoutException, IOException {
            int id = ids.incrementAndGet();
            CompletableFuture<JsonNode> reply = new CompletableFuture<>();
            replies.put(id, reply);
            Map<String, Object> command = new HashMap<>(Map.of("id", id, "method", method, "params", params));
            socket.sendText(JSON.writeValueAsString(command), true).get(10, TimeUnit.SECONDS);
            JsonNode answer = reply.get(30, TimeUnit.SECONDS);
            assertThat(answer.has("error")).as(method + ": " + answer).isFalse();
            return answer;
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                JsonNode message = json(partial.toString());
                partial.setLength(0);
                if (message.has("id")) {
                    CompletableFuture<JsonNode> reply =
                            replies.remove(message.path("id").asInt());
                    if (reply != null) {
                        reply.complete(message);
                    }
                } else {
                    events.add(message);
                }
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public void close() {
            if (socket != null) {
                socket.abort();
            }
            http.close();
        }
    }
}
