package in.results.alerts;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Looks up the addresses of a host name. {@link #SYSTEM} in production; tests answer with fixed addresses, so that no
 * test depends on DNS.
 */
@FunctionalInterface
public interface HostResolver {
    /**
     * The system's resolver ({@link InetAddress#getAllByName}): blocks for as long as the lookup takes, and answers from
     * the JVM's address cache while an answer is fresh.
     */
    HostResolver SYSTEM = InetAddress::getAllByName;

    /**
     * Every address {@code host} (a DNS name, never an address literal) has; at least one.
     *
     * @throws UnknownHostException when the name does not resolve
     */
    InetAddress[] resolve(String host) throws UnknownHostException;
}
