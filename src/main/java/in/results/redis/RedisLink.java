package in.results.redis;

import com.github.benmanes.caffeine.cache.Ticker;
import in.results.core.Deadline;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import java.net.SocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The instance's connection to Redis, built so that Redis trouble never fails a request:
 * <ul>
 *   <li>every command waits at most the command timeout, and never past the caller's {@link Deadline};</li>
 *   <li>no reply in time, a lost connection or no connection at all is {@link RedisReply.Down}, never an exception;
 *       after a timeout Redis is left alone for {@link #COOL_DOWN} so that a slow Redis costs one timeout per
 *       second, not one per request;</li>
 *   <li>it reconnects by itself: Redis down at start is tried again in the background, a lost connection is
 *       re-established (and the subscription renewed) by the client library;</li>
 *   <li>each change between up and down is logged once and shown by {@link #state()}.</li>
 * </ul>
 * Messages published on the one subscribed channel are handed to the consumer given at {@link #open}. Thread-safe.
 */
public final class RedisLink implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RedisLink.class);
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    /** How long Redis is left alone after a command got no reply in time. */
    static final Duration COOL_DOWN = Duration.ofSeconds(1);

    private static final Duration RECONNECT_FIRST = Duration.ofMillis(100);
    private static final Duration RECONNECT_MOST = Duration.ofSeconds(2);

    private final LinkHealth health;
    private final Duration commandTimeout;
    private final Ticker ticker;
    private final ClientResources resources;
    private final RedisClient client;
    private final String channel;
    private final Consumer<String> onMessage;
    private final AtomicReference<LinkConnections> connections = new AtomicReference<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    /** Ticker time before which Redis is left alone; the ticker may read negative, hence the minimum. */
    private volatile long quietUntil = Long.MIN_VALUE;

    private RedisLink(
            RedisURI uri,
            Duration commandTimeout,
            String channel,
            Consumer<String> onMessage,
            Ticker ticker,
            Clock clock) {
        this.health = new LinkHealth(uri.getHost() + ":" + uri.getPort() + "/" + uri.getDatabase(), clock);
        this.commandTimeout = commandTimeout;
        this.channel = channel;
        this.onMessage = onMessage;
        this.ticker = ticker;
        this.resources = ClientResources.builder()
                .ioThreadPoolSize(2)
                .computationThreadPoolSize(2)
                .reconnectDelay(Delay.exponential(RECONNECT_FIRST, RECONNECT_MOST, 2, TimeUnit.MILLISECONDS))
                .build();
        this.client = RedisClient.create(resources, uri);
        client.setOptions(ClientOptions.builder()
                .autoReconnect(true)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS) // fail fast while down
                .requestQueueSize(10_000)
                .socketOptions(
                        SocketOptions.builder().connectTimeout(CONNECT_TIMEOUT).build())
                .timeoutOptions(TimeoutOptions.enabled(commandTimeout))
                .build());
        client.addListener(new RedisConnectionStateListener() {
            @Override
            public void onRedisConnected(RedisChannelHandler<?, ?> connection, SocketAddress address) {
                if (connections.get() != null) {
                    quietUntil = Long.MIN_VALUE;
                    health.up("connected again");
                }
            }

            @Override
            public void onRedisDisconnected(RedisChannelHandler<?, ?> connection) {
                if (closed.getCount() > 0) { // not our own close at shutdown
                    health.down("connection lost");
                }
            }
        });
    }

    /**
     * Connects to {@code url} ({@code redis://} or {@code rediss://}, optionally with user, password and database),
     * waiting at most {@link #CONNECT_TIMEOUT}; when Redis cannot be reached the link is returned down and keeps
     * trying in the background on {@code executor}.
     *
     * @param channel   the one pub/sub channel whose messages go to {@code onMessage} (on a client thread)
     */
    public static RedisLink open(
            String url,
            Duration commandTimeout,
            String channel,
            Consumer<String> onMessage,
            Ticker ticker,
            Clock clock,
            Executor executor) {
        RedisLink link = new RedisLink(RedisURI.create(url), commandTimeout, channel, onMessage, ticker, clock);
        if (link.tryConnect()) {
            LOG.info("Redis at {}: answers are shared with the fleet", link.health.where());
        } else {
            executor.execute(link::reconnectUntilConnected);
        }
        return link;
    }

    /**
     * Runs one command, waiting at most the command timeout and the time left before {@code deadline}. A reply that
     * does not come in the full command timeout, or a broken connection, puts Redis aside for {@link #COOL_DOWN}.
     */
    public <T> RedisReply<T> call(
            Function<RedisAsyncCommands<String, String>, RedisFuture<T>> command, Deadline deadline) {
        LinkConnections now = connections.get();
        if (now == null || !now.commands().isOpen()) {
            return new RedisReply.Down<>("not connected");
        }
        if (ticker.read() < quietUntil) {
            return new RedisReply.Down<>("left alone after a timeout");
        }
        Duration left = deadline.remaining();
        Duration wait = left.compareTo(commandTimeout) < 0 ? left : commandTimeout;
        if (wait.isZero()) {
            return new RedisReply.Down<>("no time left");
        }
        RedisFuture<T> reply;
        try {
            reply = command.apply(now.commands().async());
            T value = reply.get(wait.toNanos(), TimeUnit.NANOSECONDS);
            health.up("answers again");
            return value == null ? new RedisReply.Missing<>() : new RedisReply.Done<>(value);
        } catch (TimeoutException e) {
            return wait.equals(commandTimeout)
                    ? failed("no reply within " + commandTimeout.toMillis() + " ms")
                    : new RedisReply.Down<>("the request's deadline came first");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RedisCommandExecutionException refused) {
                return new RedisReply.Refused<>(String.valueOf(refused.getMessage()));
            }
            return failed(String.valueOf(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new RedisReply.Down<>("interrupted");
        } catch (RuntimeException e) { // the client refused to send: not connected
            return failed(e.toString());
        }
    }

    /** Whether commands are sent now (connected, and not left alone after a timeout). */
    public boolean isUsable() {
        LinkConnections now = connections.get();
        return now != null && now.commands().isOpen() && ticker.read() >= quietUntil;
    }

    /** Up or down, since when, and how many commands failed so far. */
    public LinkState state() {
        return health.state();
    }

    /** Counts a copy in Redis that could not be read (another format version, not JSON, a key of another type). */
    void noteUnreadable() {
        health.noteUnreadable();
    }

    @Override
    public void close() {
        closed.countDown();
        LinkConnections now = connections.getAndSet(null);
        if (now != null) {
            now.close();
        }
        client.shutdownAsync(0, 1, TimeUnit.SECONDS)
                .whenComplete((done, failure) -> resources.shutdown(0, 1, TimeUnit.SECONDS));
    }

    private <T> RedisReply<T> failed(String reason) {
        quietUntil = ticker.read() + COOL_DOWN.toNanos();
        health.commandFailed(reason);
        return new RedisReply.Down<>(reason);
    }

    private boolean tryConnect() {
        try {
            LinkConnections opened = LinkConnections.open(client, channel, onMessage, commandTimeout);
            connections.set(opened);
            if (closed.getCount() == 0 && connections.compareAndSet(opened, null)) {
                opened.close(); // closed while connecting
                return true;
            }
            health.up("connected");
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            if (closed.getCount() > 0) { // not the client's own shutdown
                health.down(e.getMessage() == null ? e.toString() : e.getMessage());
            }
            return false;
        }
    }

    private void reconnectUntilConnected() {
        Duration pause = RECONNECT_FIRST;
        try {
            while (!closed.await(pause.toMillis(), TimeUnit.MILLISECONDS) && !tryConnect()) {
                pause = pause.multipliedBy(2).compareTo(RECONNECT_MOST) > 0 ? RECONNECT_MOST : pause.multipliedBy(2);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
