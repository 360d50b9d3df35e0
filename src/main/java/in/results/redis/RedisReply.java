package in.results.redis;

import java.util.Objects;

/**
 * What one Redis command gave: a value, nothing (a nil reply), an error reply from Redis itself (for example a key
 * of the wrong type: Redis is fine, the data is not), or no reply because Redis is down, slow or not connected.
 * Callers switch over it exhaustively; none of the cases is an exception.
 */
public sealed interface RedisReply<T> {
    /** A non-nil reply. */
    record Done<T>(T value) implements RedisReply<T> {
        public Done {
            Objects.requireNonNull(value, "value");
        }
    }

    /** A nil reply: no such key. */
    record Missing<T>() implements RedisReply<T> {}

    /** Redis answered with an error ({@code WRONGTYPE …}, a script error): the link itself is fine. */
    record Refused<T>(String error) implements RedisReply<T> {}

    /** No answer in time, or no connection: the caller goes on without Redis. */
    record Down<T>(String reason) implements RedisReply<T> {}
}
