package in.results.config;

import in.results.report.PromotionRules;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads {@link ServiceConfig} from command-line flags and environment variables. A flag wins over its
 * variable; every bad value fails with a {@link ConfigException} that names the setting.
 */
public final class ConfigReader {
    /** A browser origin: scheme, host and optional port, nothing after (no path, no trailing slash). */
    private static final Pattern ORIGIN =
            Pattern.compile("https?://([a-z0-9]([a-z0-9-]*[a-z0-9])?\\.)*[a-z0-9]([a-z0-9-]*[a-z0-9])?(:[0-9]{1,5})?");

    /** A push service's host: a DNS name or an IPv4 address (tests), lower case. */
    private static final Pattern PUSH_HOST =
            Pattern.compile("([a-z0-9]([a-z0-9-]*[a-z0-9])?\\.)*[a-z0-9]([a-z0-9-]*[a-z0-9])?");

    /** The embedded archive's folder when none is set: {@code data} in the working directory. */
    static final String DEFAULT_DATA_DIR = "data";

    static final String DEFAULT_UPSTREAMS = "http://results.jntuh.ac.in,http://202.63.105.184/results";

    private final Map<String, String> env;
    private final Map<String, String> flags;
    private final DemoWorld demo;

    private ConfigReader(Map<String, String> env, Map<String, String> flags, DemoWorld demo) {
        this.env = env;
        this.flags = flags;
        this.demo = demo;
    }

