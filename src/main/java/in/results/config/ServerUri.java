package in.results.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Set;

/**
 * The first checks of a setting that names a server by URL ({@code RESULTS_REDIS_URL}, {@code RESULTS_DATABASE_URL}):
 * it parses, its scheme is one of those taken, it names a host. Messages never repeat the value: it may hold a
 * password.
 */
final class ServerUri {
    private ServerUri() {}

    /**
     * {@code raw} as a URI; throws {@link ConfigException} with {@code shape} (the sentence saying what the setting
     * must look like) and what is wrong.
     */
    static URI parse(String raw, String shape, Set<String> schemes) {
        URI uri;
        try {
            uri = new URI(raw);
        } catch (URISyntaxException e) {
            throw new ConfigException(shape + " (not a URL)");
        }
        if (!schemes.contains(uri.getScheme())) {
            throw new ConfigException(shape + " (scheme " + uri.getScheme() + ")");
        }
        if (uri.getHost() == null) {
            throw new ConfigException(shape + " (no host)");
        }
        return uri;
    }
}
