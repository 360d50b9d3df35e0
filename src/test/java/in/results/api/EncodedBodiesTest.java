package in.results.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class EncodedBodiesTest {
    private static final BodyShape FULL = new BodyShape("full");
    private static final BodyShape SHORT = new BodyShape("short");

    private final EncodedBodies bodies = new EncodedBodies(1 << 20);
    private final AtomicInteger encodings = new AtomicInteger();

    private Supplier<byte[]> encoding(String json) {
        return () -> {
            encodings.incrementAndGet();
            return json.getBytes(StandardCharsets.UTF_8);
        };
    }

    @Test
    void a_value_is_encoded_once_per_shape_and_the_same_bytes_are_handed_out_again() {
        List<String> value = List.of("a", "b");

        EncodedBody first = bodies.of(value, FULL, encoding("[\"a\",\"b\"]"));
        EncodedBody second = bodies.of(value, FULL, encoding("never asked"));

        assertThat(second).isSameAs(first);
        assertThat(second.json()).isSameAs(first.json());
        assertThat(second.tag()).isEqualTo(EntityTag.of(first.json()));
        assertThat(encodings).hasValue(1);
    }

    @Test
    void each_shape_of_a_value_has_its_own_body() {
        List<String> value = List.of("a", "b");

        EncodedBody full = bodies.of(value, FULL, encoding("[\"a\",\"b\"]"));
        EncodedBody shortForm = bodies.of(value, SHORT, encoding("[\"a\"]"));

        assertThat(new String(shortForm.json(), StandardCharsets.UTF_8)).isEqualTo("[\"a\"]");
        assertThat(bodies.of(value, FULL, encoding("never asked"))).isSameAs(full);
        assertThat(bodies.of(value, SHORT, encoding("never asked"))).isSameAs(shortForm);
        assertThat(encodings).hasValue(2);
    }

    @Test
    void an_equal_but_new_value_is_encoded_again_since_values_are_told_apart_by_identity() {
        // A store hands out a new object when it loads the answer again; what it holds is then another answer.
        EncodedBody old = bodies.of(new String("same text"), FULL, encoding("\"old\""));
        EncodedBody reloaded = bodies.of(new String("same text"), FULL, encoding("\"new\""));

        assertThat(reloaded).isNotSameAs(old);
        assertThat(new String(reloaded.json(), StandardCharsets.UTF_8)).isEqualTo("\"new\"");
        assertThat(encodings).hasValue(2);
    }

    @Test
    void the_gzip_form_is_made_once_and_only_bodies_of_a_packet_or_more_are_compressible() {
        EncodedBody large = new EncodedBody(new byte[EncodedBody.MIN_GZIP_BYTES]);
        EncodedBody small = new EncodedBody(new byte[EncodedBody.MIN_GZIP_BYTES - 1]);

        assertThat(large.compressible()).isTrue();
        assertThat(large.gzip()).isSameAs(large.gzip());
        assertThat(small.compressible()).isFalse();
    }
}
