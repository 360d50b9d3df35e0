package in.results.alerts;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.client.Destination;
import org.eclipse.jetty.util.Promise;
import org.eclipse.jetty.util.SocketAddressResolver;

/**
 * Where the alerts' HTTP client connects: to the address an attempt checked and pinned on its request
 * ({@link Pinned}, the request's tag), never to what the host name resolves to now. The client asks no DNS server
 * itself, so a name cannot answer the check with a public address and the connection with an internal one (DNS
 * rebinding). A request without a pinned address is refused: nothing reaches a stranger's host unchecked.
 *
 * <p>The tag is part of the client's destination key (scheme, host, port, tag), so a pooled connection is reused only
 * by a later attempt that checked the same address.
 */
final class CheckedAddressResolver implements SocketAddressResolver {
    /** The address an attempt checked for its request's host; the request's tag. */
    record Pinned(InetAddress address) {}

    @Override
    public void resolve(String host, int port, Map<String, Object> context, Promise<List<InetSocketAddress>> promise) {
        if (context.get(Destination.CONTEXT_KEY) instanceof Destination destination
                && destination.getOrigin().getTag() instanceof Pinned pinned) {
            try {
                // The address under the request's host name: TLS takes the name from it, for the server name (SNI)
                // and for the certificate's check. No lookup is made.
                InetAddress named =
                        InetAddress.getByAddress(host, pinned.address().getAddress());
                promise.succeeded(List.of(new InetSocketAddress(named, port)));
            } catch (UnknownHostException e) {
                promise.failed(e);
            }
        } else {
            promise.failed(new UnknownHostException("no checked address was pinned on the request"));
        }
    }
}
