package in.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import in.results.alerts.AlertDispatcher;
import in.results.alerts.AlertPruner;
import in.results.alerts.AlertStore;
import in.results.alerts.Alerts;
import in.results.alerts.DeliveryWorker;
import in.results.alerts.HostResolver;
import in.results.alerts.LivePageStore;
import in.results.alerts.LiveStreams;
import in.results.alerts.PushSender;
import in.results.alerts.SubscriptionStore;
import in.results.alerts.Subscriptions;
import in.results.alerts.TargetClient;
import in.results.alerts.WebhookSender;
import in.results.api.HttpApi;
import in.results.api.Readiness;
import in.results.api.ResultEvents;
import in.results.archive.Archive;
import in.results.archive.ArchiveDatabase;
import in.results.bulk.BulkJobs;
import in.results.bulk.JobCapacity;
import in.results.config.ServiceConfig;
import in.results.core.Deadline;
import in.results.core.Environment;
import in.results.lookup.AllSemestersLookup;
import in.results.lookup.ExamLookup;
import in.results.lookup.NewReleaseWarmUp;
import in.results.lookup.ReadAheadStats;
import in.results.lookup.SemesterLookup;
import in.results.lookup.SpecialProgrammeLookup;
import in.results.releases.CatalogSource;
import in.results.releases.ListPage;
import in.results.releases.ListWatch;
import in.results.report.StudentReports;
import in.results.scrape.Notification;
import in.results.scrape.NotificationParser;
import in.results.scrape.ReleaseListParser;
import in.results.scrape.ReleaseListing;
import in.results.store.AnswerStore;
import in.results.upstream.UpstreamClient;
import in.results.upstream.UpstreamPolicy;
import io.javalin.Javalin;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The one wiring place: builds every part by constructor and returns the unstarted HTTP server. */
public final class App {
    private static final Logger LOG = LoggerFactory.getLogger(App.class);

    private App() {}

    /**
     * Bulk jobs: 4 at once, holding at most three quarters of the per-host upstream slots (interactive lookups keep
     * the rest), at most 200 kept, kept 10 minutes (1 minute when hall tickets were left out), 2 minutes at most, 2
     * tries per hall ticket (each already retried by the upstream client).
     */
    private static BulkJobs.Policy bulkPolicy(ServiceConfig config) {
        return new BulkJobs.Policy(
                4,
                Math.max(1, config.upstreamConcurrency() * 3 / 4),
                200,
                Duration.ofMinutes(10),
                Duration.ofMinutes(1),
                Duration.ofMinutes(2),
                2,
                Duration.ofMillis(500));
    }

    /** The service for {@code config}, not yet started; {@code Javalin#start()} listens on {@code config.port()}. */
    public static Javalin create(ServiceConfig config) {
        return create(config, Environment.system());
    }

    /**
     * As {@link #create(ServiceConfig)}, with time and threads from {@code environment}. With
     * {@code RESULTS_REDIS_URL} the instance is one of a fleet: answers, upstream limits, per-client limits and bulk
     * jobs are shared through Redis (connected here, released when the server stops).
     */
    public static Javalin create(ServiceConfig config, Environment environment) {
        return build(config, environment, HostResolver.SYSTEM).server();
    }

    /**
     * As {@link #create(ServiceConfig, Environment)}, the host names of alert targets (webhooks, push services)
     * looked up with {@code resolver}: tests answer with the addresses they need, DNS rebinding among them.
     */
    public static Javalin create(ServiceConfig config, Environment environment, HostResolver resolver) {
        return build(config, environment, resolver).server();
    }

    /**
     * The service for {@code config}, started as in production: listening, and asking the university for its
     * release list in the background at once, so that the first lookup finds the exam catalog built (or joins the
     * fetch under way) instead of paying for it. Start-up does not wait for the list; when it cannot be fetched the
     * first lookup tries again, as without this fetch.
     */
    public static Javalin start(ServiceConfig config) {
        return start(config, Environment.system());
    }

