package in.results.e2e;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Environment;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import io.javalin.Javalin;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * What most end-to-end tests stand on: the university as two simulators of one cohort (the primary at its root,
 * the mirror under {@code /results}, like the real site) and the service asking them, all on loopback port 0.
 */
record TestUniverse(UniversitySimulator primary, UniversitySimulator mirror, Javalin service, ServiceClient client)
        implements AutoCloseable {

    static TestUniverse start(Cohort cohort, Ticker ticker, Map<String, String> settings) {
        return start(UniversitySimulator.builder(cohort), Environment.system().withTicker(ticker), settings);
    }

    /** The same with the service's time and threads from {@code environment}. */
    static TestUniverse start(Cohort cohort, Environment environment, Map<String, String> settings) {
        return start(UniversitySimulator.builder(cohort), environment, settings);
    }

    /** As {@link #start(Cohort, Ticker, Map)}, with the university {@code university} sets up (a day, a trimmed list). */
    static TestUniverse start(UniversitySimulator.Builder university, Ticker ticker, Map<String, String> settings) {
        return start(university, Environment.system().withTicker(ticker), settings);
    }

    private static TestUniverse start(
            UniversitySimulator.Builder university, Environment environment, Map<String, String> settings) {
        UniversitySimulator primary = university.start(0);
        UniversitySimulator mirror = university.start(0);
        Javalin service = ExamEndpointsIT.startService(
                List.of(primary.baseUrl(), URI.create(mirror.baseUrl() + "/results")), environment, settings);
        return new TestUniverse(primary, mirror, service, new ServiceClient(service.port()));
    }

    @Override
    public void close() {
        service.stop();
        primary.close();
        mirror.close();
    }
}
