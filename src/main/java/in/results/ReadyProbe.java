package in.results;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.time.Duration;

/**
 * {@code results-service ready}: asks the service on this machine's loopback whether it is ready
 * ({@code GET /health/ready}), for a container's health check where no curl is installed: exit code 0 when it answers
 * 200, 1 otherwise (not listening, starting, or no answer within {@link #TIMEOUT}).
 */
final class ReadyProbe {
    static final Duration TIMEOUT = Duration.ofSeconds(2);

    private ReadyProbe() {}

    /** 0 when the service on {@code port} answers ready, else 1; says why on stderr. */
    static int check(int port) {
        try {
            HttpURLConnection connection = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + "/health/ready")
                    .toURL()
                    .openConnection();
            connection.setConnectTimeout((int) TIMEOUT.toMillis());
            connection.setReadTimeout((int) TIMEOUT.toMillis());
            int status = connection.getResponseCode();
            connection.disconnect();
            if (status == 200) {
                return 0;
            }
            System.err.println("results-service ready: /health/ready answered " + status);
        } catch (IOException e) {
            System.err.println("results-service ready: no answer on port " + port + " (" + e.getMessage() + ")");
        }
        return 1;
    }
}
