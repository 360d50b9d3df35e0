package in.results.store;

import in.results.redis.RedisLink;

/** Where the service keeps its answers: for {@code /health} and {@code /metrics}, and to let go of it at shutdown. */
public sealed interface StoreMode extends AutoCloseable {
    /** This process only ({@link EmbeddedStore}). */
    record Embedded() implements StoreMode {
        @Override
        public void close() {}
    }

    /** Shared by the fleet through Redis ({@link RedisStore}), with the state of the link. */
    record Shared(RedisLink link) implements StoreMode {
        @Override
        public void close() {
            link.close();
        }
    }

    @Override
    void close();
}
