package in.results.e2e;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.testing.RedisServer;
import io.javalin.Javalin;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A fleet's surroundings for an end-to-end test: a real {@code redis-server}, the university simulator as primary
 * and mirror, and the service instances started on them; closed after each test.
 */
final class FleetRig implements AutoCloseable {
    private final RedisServer redis;
    private final UniversitySimulator primary;
    private final UniversitySimulator mirror;
    private final List<Javalin> instances = new ArrayList<>();

    private FleetRig(RedisServer redis, UniversitySimulator primary, UniversitySimulator mirror) {
        this.redis = redis;
        this.primary = primary;
        this.mirror = mirror;
    }

    /** Redis, then the primary and the mirror on free ports, both serving {@code cohort}. */
    static FleetRig start(Cohort cohort) {
        return new FleetRig(
                RedisServer.start(), UniversitySimulator.start(cohort, 0), UniversitySimulator.start(cohort, 0));
    }

    RedisServer redis() {
        return redis;
    }

    UniversitySimulator primary() {
        return primary;
    }

    UniversitySimulator mirror() {
        return mirror;
    }

    /** The primary, then the mirror, as a service instance is given them. */
    List<URI> upstreams() {
        return List.of(primary.baseUrl(), URI.create(mirror.baseUrl() + "/results"));
    }

    /** A service instance on the upstreams with {@code settings}, stopped on {@link #close()}. */
    ServiceClient instance(Map<String, String> settings) {
        return started(ExamEndpointsIT.startService(upstreams(), Ticker.systemTicker(), settings));
    }

    /** A client of {@code service}, a service instance started elsewhere, which is stopped on {@link #close()}. */
    ServiceClient started(Javalin service) {
        instances.add(service);
        return new ServiceClient(service.port());
    }

    /** Stops the instance started first, before the test ends. */
    void stopFirst() {
        instances.removeFirst().stop();
    }

    /** The requests the primary and the mirror received together. */
    long universityRequests() {
        return primary.requestCount() + mirror.requestCount();
    }

    @Override
    public void close() {
        instances.forEach(Javalin::stop);
        primary.close();
        mirror.close();
        redis.close();
    }
}
