package in.results.api;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/**
 * Who a client is for the subscription limits: its IPv4 address, or the /64 network of its IPv6 address (one
 * household's or one machine's addresses: a single IPv6 client is handed a whole /64 and can use any address in it).
 * An IPv4 address written in IPv6 form is the IPv4 address.
 */
final class ClientKey {
    private static final int IPV6_NETWORK_BYTES = 8;

    private ClientKey() {}

    /**
     * The key of {@code address} (as the rate limiter names the client); anything that is not an IP address literal
     * (never looked up in DNS) is its own key.
     */
    static String of(String address) {
        if (!address.contains(":")) {
            return address; // IPv4, as the server wrote it
        }
        InetAddress parsed;
        try {
            // A literal with a colon is parsed, never resolved: an IPv6 address, or refused.
            parsed = InetAddress.getByName(address.startsWith("[") ? address : "[" + address + "]");
        } catch (UnknownHostException | IllegalArgumentException e) {
            return address;
        }
        if (!(parsed instanceof Inet6Address)) {
            return parsed.getHostAddress(); // IPv4-mapped
        }
        byte[] network = Arrays.copyOf(parsed.getAddress(), 16);
        Arrays.fill(network, IPV6_NETWORK_BYTES, 16, (byte) 0);
        try {
            return InetAddress.getByAddress(network).getHostAddress() + "/64";
        } catch (UnknownHostException e) {
            throw new IllegalStateException("16 bytes are an IPv6 address", e);
        }
    }
}