    /** As {@link #start(ServiceConfig)}, with time and threads from {@code environment}. */
    public static Javalin start(ServiceConfig config, Environment environment) {
        Service service = build(config, environment, HostResolver.SYSTEM);
        Javalin server = service.server().start();
        environment
                .executor()
                .execute(() ->
                        service.catalog().current(Deadline.after(config.requestDeadline(), environment.ticker())));
        return server;
    }

    private static Service build(ServiceConfig config, Environment environment, HostResolver resolver) {
        Deployment deployment = Deployment.of(config, environment);
        int bulkSlots = bulkPolicy(config).maxInFlight();
        UpstreamClient upstream = new UpstreamClient(
                config.upstreamUrls(),
                url -> deployment.hostLimits(url, bulkSlots),
                config.upstreamTimeout(),
                upstreamPolicy(config),
                environment.ticker());
        return build(config, environment, deployment, upstream, resolver);
    }

    /** The client of the university for {@code config} with this instance's own limits. */
    public static UpstreamClient upstreamClient(ServiceConfig config, Environment environment) {
        return new UpstreamClient(
                config.upstreamUrls(),
                config.upstreamConcurrency(),
                config.upstreamTimeout(),
                upstreamPolicy(config),
                environment.ticker());
    }

    /** As {@link #create(ServiceConfig, Environment)}, asking the university through {@code upstream}. */
    public static Javalin create(ServiceConfig config, Environment environment, UpstreamClient upstream) {
        return build(config, environment, Deployment.of(config, environment), upstream, HostResolver.SYSTEM)
                .server();
    }

    /** Default breaker and retries, the configured budget. */
    private static UpstreamPolicy upstreamPolicy(ServiceConfig config) {
        return UpstreamPolicy.defaults().withRequestsPerSecond(config.upstreamRequestsPerSecond());
    }

    /** The unstarted server and the exam catalog its lookups use. */
    private record Service(Javalin server, CatalogSource catalog) {}

    private static Service build(
            ServiceConfig config,
            Environment environment,
            Deployment deployment,
            UpstreamClient upstream,
            HostResolver resolver) {
        AnswerStores stores = deployment.stores();
        Archive archive = Archive.open(ArchiveDatabase.of(config), config.databaseTimeout(), environment.clock());
        ExamLookup exams = new ExamLookup(upstream, stores.exams(), archive, environment.clock());
        ListPage<ReleaseListing> releases = listPage(
                upstream, "/jsp/home.jsp", ReleaseListParser::parse, stores.releaseList(), config, environment);
        ListPage<Notification> notifications = listPage(
                upstream, "/jsp/RCRVInfo.jsp", NotificationParser::parse, stores.notifications(), config, environment);
        CatalogSource catalog = new CatalogSource(releases);
        SemesterLookup semesters = new SemesterLookup(catalog, exams, environment.executor());
        // One store for every regulation: its key holds the regulation, so /all-r22 and /all-r18 answers never mix.
        AllSemestersLookup allSemesters = new AllSemestersLookup(
                catalog,
                exams,
                archive,
                stores.transcripts(),
                environment.executor(),
                config.upstreamConcurrency(),
                environment.ticker(),
                environment.clock());
        ReadAheadStats readAhead = new ReadAheadStats();
        ListWatch watch = new ListWatch(
                catalog,
                notifications,
                config.listRefresh(),
                config.requestDeadline().plus(config.warmUp()),
                environment.ticker(),
                new NewReleaseWarmUp(
                        allSemesters,
                        archive,
                        config.warmUp(),
                        NewReleaseWarmUp.Budget.of(
                                config.readAheadMax(),
                                AnswerStores.TRANSCRIPT_ENTRIES,
                                config.upstreamRequestsPerSecond()),
                        environment.ticker(),
                        readAhead));
        // One capacity for both kinds: class and exam jobs draw on the same bulk share and running limit.
        JobCapacity capacity = new JobCapacity(bulkPolicy(config));
        StudentReports reports = new StudentReports(config.promotionRules(), catalog);
        AtomicReference<Javalin> server = new AtomicReference<>();
        Alerts alerts = alerts(
                config, environment, archive, catalog, allSemesters, resolver, () -> publicUrl(config, server.get()));
        Service service = new Service(
                new HttpApi(
                                exams,
                                semesters,
                                allSemesters,
                                new SpecialProgrammeLookup(
                                        catalog, exams, archive, environment.executor(), environment.clock()),
                                reports,
                                deployment.bulkJobs(BulkJobs.exams(exams), capacity),
                                deployment.bulkJobs(BulkJobs.classes(allSemesters, reports), capacity),
                                releases,
                                notifications,
                                watch,
                                readAhead,
                                alerts,
                                archive,
                                new Readiness(catalog, archive),
                                upstream,
                                stores.mode(),
                                deployment.clientBuckets(),
                                config,
                                environment)
                        .server(),
                catalog);
        server.set(service.server());
        return service;
    }

