package in.results.alerts;

import java.net.URI;
import java.util.List;
import java.util.Locale;

/**
 * The push services browsers' push endpoints may be on ({@code RESULTS_PUSH_SERVICES}): exact hosts, and
 * {@code *.suffix} for any host under {@code suffix} ({@code *.push.apple.com} takes {@code web.push.apple.com}, not
 * {@code push.apple.com} itself). An endpoint is a URL a stranger hands in, and the service POSTs encrypted messages
 * to it for as long as the subscription lasts; on these hosts only, it cannot be made to POST anywhere else.
 */
final class PushServices {
    private static final String FIELD = "subscription.endpoint";

    private final List<String> hosts;
    private final boolean allowHttp;

    /**
     * @param hosts     lower-case host names or addresses, and {@code *.suffix} entries
     * @param allowHttp whether http endpoints are taken (on listed hosts only): for tests and intranets, with
     *                  {@code RESULTS_WEBHOOK_ALLOW_PRIVATE}; real push services are https
     */
    PushServices(List<String> hosts, boolean allowHttp) {
        this.hosts = List.copyOf(hosts);
        this.allowHttp = allowHttp;
    }

    /** Throws {@link TargetRejected} (code {@code PUSH_SERVICE_NOT_ALLOWED}) unless {@code endpoint} is on a listed host. */
    void check(URI endpoint) {
        String scheme = endpoint.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !(allowHttp && scheme.equals("http"))) {
            throw refused("must be an https URL");
        }
        if (!listed(endpoint.getHost().toLowerCase(Locale.ROOT))) {
            throw refused(
                    "must be on one of the push services this service sends to (" + String.join(", ", hosts) + ")");
        }
    }

    private boolean listed(String host) {
        for (String entry : hosts) {
            boolean matches = entry.startsWith("*.")
                    ? host.endsWith(entry.substring(1)) && host.length() > entry.length() - 1
                    : host.equals(entry);
            if (matches) {
                return true;
            }
        }
        return false;
    }

    private static TargetRejected refused(String rule) {
        return new TargetRejected(FIELD, rule, TargetRejected.PUSH_SERVICE_NOT_ALLOWED);
    }
}
