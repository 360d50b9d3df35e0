package in.results.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import in.results.App;
import in.results.alerts.HostResolver;
import in.results.core.Environment;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.releases.Exam;
import io.javalin.Javalin;
import java.net.URI;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the results-day tests stand on: the university as primary and mirror simulators of one cohort as it stood on a
 * day, moved forward together while services ask them ({@link #publish}), and everything a test starts, stopped after
 * it in reverse order ({@link #stopEverything}).
 */
final class PublishingUniversity {
    private final Cohort cohort;
    private final Deque<AutoCloseable> started = new ArrayDeque<>();
    /** How each running service is stopped, so that one stopped by the test is not stopped again. */
    private final Map<Javalin, AutoCloseable> stoppers = new IdentityHashMap<>();

    private final List<Javalin> services = new ArrayList<>();
    private UniversitySimulator primary;
    private UniversitySimulator mirror;

    PublishingUniversity(Cohort cohort) {
        this.cohort = cohort;
    }

    /** Starts primary and mirror showing the university as it stood on {@code day}. */
    void openOn(LocalDate day) {
        UniversitySimulator.Builder builder =
                UniversitySimulator.builder(cohort).asOf(day);
        primary = closedAfter(builder.start(0));
        mirror = closedAfter(builder.start(0));
    }

    UniversitySimulator primary() {
        return primary;
    }

    UniversitySimulator mirror() {
        return mirror;
    }

    /** Moves primary and mirror to {@code day}: the releases of the days passed, in release order. */
    List<Exam> publish(LocalDate day) {
        List<Exam> published = primary.advanceTo(day);
        assertThat(mirror.advanceTo(day)).isEqualTo(published);
        return published;
    }

    /** The result requests primary and mirror received so far. */
    long asked() {
        return primary.requestCount("/resultAction") + mirror.requestCount("/resultAction");
    }

    /** A service asking primary and mirror, with extra settings; stopped after the test. */
    Javalin startService(Map<String, String> settings) {
        return startService(settings, HostResolver.SYSTEM);
    }

    /** As {@link #startService(Map)}, the host names of alert targets looked up with {@code resolver}. */
    Javalin startService(Map<String, String> settings, HostResolver resolver) {
        Javalin service = App.create(
                        ExamEndpointsIT.config(
                                List.of(primary.baseUrl(), URI.create(mirror.baseUrl() + "/results")), settings),
                        Environment.system(),
                        resolver)
                .start();
        AutoCloseable stopper = service::stop;
        stoppers.put(service, stopper);
        started.add(stopper);
        services.add(service);
        return service;
    }

    /** The services running now, in the order they started. */
    List<Javalin> services() {
        return List.copyOf(services);
    }

    /** Stops a service before the test ends (gracefully: the archive's writes are flushed). */
    void stop(Javalin service) {
        started.remove(stoppers.remove(service));
        services.remove(service);
        service.stop();
    }

    <T extends AutoCloseable> T closedAfter(T resource) {
        started.add(resource);
        return resource;
    }

    /** Stops everything started, in reverse order. */
    void stopEverything() throws Exception {
        while (!started.isEmpty()) {
            started.removeLast().close();
        }
    }
}