    /** Reads the configuration; {@code args} are the service's flags, {@code env} its environment. */
    public static ServiceConfig read(List<String> args, Map<String, String> env) {
        Map<String, String> flags = new HashMap<>();
        boolean demo = false;
        boolean realList = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--demo" -> demo = true;
                case "--real-list" -> realList = true;
                case "--port", "--upstream", "--redis", "--data-dir", "--database" -> {
                    if (i + 1 >= args.size()) {
                        throw new ConfigException(arg + " needs a value");
                    }
                    flags.put(arg, args.get(++i));
                }
                default ->
                    throw new ConfigException("unknown option " + arg
                            + " (known: --port, --upstream, --redis, --data-dir, --database, --demo, --real-list)");
            }
        }
        if (realList && !demo) {
            throw new ConfigException("--real-list chooses the --demo university: give --demo too");
        }
        DemoWorld world = !demo ? DemoWorld.NONE : realList ? DemoWorld.REAL_LIST : DemoWorld.SYNTHETIC;
        return new ConfigReader(env, flags, world).config();
    }

    private ServiceConfig config() {
        return new ServiceConfig(
                intSetting("RESULTS_PORT", "--port", 8080, 0, 65535),
                urls(text("RESULTS_UPSTREAM_URLS", "--upstream", DEFAULT_UPSTREAMS)),
                intSetting("RESULTS_UPSTREAM_CONCURRENCY", null, 32, 1, 1024),
                Duration.ofMillis(intSetting("RESULTS_UPSTREAM_TIMEOUT_MS", null, 10_000, 100, 600_000)),
                intSetting("RESULTS_UPSTREAM_RPS", null, 100, 0, 100_000),
                redis(text("RESULTS_REDIS_URL", "--redis", "")),
                prefix(text("RESULTS_REDIS_PREFIX", null, "results:")),
                Duration.ofMillis(intSetting("RESULTS_REDIS_TIMEOUT_MS", null, 500, 10, 10_000)),
                intSetting("RESULTS_BULK_MAX_RANGE", null, 360, 1, 10_000),
                intSetting("RESULTS_RATE_LIMIT_PER_MINUTE", null, 120, 0, 1_000_000),
                AddressRanges.parse("RESULTS_TRUSTED_PROXIES", text("RESULTS_TRUSTED_PROXIES", null, "")),
                Duration.ofMillis(intSetting("RESULTS_REQUEST_DEADLINE_MS", null, 20_000, 100, 600_000)),
                origins("RESULTS_CORS_ORIGINS", text("RESULTS_CORS_ORIGINS", null, "*")),
                writeOrigins(text("RESULTS_CORS_WRITE_ORIGINS", null, "none")),
                dataDir(text("RESULTS_DATA_DIR", "--data-dir", DEFAULT_DATA_DIR)),
                database(text("RESULTS_DATABASE_URL", "--database", "")),
                Duration.ofMillis(intSetting("RESULTS_DATABASE_TIMEOUT_MS", null, 500, 10, 60_000)),
                Duration.ofSeconds(intSetting("RESULTS_LIST_REFRESH_SECONDS", null, 30, 5, 86_400)),
                Duration.ofSeconds(intSetting("RESULTS_WARMUP_SECONDS", null, 15, 0, 60)),
                intSetting("RESULTS_READ_AHEAD_MAX", null, 10_000, 0, 1_000_000),
                alerts(),
                promotionRules(text("RESULTS_PROMOTION_RULES_FILE", null, "")),
                demo);
    }

    private AlertSettings alerts() {
        AlertSettings defaults = AlertSettings.defaults();
        return new AlertSettings(
                publicUrl(text("RESULTS_PUBLIC_URL", null, "")),
                bool("RESULTS_WEBHOOK_ALLOW_PRIVATE", defaults.allowPrivate()),
                intSetting("RESULTS_SUBSCRIPTIONS_PER_CLIENT_HOUR", null, defaults.perClientHour(), 0, 100_000_000),
                intSetting("RESULTS_SUBSCRIPTIONS_PER_HALLTICKET", null, defaults.perHallTicket(), 0, 100_000_000),
                intSetting(
                        "RESULTS_SUBSCRIPTIONS_PER_HALLTICKET_CLIENT",
                        null,
                        defaults.perHallTicketClient(),
                        0,
                        100_000_000),
                intSetting("RESULTS_SUBSCRIPTIONS_MAX", null, defaults.maxSubscriptions(), 0, 100_000_000),
                vapidSubject(text("RESULTS_VAPID_SUBJECT", null, defaults.vapidSubject())),
                text("RESULTS_VAPID_PUBLIC_KEY", null, ""),
                text("RESULTS_VAPID_PRIVATE_KEY", null, ""),
                pushServices(text("RESULTS_PUSH_SERVICES", null, String.join(",", defaults.pushServices()))),
                intSetting("RESULTS_LIVE_PER_CLIENT", null, defaults.livePerClient(), 0, 1_000_000),
                intSetting("RESULTS_LIVE_MAX", null, defaults.liveMax(), 0, 10_000_000),
                intSetting("RESULTS_ALERTS_RETENTION_DAYS", null, defaults.retentionDays(), 1, 3650));
    }

    private boolean bool(String variable, boolean fallback) {
        String raw = text(variable, null, Boolean.toString(fallback)).toLowerCase(Locale.ROOT);
        return switch (raw) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new ConfigException(variable + " must be true or false, got '" + raw + "'");
        };
    }

    /** An http(s) URL with a host and no query, its trailing slash dropped; "" when unset. */
    private static String publicUrl(String raw) {
        if (raw.isEmpty()) {
            return raw;
        }
        String url = raw.endsWith("/") ? raw.substring(0, raw.length() - 1) : raw;
        try {
            URI uri = new URI(url);
            if ((!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()))
                    || uri.getHost() == null
                    || uri.getRawQuery() != null
                    || uri.getRawFragment() != null) {
                throw new URISyntaxException(raw, "not an http(s) address");
            }
            return url;
        } catch (URISyntaxException e) {
            throw new ConfigException("RESULTS_PUBLIC_URL must be the service's http(s) address, like"
                    + " https://results.example.org, got '" + raw + "'");
        }
    }

    private static String vapidSubject(String raw) {
        if (!raw.startsWith("mailto:") && !raw.startsWith("https://")) {
            throw new ConfigException("RESULTS_VAPID_SUBJECT must be a mailto: or https: address, got '" + raw + "'");
        }
        return raw;
    }

    private String text(String variable, String flag, String fallback) {
        if (flag != null && flags.containsKey(flag)) {
            return flags.get(flag).strip();
        }
        String value = env.get(variable);
        return value == null || value.isBlank() ? fallback : value.strip();
    }

    private int intSetting(String variable, String flag, int fallback, int min, int max) {
        String raw = text(variable, flag, Integer.toString(fallback));
        String name = flag != null && flags.containsKey(flag) ? flag : variable;
        int value;
        try {
            value = Integer.parseInt(raw);
        } catch (NumberFormatException e) {
            throw new ConfigException(name + " must be a whole number, got '" + raw + "'");
        }
        if (value < min || value > max) {
            throw new ConfigException(name + " must be between " + min + " and " + max + ", got " + value);
        }
        return value;
    }

    private static List<URI> urls(String raw) {
        List<URI> urls = new ArrayList<>();
        for (String part : raw.split(",")) {
            String candidate = part.strip();
            if (candidate.isEmpty()) {
                continue;
            }
            try {
                URI uri = new URI(candidate.endsWith("/") ? candidate.substring(0, candidate.length() - 1) : candidate);
                if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
                    throw new URISyntaxException(candidate, "not an http(s) URL with a host");
                }
                urls.add(uri);
            } catch (URISyntaxException e) {
                throw new ConfigException("RESULTS_UPSTREAM_URLS: '" + candidate + "' is not an http(s) base URL");
            }
        }
        if (urls.isEmpty()) {
            throw new ConfigException("RESULTS_UPSTREAM_URLS must name at least one base URL");
        }
        return urls;
    }

    /**
     * The origins whose pages may write (subscribe, unsubscribe) besides the service's own: {@code none}, or a
     * comma-separated list of origins ({@code *} is refused: any site could then subscribe its visitors).
     */
    private static List<String> writeOrigins(String raw) {
        if (raw.equals("*")) {
            throw new ConfigException(
                    "RESULTS_CORS_WRITE_ORIGINS cannot be *: list the origins whose pages may" + " subscribe, or none");
        }
        return origins("RESULTS_CORS_WRITE_ORIGINS", raw);
    }

    /** Push service hosts: exact host names and {@code *.suffix} entries, comma-separated; at least one. */
    private static List<String> pushServices(String raw) {
        List<String> hosts = new ArrayList<>();
        for (String part : raw.split(",")) {
            String host = part.strip().toLowerCase(Locale.ROOT);
            if (host.isEmpty()) {
                continue;
            }
            String name = host.startsWith("*.") ? host.substring(2) : host;
            if (!PUSH_HOST.matcher(name).matches()) {
                throw new ConfigException(
                        "RESULTS_PUSH_SERVICES: '" + part.strip() + "' is not a host name, an address, or *.suffix");
            }
            hosts.add(host);
        }
        if (hosts.isEmpty()) {
            throw new ConfigException("RESULTS_PUSH_SERVICES must name at least one push service host");
        }
        return hosts;
    }

    /** {@code *} (any origin), {@code none} (no cross-origin access), or a comma-separated list of origins. */
    private static List<String> origins(String variable, String raw) {
        if (raw.equals("*")) {
            return List.of("*");
        }
        if (raw.equalsIgnoreCase("none")) {
            return List.of();
        }
        List<String> origins = new ArrayList<>();
        for (String part : raw.split(",")) {
            String origin = part.strip().toLowerCase(Locale.ROOT);
            if (origin.isEmpty()) {
                continue;
            }
            if (!ORIGIN.matcher(origin).matches()) {
                throw new ConfigException(variable + ": '" + part.strip()
                        + "' is not an origin like https://example.com (or use * alone, or none)");
            }
            origins.add(origin);
        }
        if (origins.isEmpty()) {
            throw new ConfigException(variable + " must be *, none, or a comma-separated list of origins");
        }
        return origins;
    }

    /**
     * {@code redis://[user:password@]host[:port][/db]} or {@code rediss://…} (TLS); "" when unset. The message never
     * repeats the value: it may hold a password.
     */
    private static String redis(String raw) {
        if (raw.isEmpty()) {
            return raw;
        }
        String shape = "RESULTS_REDIS_URL must look like redis://[user:password@]host:port[/db] or rediss://…";
        URI uri = ServerUri.parse(raw, shape, Set.of("redis", "rediss"));
        String path = uri.getPath() == null ? "" : uri.getPath();
        if (!path.isEmpty() && !path.equals("/") && !path.matches("/\\d{1,2}")) {
            throw new ConfigException(shape + " (the path is a database number, got " + path + ")");
        }
        return raw;
    }

    private static String prefix(String raw) {
        if (raw.length() > 64 || raw.chars().anyMatch(c -> c <= ' ' || c >= 127)) {
            throw new ConfigException(
                    "RESULTS_REDIS_PREFIX must be at most 64 printable ASCII characters without spaces");
        }
        return raw;
    }

    /** The shipped table, or the file's, checked now: a bad file stops start-up naming the rule it breaks. */
    private static PromotionRules promotionRules(String file) {
        if (file.isEmpty()) {
            return PromotionRules.shipped();
        }
        try {
            return PromotionRules.read(Path.of(file));
        } catch (IllegalArgumentException e) { // an InvalidPathException too
            throw new ConfigException("RESULTS_PROMOTION_RULES_FILE: " + file + ": " + e.getMessage());
        }
    }

    private static Path dataDir(String raw) {
        try {
            return Path.of(raw);
        } catch (InvalidPathException e) {
            throw new ConfigException("RESULTS_DATA_DIR: '" + raw + "' is not a folder path");
        }
    }

    /**
     * A libpq URI {@code postgres[ql]://[user[:password]@]host[:port]/db[?sslmode=…]}; "" when unset. Checked by
     * {@link DatabaseAddress#parse}; the message never repeats the value: it may hold a password.
     */
    private static String database(String raw) {
        if (!raw.isEmpty()) {
            DatabaseAddress.parse(raw);
        }
        return raw;
    }
}
