package in.results.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A set of IP addresses given as single addresses and CIDR ranges ({@code 10.0.0.1}, {@code 10.244.0.0/16},
 * {@code fd00::/8}), as {@code RESULTS_TRUSTED_PROXIES} takes them: a balancer on a pinned address, or every address a
 * cluster may give its ingress pods. Only literal addresses are read: nothing here asks DNS.
 */
public final class AddressRanges {
    /**
     * A dotted IPv4 address, or text of IPv6 characters with a colon: the JDK reads both as literals (an invalid one
     * is refused, never looked up in DNS); anything else is not looked at.
     */
    private static final Pattern LITERAL =
            Pattern.compile("([0-9]{1,3}\\.){3}[0-9]{1,3}|(?=.{2,45}$)[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    private record Range(byte[] network, int prefix) {
        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int full = prefix / 8;
            for (int i = 0; i < full; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefix % 8;
            int mask = (0xff << (8 - rest)) & 0xff;
            return rest == 0 || (address[full] & mask) == (network[full] & mask);
        }
    }

    private final List<Range> ranges;
    private final List<String> written;

    private AddressRanges(List<Range> ranges, List<String> written) {
        this.ranges = List.copyOf(ranges);
        this.written = List.copyOf(written);
    }

    public static AddressRanges none() {
        return new AddressRanges(List.of(), List.of());
    }

    /**
     * The comma-separated addresses and ranges of {@code raw} (blank entries skipped); throws {@link ConfigException}
     * naming {@code setting} for an entry that is neither.
     */
    public static AddressRanges parse(String setting, String raw) {
        List<Range> ranges = new ArrayList<>();
        List<String> written = new ArrayList<>();
        for (String part : raw.split(",")) {
            String entry = part.strip();
            if (entry.isEmpty()) {
                continue;
            }
            Range range = rangeOf(entry);
            if (range == null) {
                throw new ConfigException(
                        setting + ": '" + entry + "' is not an IP address or a CIDR range (address/prefix length)");
            }
            ranges.add(range);
            written.add(entry);
        }
        return new AddressRanges(ranges, written);
    }

    private static Range rangeOf(String entry) {
        int slash = entry.indexOf('/');
        byte[] network = bytesOf(slash < 0 ? entry : entry.substring(0, slash));
        if (network == null) {
            return null;
        }
        int bits = network.length * 8;
        if (slash < 0) {
            return new Range(network, bits);
        }
        String length = entry.substring(slash + 1);
        if (!length.matches("[0-9]{1,3}") || Integer.parseInt(length) > bits) {
            return null;
        }
        return new Range(network, Integer.parseInt(length));
    }

    /** The bytes of an IP literal (an IPv4-mapped IPv6 address as IPv4), or null when {@code text} is not one. */
    private static byte[] bytesOf(String text) {
        if (!LITERAL.matcher(text).matches()) {
            return null;
        }
        try {
            return InetAddress.getByName(text).getAddress();
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** Whether {@code address} (an IP literal; anything else is not) is in one of the ranges. */
    public boolean contains(String address) {
        if (ranges.isEmpty()) {
            return false;
        }
        byte[] bytes = bytesOf(address);
        return bytes != null && ranges.stream().anyMatch(range -> range.contains(bytes));
    }

    public boolean isEmpty() {
        return ranges.isEmpty();
    }

    /** The entries as they were written. */
    public List<String> entries() {
        return written;
    }

    @Override
    public String toString() {
        return String.join(",", written);
    }
}
