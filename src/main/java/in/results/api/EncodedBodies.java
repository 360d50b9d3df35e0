package in.results.api;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The encoded bodies of cached answers, kept beside the answers so that an answer served many times is encoded once.
 * Keyed by the identity of the cached value — the object a store hands out for as long as it keeps the answer — and
 * the {@link BodyShape}; a body must therefore follow from its value and shape alone (what else a route uses, such as
 * the hall ticket, is fixed by the key the value is stored under). Values are held weakly: an entry goes when its
 * store lets the value go. At most {@code maxBytes} of bodies are kept, the least used leaving first; a body that
 * left is encoded again on its next request. Thread-safe.
 */
final class EncodedBodies {
    private final Cache<Object, Shapes> bodies;

    /** @param maxBytes the JSON bytes kept (each counted with a quarter more for its gzip form) */
    EncodedBodies(long maxBytes) {
        this.bodies = Caffeine.newBuilder()
                .weakKeys()
                .maximumWeight(maxBytes)
                .weigher((Object value, Shapes shapes) -> shapes.weight())
                .build();
    }

    /** The encoded body of {@code value} in {@code shape}: the kept one, or {@code encode}'s, kept from now on. */
    EncodedBody of(Object value, BodyShape shape, Supplier<byte[]> encode) {
        Shapes kept = bodies.getIfPresent(value);
        EncodedBody body = kept == null ? null : kept.find(shape);
        if (body != null) {
            return body;
        }
        EncodedBody encoded = new EncodedBody(encode.get());
        Shapes now = bodies.asMap()
                .merge(
                        value,
                        new Shapes(new BodyShape[] {shape}, new EncodedBody[] {encoded}),
                        (old, added) -> old.find(shape) != null ? old : old.with(shape, encoded));
        return now.find(shape);
    }

    /** The bodies of one value, one per shape (rarely more than two). Immutable. */
    private static final class Shapes {
        private final BodyShape[] shapes;
        private final EncodedBody[] bodies;

        Shapes(BodyShape[] shapes, EncodedBody[] bodies) {
            this.shapes = shapes;
            this.bodies = bodies;
        }

        EncodedBody find(BodyShape shape) {
            for (int i = 0; i < shapes.length; i++) {
                if (shapes[i] == shape) {
                    return bodies[i];
                }
            }
            return null;
        }

        Shapes with(BodyShape shape, EncodedBody body) {
            BodyShape[] moreShapes = Arrays.copyOf(shapes, shapes.length + 1);
            EncodedBody[] moreBodies = Arrays.copyOf(bodies, bodies.length + 1);
            moreShapes[shapes.length] = shape;
            moreBodies[bodies.length] = body;
            return new Shapes(moreShapes, moreBodies);
        }

        int weight() {
            long bytes = 0;
            for (EncodedBody body : bodies) {
                bytes += body.json().length + body.json().length / 4;
            }
            return (int) Math.min(Integer.MAX_VALUE, bytes);
        }
    }
}
