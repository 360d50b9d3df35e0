package in.results;

import in.results.config.ConfigException;
import in.results.config.ConfigReader;
import in.results.config.DemoWorld;
import in.results.config.ServiceConfig;
import in.results.core.HallTicket;
import io.javalin.Javalin;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Command line: {@code results-service [--port N] [--upstream URLS] [--redis URL] [--data-dir D] [--database URL]
 * [--demo]} starts the service; {@code results-service simulator --port N [--seed S]} starts the university simulator
 * alone; {@code results-service forget <hallticket> [--data-dir D] [--database URL] [--redis URL]} removes one
 * student's records (the same settings as the service's name the archive and Redis); {@code results-service ready}
 * exits 0 when the service on this machine (the port of the same settings) is ready, else 1 (a container's health
 * check).
 */
public final class Main {
    private static final Logger LOG = LoggerFactory.getLogger(Main.class);

    private Main() {}

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("simulator")) {
            in.results.simulator.SimulatorMain.run(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        if (args.length > 0 && args[0].equals("forget")) {
            forget(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        if (args.length > 0 && args[0].equals("ready")) {
            System.exit(ReadyProbe.check(
                    configOrExit(Arrays.copyOfRange(args, 1, args.length)).port()));
        }
        ServiceConfig config = configOrExit(args);
        if (config.demo() != DemoWorld.NONE) {
            Demo.startAndPrintExamples(config);
            return;
        }
        Javalin app = App.start(config);
        // On SIGTERM: stop accepting, let answers in flight finish, end running bulk jobs.
        Runtime.getRuntime().addShutdownHook(new Thread(app::stop, "shutdown"));
        LOG.info("Results Service listening on port {}, upstream {}", app.port(), config.upstreamUrls());
    }

    private static ServiceConfig configOrExit(String[] args) {
        try {
            return ConfigReader.read(List.of(args), System.getenv());
        } catch (ConfigException e) {
            System.err.println("results-service: configuration error: " + e.getMessage());
            System.exit(2);
            throw e;
        }
    }

    private static void forget(String[] args) {
        if (args.length == 0 || !HallTicket.isValid(args[0])) {
            System.err.println(
                    "usage: results-service forget <hallticket> [--data-dir D] [--database URL] [--redis URL]"
                            + " (a hall ticket is 10 letters and digits)");
            System.exit(2);
        }
        HallTicket hallTicket = new HallTicket(args[0]);
        ServiceConfig config = configOrExit(Arrays.copyOfRange(args, 1, args.length));
        try {
            System.out.println(Forget.forget(hallTicket, config));
        } catch (IllegalStateException e) {
            System.err.println("results-service forget: " + e.getMessage());
            System.exit(1);
        }
    }
}
