package in.results.simulator;

import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Mark;
import in.results.simulator.pages.NoticePageWriter;
import in.results.simulator.pages.ReleaseListWriter;
import in.results.simulator.releases.Exam;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.net.URI;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The university's result site, simulated over real HTTP on loopback for end-to-end tests,
 * benchmarks and {@code --demo}. Pages are answered from a {@link Cohort} in the site's own markup.
 * Every path is served both at the root and under {@code /results} (the mirror's base URL):
 * {@code /resultAction} (GET query or POST form), {@code /jsp/home.jsp}, {@code /jsp/RCRVInfo.jsp}
 * and {@code /jsp/SearchResult.jsp}; anything else is Tomcat's 404, except the simulator's own
 * {@code /admin/date} ({@link DateControl}), served at the root only.
 *
 * <p>The university is a {@link Cohort}: the synthetic B.Tech world ({@link Cohort#generate}) or the real release list
 * with students of every programme ({@link Cohort#onRealList}); exam codes are numbered per programme, and
 * {@code /resultAction} answers the exam of the programme its {@code degree} parameter names.
 *
 * <p>{@link #builder} sets up a university as it stood on some day ({@link Cohort#asOf}) and a release list that
 * lost older rows while their results are still answered. The controls are thread-safe and take effect while
 * requests run. Counters count every request received for the university's paths, including those answered with an
 * error; {@code /admin/date} requests are neither counted nor slowed, queued or refused by the traffic controls.
 * {@link #publish} adds a release while the site runs, as the university does: the release list shows it from then
 * on. {@link #advanceTo} moves the site's day forward, publishing the releases dated in the days passed.
 */
public final class UniversitySimulator implements AutoCloseable {

    private static final String MIRROR_PREFIX = "/results";

    /**
     * What the site shows now: its day, a cohort and the pages written from it, replaced as a whole by
     * {@link #publish} and {@link #advanceTo} so that a request sees one day's site, never a mix.
     */
    private record Site(LocalDate today, Cohort cohort, ResultResponder results, Answer homePage, Answer noticePage) {
        static Site of(LocalDate today, Cohort cohort, ListTrim trim) {
            // The cohort is immutable, so its pages are written once per cohort.
            return new Site(
                    today,
                    cohort,
                    new ResultResponder(cohort),
                    Answer.page(ReleaseListWriter.homePage(cohort, trim.unlistedKeys(cohort))),
                    Answer.page(NoticePageWriter.noticePage(cohort.notices())));
        }
    }

    /** A release added by {@link #publish}: kept to be added again to each later day's cohort. */
    private record Published(Exam release, Map<String, List<Mark>> pages) {
        Published {
            Objects.requireNonNull(release, "release");
            pages = Map.copyOf(pages);
        }
    }

    /** The whole cohort, later releases and attempts included: each day the site moves to is derived from it. */
    private final Cohort world;

    private volatile Site site;
    private final ListTrim trim;
    /** Guarded by {@code this}, like every replacement of {@link #site}. */
    private final List<Published> published = new ArrayList<>();

    private final TrafficControl traffic;
    private final RequestCounters counters = new RequestCounters();
    private final Javalin app;

    private UniversitySimulator(Cohort world, LocalDate today, ListTrim trim) {
        this.world = world;
        this.trim = trim;
        this.site = Site.of(today, world.asOf(today), trim);
        this.traffic = new TrafficControl(world.seed());
        DateControl dateControl = new DateControl(this);
        this.app = Javalin.create(config -> {
            config.concurrency.useVirtualThreads = true;
            config.startup.showJavalinBanner = false;
            // Before the catch-all, which would answer the path with Tomcat's 404 and count it.
            dateControl.register(config);
            new RequestReport(this).register(config);
            config.routes.get("/*", this::handle);
            config.routes.post("/*", this::handle);
        });
    }

    /**
     * Starts the site on 127.0.0.1. {@code port} 0 picks a free port. The caller owns the result
     * and must {@link #close()} it.
     */
    public static UniversitySimulator start(Cohort cohort, int port) {
        return builder(cohort).start(port);
    }

    /** A site of {@code cohort} to set up before starting it: by default as of its latest day, every row listed. */
    public static Builder builder(Cohort cohort) {
        return new Builder(cohort);
    }

    /**
     * The university a simulator shows: a cohort as it stood on some day ({@link Cohort#asOf}), and rows its release
     * list leaves out while their results are still answered. Not thread-safe; each {@link #start} starts a site of
     * its own with what was set so far.
     */
    public static final class Builder {
        private final Cohort cohort;
        private LocalDate asOf;
        private Set<String> unlisted = Set.of();
        private LocalDate listFrom = LocalDate.MIN;

        private Builder(Cohort cohort) {
            this.cohort = Objects.requireNonNull(cohort, "cohort");
            this.asOf = cohort.latestDay();
        }

        /**
         * The university as it stood at the end of {@code day}: later releases do not exist (neither listed nor
         * answered) and students' later attempts have not happened, so the site can lag behind any built-in table.
         */
        public Builder asOf(LocalDate day) {
            this.asOf = Objects.requireNonNull(day, "day");
            return this;
        }

        /** The release list leaves out the rows (exam and RC/RV) of these exam codes; their results are answered. */
        public Builder listWithout(Collection<String> codes) {
            this.unlisted = Set.copyOf(codes);
            return this;
        }

        /** The release list leaves out the rows of releases before {@code day}; their results are answered. */
        public Builder listFrom(LocalDate day) {
            this.listFrom = Objects.requireNonNull(day, "day");
            return this;
        }

        /** The cohort the site will answer from: the ground truth of its day. */
        public Cohort cohort() {
            return cohort.asOf(asOf);
        }

        /**
         * Starts the site on 127.0.0.1. {@code port} 0 picks a free port. The caller owns the result and must
         * {@link #close()} it.
         */
        public UniversitySimulator start(int port) {
            return start("127.0.0.1", port);
        }

        /** As {@link #start(int)}, listening on {@code host} (in a container: every address, 0.0.0.0). */
        public UniversitySimulator start(String host, int port) {
            UniversitySimulator simulator = new UniversitySimulator(cohort, asOf, new ListTrim(unlisted, listFrom));
            simulator.app.start(host, port);
            return simulator;
        }
    }

    /** The site's base URL, e.g. {@code http://127.0.0.1:41234}; append {@code /results} for the mirror form. */
    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + app.port());
    }

    /** The ground truth the site answers from now, including releases {@link #publish}ed since start. */
    public Cohort cohort() {
        return site.cohort();
    }

    /** The day the site shows: the builder's {@link Builder#asOf} day until {@link #advanceTo} moves it. */
    public LocalDate today() {
        return site.today();
    }

    /**
     * Moves the site's day forward to {@code day} while it runs, as the university's days pass: the releases dated
     * after {@link #today()} and on or before {@code day} appear on the release list (trimmed as the builder set)
     * with their result pages and notifications, so that the site shows what one started {@link Builder#asOf} that
     * day shows. Pages shown before never change: the cohort is one world seen on a later day. Releases
     * {@link #publish}ed earlier stay, added to the new day's cohort. Requests in flight finish on the day they
     * started; later ones see the new day.
     *
     * @return the releases that appeared, in release order ({@link Cohort#releasesBetween}); empty when none is dated
     *     in the days passed
     * @throws IllegalArgumentException when {@code day} is not after {@link #today()} (the same day included: a move
     *     must move), or when a release published earlier clashes with one the new day brings (see
     *     {@link Cohort#withRelease}); the site is then unchanged
     */
    public synchronized List<Exam> advanceTo(LocalDate day) {
        Objects.requireNonNull(day, "day");
        LocalDate today = site.today();
        if (!day.isAfter(today)) {
            throw new IllegalArgumentException("the site's day only moves forward: today is " + today + ", not " + day);
        }
        Cohort then = world.asOf(day);
        for (Published extra : published) {
            then = then.withRelease(extra.release(), extra.pages());
        }
        site = Site.of(day, then, trim);
        return world.releasesBetween(today, day);
    }

    /**
     * Publishes a release while the site runs: the release list shows {@code release} from now on, and
     * {@code pages} (hall ticket to rows) are the results it holds; for an RC/RV release ({@code release.rcrv()}),
     * the RC/RV rows of exam {@code release.code()}. Notifications are not changed. Throws
     * {@link IllegalArgumentException} when the result is not a valid cohort (see {@link Cohort#withRelease}). The
     * release is kept on every later day {@link #advanceTo} moves to, whatever its date; {@link #today()} does not
     * change.
     */
    public synchronized void publish(Exam release, Map<String, List<Mark>> pages) {
        Site now = site;
        Published extra = new Published(release, pages);
        site = Site.of(now.today(), now.cohort().withRelease(extra.release(), extra.pages()), trim);
        published.add(extra);
    }

    /** Every answer takes {@code fixed} plus a uniform draw from 0 to {@code jitter}; default none. */
    public void setLatency(Duration fixed, Duration jitter) {
        traffic.setLatency(Objects.requireNonNull(fixed, "fixed"), Objects.requireNonNull(jitter, "jitter"));
    }

    /**
     * At most {@code n} requests are served at once; the rest wait in a fair queue, like an
     * overloaded server. Default {@value TrafficControl#UNLIMITED}.
     */
    public void setMaxConcurrent(int n) {
        traffic.setMaxConcurrent(n);
    }

    /** Share ({@code 0..1}) of {@code /resultAction} answers replaced by Tomcat's HTTP 500 page; default 0. */
    public void setFailureRate(double p) {
        traffic.setFailureRate(p);
    }

    /** While down, every request is answered at once with HTTP 503, as by a gateway before a dead Tomcat. */
    public void setDown(boolean down) {
        traffic.setDown(down);
    }

    /** Requests received since start or the last {@link #resetCounters()}. */
    public long requestCount() {
        return counters.total();
    }

    /** Requests received for {@code path}, given without the {@code /results} prefix (e.g. {@code /resultAction}). */
    public long requestCount(String path) {
        return counters.forPath(path);
    }

    /** {@code /resultAction} requests that named exam {@code examCode} (RC/RV requests included). */
    public long resultRequestsForExam(String examCode) {
        return counters.forExam(examCode);
    }

    /** {@code /resultAction} requests per exam code named (RC/RV requests included): a snapshot. */
    public Map<String, Long> resultRequestsByExam() {
        return counters.byExam();
    }

    /** {@code /resultAction} requests for this hall ticket (any case) and exam. */
    public long resultRequestsFor(String hallTicket, String examCode) {
        return counters.forStudentAndExam(hallTicket, examCode);
    }

    /** Zeroes every counter and restarts {@link #maxConcurrentSeen()} from the requests now in flight. */
    public void resetCounters() {
        counters.reset();
        traffic.resetPeak();
    }

    /** The most requests ever being served at the same time (those waiting in the queue excluded). */
    public int maxConcurrentSeen() {
        return traffic.peakInFlight();
    }

    /** Stops the server; requests in flight are cut off. */
    @Override
    public void close() {
        app.stop();
    }

    private void handle(Context ctx) throws InterruptedException {
        String path = withoutMirrorPrefix(ctx.path());
        counters.request(path);
        if (path.equals("/resultAction")) {
            counters.resultRequest(param(ctx, "htno"), param(ctx, "examCode"));
        }
        Answer answer = traffic.isDown() ? Answer.unavailable() : traffic.serve(() -> route(path, ctx));
        ctx.status(answer.status());
        ctx.contentType(answer.contentType());
        ctx.result(answer.body());
    }

    private Answer route(String path, Context ctx) {
        return switch (path) {
            case "/resultAction" ->
                traffic.nextResultFails()
                        ? Answer.internalError()
                        : site.results().answer(name -> param(ctx, name));
            case "/jsp/home.jsp" -> site.homePage();
            case "/jsp/RCRVInfo.jsp" -> site.noticePage();
            case "/jsp/SearchResult.jsp" -> site.results().searchForm(name -> param(ctx, name));
            default -> Answer.notFound(ctx.path());
        };
    }

    /** A form field of a POST, else the query parameter; null when absent. */
    static String param(Context ctx, String name) {
        String value = ctx.method() == HandlerType.POST ? ctx.formParam(name) : null;
        return value != null ? value : ctx.queryParam(name);
    }

    private static String withoutMirrorPrefix(String path) {
        if (path.equals(MIRROR_PREFIX)) {
            return "/";
        }
        return path.startsWith(MIRROR_PREFIX + "/") ? path.substring(MIRROR_PREFIX.length()) : path;
    }
}
