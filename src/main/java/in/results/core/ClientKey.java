package in.results.core;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Who a client is, for every per-client share (request rate, subscriptions, live pages): an IPv4 address, or the /64
 * network of an IPv6 address. One IPv6 host is usually given a whole /64 and can pick any address in it, so keying by
 * the full address would give it billions of shares; an IPv4-mapped IPv6 address is its IPv4 address.
 */
public final class ClientKey {
    /** The longest key kept of a text that is not an IP address (a proxy's {@code X-Forwarded-For} says anything). */
    static final int MOST_OTHER_CHARS = 45;

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

    private ClientKey() {}

    /** {@code 203.0.113.7} for an IPv4 address (also IPv4-mapped), {@code 2001:db8:1:2::/64} for an IPv6 address. */
    public static String of(InetAddress address) {
        if (address instanceof Inet6Address) {
            byte[] bytes = address.getAddress();
            StringBuilder network = new StringBuilder();
            for (int i = 0; i < 8; i += 2) {
                network.append(Integer.toHexString(((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff)));
                network.append(':');
            }
            return network.append(":/64").toString();
        }
        return address.getHostAddress();
    }

    /**
     * The key of a textual address ({@code 203.0.113.7}, {@code 2001:db8::1}, {@code [::1]}, with or without a zone);
     * a text that is not an IP address is its own key, cut at {@value #MOST_OTHER_CHARS} characters. Never asks DNS.
     */
    public static String of(String address) {
        String text = address.strip();
        if (text.startsWith("[") && text.endsWith("]")) {
            text = text.substring(1, text.length() - 1);
        }
        int zone = text.indexOf('%');
        if (zone >= 0) {
            text = text.substring(0, zone);
        }
        try {
            Matcher v4 = IPV4.matcher(text);
            if (v4.matches()) {
                byte[] bytes = new byte[4];
                for (int i = 0; i < 4; i++) {
                    int part = Integer.parseInt(v4.group(i + 1));
                    if (part > 255) {
                        return other(address);
                    }
                    bytes[i] = (byte) part;
                }
                return of(Inet4Address.getByAddress(bytes));
            }
            if (text.indexOf(':') >= 0) {
                return of(InetAddress.getByName(text)); // a text with ':' is parsed as an IPv6 literal, never looked up
            }
        } catch (UnknownHostException e) {
            return other(address);
        }
        return other(address);
    }

    private static String other(String text) {
        String stripped = text.strip();
        return stripped.length() > MOST_OTHER_CHARS ? stripped.substring(0, MOST_OTHER_CHARS) : stripped;
    }
}
