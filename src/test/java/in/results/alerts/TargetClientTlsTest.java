package in.results.alerts;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIMatcher;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.StandardConstants;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * https to a pinned address: a loopback HTTPS server with a certificate for {@code hooks.example} only (made by the
 * JDK's keytool for the test, and the only one the client trusts); both names resolve to it.
 */
class TargetClientTlsTest {
    private static final String PASSWORD = "changeit";

    @TempDir
    Path folder;

    private HttpsServer server;
    private TargetClient client;
    private final List<String> serverNames = new CopyOnWriteArrayList<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startServer() throws Exception {
        Path keys = folder.resolve("hooks.p12");
        Process keytool = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "keytool")
                                .toString(),
                        "-genkeypair",
                        "-alias",
                        "hooks",
                        "-keyalg",
                        "EC",
                        "-groupname",
                        "secp256r1",
                        "-dname",
                        "CN=hooks.example",
                        "-ext",
                        "SAN=dns:hooks.example",
                        "-validity",
                        "2",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        keys.toString(),
                        "-storepass",
                        PASSWORD)
                .redirectErrorStream(true)
                .start();
        String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(keytool.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue()).as(output).isZero();

        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(serverContext(keys)) {
            @Override
            public void configure(HttpsParameters parameters) {
                SSLParameters ssl = getSSLContext().getDefaultSSLParameters();
                ssl.setSNIMatchers(List.of(new SNIMatcher(StandardConstants.SNI_HOST_NAME) {
                    @Override
                    public boolean matches(SNIServerName name) {
                        serverNames.add(((SNIHostName) name).getAsciiName());
                        return true;
                    }
                }));
                parameters.setSSLParameters(ssl);
            }
        });
        server.createContext("/", exchange -> {
            requests.add(exchange.getRequestURI().getPath());
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();

        SslContextFactory.Client tls = new SslContextFactory.Client();
        tls.setTrustStorePath(keys.toString());
        tls.setTrustStorePassword(PASSWORD);
        tls.setTrustStoreType("PKCS12");
        client = TargetClient.start(host -> new InetAddress[] {InetAddress.getLoopbackAddress()}, true, tls);
    }

    @AfterEach
    void stop() {
        client.close();
        server.stop(0);
    }

    @Test
    void https_to_the_pinned_address_sends_the_name_as_server_name_and_takes_its_certificate() {
        TargetClient.Answer answer = client.send("webhook_url", post("https://hooks.example:" + port() + "/h"));

        assertThat(answer.status()).as(answer.what()).isEqualTo(204);
        assertThat(serverNames).containsExactly("hooks.example");
        assertThat(requests).containsExactly("/h");
    }

    @Test
    void a_certificate_that_is_not_for_the_name_ends_the_exchange_before_the_request() {
        TargetClient.Answer answer = client.send("webhook_url", post("https://other.example:" + port() + "/h"));

        assertThat(answer.status()).isZero();
        assertThat(answer.what()).isEqualTo("connection failed");
        assertThat(serverNames).containsExactly("other.example");
        assertThat(requests).isEmpty();
    }

    private int port() {
        return server.getAddress().getPort();
    }

    private static SSLContext serverContext(Path keys) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keys)) {
            store.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        managers.init(store, PASSWORD.toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(managers.getKeyManagers(), null, null);
        return context;
    }

    private static OutgoingPost post(String url) {
        return new OutgoingPost(url, Map.of("Content-Type", "application/json"), "{}".getBytes(StandardCharsets.UTF_8));
    }
}
