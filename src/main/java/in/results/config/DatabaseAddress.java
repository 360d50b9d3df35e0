package in.results.config;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A PostgreSQL server as {@code RESULTS_DATABASE_URL} names it, a libpq URI
 * {@code postgres[ql]://[user[:password]@]host[:port]/db[?sslmode=…]}, read into what the JDBC driver takes. The
 * user and password may be percent-encoded, as libpq allows; both are optional (the server may trust the
 * connection). Only {@code sslmode} is passed on from the query: it is the one parameter operators set.
 *
 * @param jdbcUrl  {@code jdbc:postgresql://host:port/db[?sslmode=…]}, without credentials
 * @param user     "" when the URI names none
 * @param password "" when the URI names none; never printed ({@link #toString} leaves it out)
 */
public record DatabaseAddress(String jdbcUrl, String user, String password) {
    private static final String SHAPE =
            "RESULTS_DATABASE_URL must look like postgresql://[user[:password]@]host[:port]/database[?sslmode=…]";
    private static final Pattern DATABASE = Pattern.compile("/[A-Za-z0-9_.$-]{1,63}");
    private static final Pattern SSL_MODE =
            Pattern.compile("sslmode=(disable|allow|prefer|require|verify-ca|verify-full)");

    public DatabaseAddress {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
    }

    /**
     * Reads {@code uri}; throws {@link ConfigException} naming what is wrong, never repeating the value (it may hold
     * a password).
     */
    public static DatabaseAddress parse(String uri) {
        URI parsed = ServerUri.parse(uri, SHAPE, Set.of("postgres", "postgresql"));
        String path = parsed.getRawPath() == null ? "" : parsed.getRawPath();
        if (!DATABASE.matcher(path).matches()) {
            throw new ConfigException(SHAPE + " (the path must name one database)");
        }
        String query = parsed.getRawQuery();
        if (query != null && !SSL_MODE.matcher(query).matches()) {
            throw new ConfigException(SHAPE + " (the only query parameter taken is sslmode)");
        }
        String user = "";
        String password = "";
        String userInfo = parsed.getRawUserInfo();
        if (userInfo != null) {
            int colon = userInfo.indexOf(':');
            user = decoded(colon < 0 ? userInfo : userInfo.substring(0, colon));
            password = colon < 0 ? "" : decoded(userInfo.substring(colon + 1));
        }
        String host = parsed.getHost();
        int port = parsed.getPort() < 0 ? 5432 : parsed.getPort();
        String jdbc = "jdbc:postgresql://" + host + ":" + port + path + (query == null ? "" : "?" + query);
        return new DatabaseAddress(jdbc, user, password);
    }

    private static String decoded(String part) {
        try {
            // URLDecoder would read '+' as a space; libpq URIs use only percent-encoding.
            return URLDecoder.decode(part.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(SHAPE + " (a bad percent-encoding in the user or password)");
        }
    }

    @Override
    public String toString() {
        return "DatabaseAddress[" + jdbcUrl + ", user=" + user + "]";
    }
}
