package in.results;

import in.results.config.ConfigException;
import in.results.config.ConfigReader;
import in.results.config.ServiceConfig;
import io.javalin.Javalin;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Command line: {@code results-service [--port N] [--upstream URLS] [--redis URL] [--demo]} starts the service;
 * {@code results-service simulator --port N [--seed S]} starts the university simulator alone.
 */
public final class Main {
    private static final Logger LOG = LoggerFactory.getLogger(Main.class);

    private Main() {}

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("simulator")) {
            in.results.simulator.SimulatorMain.run(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        ServiceConfig config;
        try {
            config = ConfigReader.read(List.of(args), System.getenv());
        } catch (ConfigException e) {
            System.err.println("results-service: configuration error: " + e.getMessage());
            System.exit(2);
            return;
        }
        if (config.demo()) {
            Demo.startAndPrintExamples(config);
            return;
        }
        Javalin app = App.start(config);
        // On SIGTERM: stop accepting, let answers in flight finish, end running bulk jobs.
        Runtime.getRuntime().addShutdownHook(new Thread(app::stop, "shutdown"));
        LOG.info("Results Service listening on port {}, upstream {}", app.port(), config.upstreamUrls());
    }
}