    /**
     * The service's address as clients reach it: {@code RESULTS_PUBLIC_URL}, else this machine's port (which only a
     * client on this machine can follow).
     */
    private static String publicUrl(ServiceConfig config, Javalin server) {
        return config.alerts().publicUrl().isEmpty()
                ? "http://localhost:" + server.port()
                : config.alerts().publicUrl();
    }

    /**
     * Result alerts, their records in the archive's database. Webhooks and push services are sent to with one
     * {@link TargetClient}: it connects only to the addresses it checked and follows no redirect.
     */
    private static Alerts alerts(
            ServiceConfig config,
            Environment environment,
            Archive archive,
            CatalogSource catalog,
            AllSemestersLookup allSemesters,
            HostResolver resolver,
            Supplier<String> publicUrl) {
        ObjectMapper mapper = new ObjectMapper();
        String instance = "instance-" + UUID.randomUUID().toString().replace("-", "");
        AlertStore store = new AlertStore(archive);
        SubscriptionStore subscriptionStore = new SubscriptionStore(archive);
        TargetClient targets = TargetClient.start(resolver, config.alerts().allowPrivate());
        Duration bound = config.databaseTimeout();
        if (config.alerts().publicUrl().isEmpty()) {
            LOG.warn("RESULTS_PUBLIC_URL is not set: result alerts link to http://localhost:<port>, which subscribers"
                    + " elsewhere cannot follow");
        }
        AlertDispatcher dispatcher = new AlertDispatcher(
                catalog,
                allSemesters,
                store,
                result -> ResultEvents.data(result, publicUrl.get()),
                mapper,
                instance,
                bound,
                environment.clock(),
                environment.ticker());
        PushSender push = new PushSender(
                targets, mapper, store, config.alerts(), publicUrl, environment.clock(), bound, environment.ticker());
        DeliveryWorker deliveries = new DeliveryWorker(
                store,
                subscriptionStore,
                targets,
                new WebhookSender(targets, mapper, environment.clock()),
                push,
                dispatcher::remember,
                bound,
                environment.clock(),
                environment.ticker());
        Subscriptions subscriptions = new Subscriptions(
                subscriptionStore, config.alerts(), resolver, deliveries, dispatcher, environment.clock());
        LiveStreams live = new LiveStreams(
                new LivePageStore(archive),
                mapper,
                instance,
                config.alerts(),
                bound,
                environment.clock(),
                environment.ticker());
        AlertPruner pruner = new AlertPruner(
                archive,
                store,
                Duration.ofDays(config.alerts().retentionDays()),
                instance,
                bound,
                environment.clock(),
                environment.ticker());
        return new Alerts(subscriptions, push, live, dispatcher, deliveries, pruner);
    }

    private static <T> ListPage<T> listPage(
            UpstreamClient upstream,
            String path,
            Function<String, List<T>> parser,
            AnswerStore<String, List<T>> store,
            ServiceConfig config,
            Environment environment) {
        return new ListPage<>(upstream, path, parser, store, environment.ticker(), config.listRefresh());
    }
}
