package in.results.alerts;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A URL a stranger gave us to send requests to (a webhook URL, a browser's push endpoint), checked so that the request
 * cannot be turned against our own network (server-side request forgery), with the addresses its host had when it was
 * checked.
 *
 * <p>Only {@link #check} makes one, so holding a {@code TargetAddress} means the URL passed every rule. Check at
 * subscription time and again before every delivery: what a name resolves to can change between the two.
 *
 * <p><b>Connect to {@link #addresses()}.</b> A client that resolves the host again itself opens a window in which a
 * hostile DNS server can answer with an internal address after having answered with a public one to this check (DNS
 * rebinding). The sender should open its connection to one of {@link #addresses()} (on {@link #port()}), and send the
 * URL's host in the {@code Host} header and, for https, as the TLS server name. Redirects must not be followed: their
 * targets were never checked.
 */
public final class TargetAddress {
    /** The longest URL taken, in characters; a longer one is refused before any DNS lookup. */
    public static final int MAX_LENGTH = 2000;

    /** The last label of a host is a number (decimal, or hexadecimal after 0x): the host is meant as an IPv4 address. */
    private static final Pattern NUMERIC_LABEL = Pattern.compile("[0-9]+|0[xX][0-9a-fA-F]*");

    private static final String OCTET = "(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])";
    private static final Pattern DOTTED_QUAD = Pattern.compile(OCTET + "\\." + OCTET + "\\." + OCTET + "\\." + OCTET);

    private final URI uri;
    private final List<InetAddress> addresses;

    private TargetAddress(URI uri, List<InetAddress> addresses) {
        this.uri = uri;
        this.addresses = List.copyOf(addresses);
    }

    /**
     * {@code url} checked as a target, or {@link TargetRejected} naming {@code field} when it is:
     *
     * <ul>
     *   <li>null or blank;
     *   <li>longer than {@link #MAX_LENGTH} characters (decided before anything else is looked at);
     *   <li>not an absolute {@code http} or {@code https} URL (any case) with a host: {@code ftp:}, {@code file:},
     *       {@code javascript:}, a host with characters a host name cannot hold (an internationalised name must be
     *       given in its {@code xn--} form), a port outside 1 to 65535;
     *   <li>holding a user name or password ({@code https://user:pw@host/}): Basic credentials would be stored and
     *       logged with the URL, and {@code public.example@10.0.0.1} is a classic way to make a URL read as one host
     *       while it names another; the signature is what authenticates us to a receiver;
     *   <li>a numeric host other than four decimal numbers without leading zeros ({@code 2130706433}, {@code
     *       0x7f000001}, {@code 0177.0.0.1}): clients disagree on what such forms mean (browsers and the C library
     *       read {@code 0177} as octal 127, the JDK as decimal 177), so none is taken whatever address it means;
     *   <li>an IPv6 literal with a zone ({@code [fe80::1%25eth0]}), which names one of our network interfaces;
     *   <li>a host name that does not resolve (the resolver throws, or returns no address);
     *   <li>a host with <em>any</em> address that is not public: loopback (127/8, ::1), private (10/8, 172.16/12,
     *       192.168/16), link-local (169.254/16, fe80::/10), carrier-grade NAT (100.64/10), unique-local (fc00::/7)
     *       or site-local (fec0::/10), or an IPv6 form carrying such an IPv4 address (IPv4-mapped {@code
     *       ::ffff:a.b.c.d}, IPv4-compatible {@code ::a.b.c.d}, IPv4-translated, NAT64 {@code 64:ff9b::/96}, 6to4,
     *       Teredo) — all allowed when {@code allowPrivate}, as is local-use NAT64 {@code 64:ff9b:1::/48}; and,
     *       whatever {@code allowPrivate} says, unspecified (0.0.0.0/8, ::), multicast (224/4, ff00::/8), broadcast
     *       and the rest of 240/4.
     * </ul>
     *
     * <p>Address literals (dotted quads, bracketed IPv6) are checked as they are, without the resolver; every other
     * host is given to {@code resolver}, so this call blocks for as long as the lookup does.
     *
     * @param field the request field the URL came in, named in the exception
     * @param allowPrivate whether internal targets (loopback, private, link-local and the like) are taken: tests and
     *     intranets
     * @throws TargetRejected when the URL is refused; its message never repeats the URL or its addresses
     */
    public static TargetAddress check(String field, String url, boolean allowPrivate, HostResolver resolver) {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(resolver, "resolver");
        if (url == null || url.isBlank()) {
            throw new TargetRejected(field, "is required");
        }
        if (url.length() > MAX_LENGTH) {
            throw new TargetRejected(field, "must be at most " + MAX_LENGTH + " characters");
        }
        URI uri = httpUri(field, url);
        String host = uri.getHost();
        List<InetAddress> addresses;
        if (host.startsWith("[")) {
            addresses = List.of(ipv6Literal(field, host));
        } else if (endsInNumber(host)) {
            addresses = List.of(ipv4Literal(field, host));
        } else {
            addresses = resolved(field, host, resolver);
        }
        for (InetAddress address : addresses) {
            AddressKind kind = AddressKind.of(address);
            if (!kind.allowed(allowPrivate)) {
                throw new TargetRejected(
                        field,
                        allowPrivate
                                ? "must not point to " + kind.description()
                                : "must point to public addresses only, not to " + kind.description());
            }
        }
        return new TargetAddress(uri, addresses);
    }

    /** The URL as given. */
    public URI uri() {
        return uri;
    }

    /**
     * Every address the host had when checked, each allowed; at least one. For an address literal, that address
     * alone. Connect to one of these, not to what the host resolves to later.
     */
    public List<InetAddress> addresses() {
        return addresses;
    }

    /** The port to connect to: the URL's, or 80 for http and 443 for https when it names none. */
    public int port() {
        if (uri.getPort() != -1) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    private static URI httpUri(String field, String url) {
        String rule = "must be an absolute http or https URL";
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new TargetRejected(field, rule);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (uri.isOpaque() || !(scheme.equals("http") || scheme.equals("https"))) {
            throw new TargetRejected(field, rule);
        }
        if (uri.getRawUserInfo() != null) {
            throw new TargetRejected(field, "must not hold a user name or password");
        }
        if (uri.getHost() == null) {
            // java.net.URI leaves the host out when the authority is not a host name or address it can parse.
            throw new TargetRejected(
                    field,
                    rule + " with a host name (letters, digits, hyphens; an international name in its xn-- form)");
        }
        if (uri.getPort() == 0 || uri.getPort() > 65_535) {
            throw new TargetRejected(field, "must have a port from 1 to 65535");
        }
        return uri;
    }

    /** Whether a host is meant as an IPv4 address, by the rule browsers follow: its last label is a number. */
    private static boolean endsInNumber(String host) {
        String name = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        return NUMERIC_LABEL.matcher(name.substring(name.lastIndexOf('.') + 1)).matches();
    }

    private static InetAddress ipv4Literal(String field, String host) {
        var quad = DOTTED_QUAD.matcher(host);
        if (!quad.matches()) {
            throw new TargetRejected(
                    field,
                    "must write a numeric host as four decimal numbers without leading zeros (like 203.0.113.7)");
        }
        byte[] bytes = new byte[4];
        for (int i = 0; i < 4; i++) {
            bytes[i] = (byte) Integer.parseInt(quad.group(i + 1));
        }
        try {
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("four bytes are always an IPv4 address", e);
        }
    }

    private static InetAddress ipv6Literal(String field, String host) {
        if (host.contains("%")) {
            throw new TargetRejected(field, "must not name a network interface (an IPv6 zone)");
        }
        try {
            // A bracketed literal is parsed, never looked up.
            return InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new TargetRejected(field, "must be an absolute http or https URL");
        }
    }

    private static List<InetAddress> resolved(String field, String host, HostResolver resolver) {
        InetAddress[] found;
        try {
            found = resolver.resolve(host);
        } catch (UnknownHostException e) {
            found = null;
        }
        if (found == null || found.length == 0) {
            throw new TargetRejected(field, "must name a host that resolves");
        }
        return List.of(found);
    }
}
