package in.results.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/** The two connections of a {@link RedisLink}: one for commands, one subscribed to the load channel. */
record LinkConnections(
        StatefulRedisConnection<String, String> commands, StatefulRedisPubSubConnection<String, String> pubSub) {

    /**
     * Connects both and subscribes to {@code channel}, handing its messages to {@code onMessage}. Throws what the
     * client throws (Redis unreachable, no reply within {@code timeout}), leaving nothing open.
     */
    static LinkConnections open(RedisClient client, String channel, Consumer<String> onMessage, Duration timeout)
            throws InterruptedException, ExecutionException, TimeoutException {
        StatefulRedisConnection<String, String> commands = client.connect();
        StatefulRedisPubSubConnection<String, String> pubSub = null;
        try {
            pubSub = client.connectPubSub();
            pubSub.addListener(new RedisPubSubAdapter<>() {
                @Override
                public void message(String from, String message) {
                    onMessage.accept(message);
                }
            });
            pubSub.async().subscribe(channel).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return new LinkConnections(commands, pubSub);
        } catch (InterruptedException | ExecutionException | TimeoutException | RuntimeException e) {
            commands.closeAsync();
            if (pubSub != null) {
                pubSub.closeAsync();
            }
            throw e;
        }
    }

    void close() {
        commands.closeAsync();
        pubSub.closeAsync();
    }
}
