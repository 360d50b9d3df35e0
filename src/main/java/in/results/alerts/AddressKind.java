package in.results.alerts;

import java.net.InetAddress;
import java.util.Arrays;

/**
 * What an IP address reaches, as far as sending a stranger's request to it goes: the public internet, something inside
 * our own network (allowed only when private targets are), or nothing a request should ever go to.
 */
enum AddressKind {
    PUBLIC("a public address", Reach.PUBLIC),
    LOOPBACK("a loopback address", Reach.INTERNAL),
    PRIVATE("a private address", Reach.INTERNAL),
    LINK_LOCAL("a link-local address", Reach.INTERNAL),
    SHARED("a carrier-grade NAT address", Reach.INTERNAL),
    UNIQUE_LOCAL("a unique-local or site-local address", Reach.INTERNAL),
    UNSPECIFIED("an unspecified address", Reach.NOWHERE),
    MULTICAST("a multicast address", Reach.NOWHERE),
    BROADCAST("the broadcast address", Reach.NOWHERE),
    RESERVED("a reserved address", Reach.NOWHERE);

    private enum Reach {
        PUBLIC,
        INTERNAL,
        NOWHERE
    }

    private final String description;
    private final Reach reach;

    AddressKind(String description, Reach reach) {
        this.description = description;
        this.reach = reach;
    }

    /** A noun phrase for messages ("a loopback address"). */
    String description() {
        return description;
    }

    /** Whether a request may go to such an address; internal ones only when {@code allowPrivate}. */
    boolean allowed(boolean allowPrivate) {
        return switch (reach) {
            case PUBLIC -> true;
            case INTERNAL -> allowPrivate;
            case NOWHERE -> false;
        };
    }

    static AddressKind of(InetAddress address) {
        byte[] bytes = address.getAddress();
        return bytes.length == 4 ? ofIpv4(bytes, 0) : ofIpv6(bytes);
    }

    private static AddressKind ofIpv4(byte[] bytes, int from) {
        int first = bytes[from] & 0xff;
        int second = bytes[from + 1] & 0xff;
        if (first == 0) {
            // 0.0.0.0/8, "this network": Linux connects 0.0.0.0 to the local host.
            return UNSPECIFIED;
        }
        if (first == 127) {
            return LOOPBACK;
        }
        if (first == 10 || (first == 172 && (second & 0xf0) == 16) || (first == 192 && second == 168)) {
            return PRIVATE;
        }
        if (first == 169 && second == 254) {
            // Cloud metadata services (169.254.169.254) live here.
            return LINK_LOCAL;
        }
        if (first == 100 && (second & 0xc0) == 64) {
            return SHARED;
        }
        if (first >= 224 && first <= 239) {
            return MULTICAST;
        }
        if (first == 255 && second == 255 && (bytes[from + 2] & 0xff) == 255 && (bytes[from + 3] & 0xff) == 255) {
            return BROADCAST;
        }
        return first >= 240 ? RESERVED : PUBLIC;
    }

    /**
     * An IPv6 address that carries an IPv4 address in a translation or tunnelling form reaches that IPv4 address (or
     * a gateway that forwards to it), so it is what that IPv4 address is.
     */
    private static AddressKind ofIpv6(byte[] bytes) {
        if (zeros(bytes, 0, 16)) {
            return UNSPECIFIED;
        }
        if (zeros(bytes, 0, 15) && bytes[15] == 1) {
            return LOOPBACK;
        }
        if (zeros(bytes, 0, 10) && allOnes(bytes, 10, 12)) {
            // ::ffff:a.b.c.d, IPv4-mapped: a dual-stack socket connects to a.b.c.d itself.
            return ofIpv4(bytes, 12);
        }
        if (zeros(bytes, 0, 12)) {
            // ::a.b.c.d, IPv4-compatible (deprecated, but still parsed and routed by some stacks).
            return ofIpv4(bytes, 12);
        }
        if (zeros(bytes, 0, 8) && allOnes(bytes, 8, 10) && zeros(bytes, 10, 12)) {
            // ::ffff:0:a.b.c.d, IPv4-translated (SIIT).
            return ofIpv4(bytes, 12);
        }
        if (startsWith(bytes, 0x00, 0x64, 0xff, 0x9b)) {
            if (zeros(bytes, 4, 12)) {
                // 64:ff9b::/96, the well-known NAT64 prefix: the gateway connects to a.b.c.d.
                return ofIpv4(bytes, 12);
            }
            if (bytes[4] == 0 && bytes[5] == 1) {
                // 64:ff9b:1::/48, NAT64 for local use: it translates into whatever network its operator runs.
                return PRIVATE;
            }
        }
        if (startsWith(bytes, 0x20, 0x02)) {
            // 2002::/16, 6to4: a relay forwards to the IPv4 address in bytes 2 to 5.
            return ofIpv4(bytes, 2);
        }
        if (startsWith(bytes, 0x20, 0x01, 0x00, 0x00)) {
            // 2001::/32, Teredo: a relay forwards to the client's IPv4 address, stored inverted in the last 4 bytes.
            byte[] client = Arrays.copyOfRange(bytes, 12, 16);
            for (int i = 0; i < client.length; i++) {
                client[i] = (byte) ~client[i];
            }
            return ofIpv4(client, 0);
        }
        int first = bytes[0] & 0xff;
        int second = bytes[1] & 0xff;
        if (first == 0xff) {
            return MULTICAST;
        }
        if ((first & 0xfe) == 0xfc || (first == 0xfe && (second & 0xc0) == 0xc0)) {
            // fc00::/7 unique-local, and fec0::/10 site-local (deprecated, still internal wherever it is used).
            return UNIQUE_LOCAL;
        }
        if (first == 0xfe && (second & 0xc0) == 0x80) {
            return LINK_LOCAL;
        }
        return PUBLIC;
    }

    private static boolean zeros(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean allOnes(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != (byte) 0xff) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWith(byte[] bytes, int... prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if ((bytes[i] & 0xff) != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
