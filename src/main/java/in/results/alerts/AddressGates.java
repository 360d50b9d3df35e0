package in.results.alerts;

import java.net.InetAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The places of exchanges per IP address: at most {@link #PER_ADDRESS} at once with one address, so that a host that
 * holds every exchange open until it times out delays only the requests to itself. Keyed by address, not by name: a
 * wildcard DNS name gives anybody as many names for one host as they like.
 *
 * <p>Requests for a busy address wait in the order they came, for a bounded time; at most {@link #MOST_WAITING} wait
 * for one address, so that a host with a long backlog cannot fill a lane with waiting requests. A request that gets no
 * place is told so ({@link Optional#empty()}); its sender puts it back for later. Thread-safe; an address nobody holds
 * or waits for takes no memory.
 */
final class AddressGates {
    static final int PER_ADDRESS = 4;
    static final int MOST_WAITING = 28;

    /** Guarded by {@code this}. */
    private final Map<InetAddress, Gate> gates = new HashMap<>();

    /** One address's places, and how many hold or wait for one (guarded by the gates' lock). */
    private static final class Gate {
        final Semaphore places = new Semaphore(PER_ADDRESS, true);
        int users;
    }

    /** A place held with one address; {@link #close} gives it back. */
    interface Place extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * A place with {@code address}, waited for in order for at most {@code within}; empty when none came in time, or
     * too many already wait for the address.
     *
     * @throws InterruptedException when interrupted while waiting (nothing is held then)
     */
    Optional<Place> enter(InetAddress address, Duration within) throws InterruptedException {
        Gate gate = join(address);
        if (gate == null) {
            return Optional.empty();
        }
        boolean entered = false;
        try {
            entered = gate.places.tryAcquire(within.toNanos(), TimeUnit.NANOSECONDS);
        } finally {
            if (!entered) {
                leave(address, gate);
            }
        }
        if (!entered) {
            return Optional.empty();
        }
        return Optional.of(() -> {
            gate.places.release();
            leave(address, gate);
        });
    }

    private synchronized Gate join(InetAddress address) {
        Gate gate = gates.computeIfAbsent(address, key -> new Gate());
        if (gate.users >= PER_ADDRESS + MOST_WAITING) {
            return null;
        }
        gate.users++;
        return gate;
    }

    private synchronized void leave(InetAddress address, Gate gate) {
        if (--gate.users == 0) {
            gates.remove(address);
        }
    }
}
