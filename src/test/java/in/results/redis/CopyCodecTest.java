package in.results.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.time.Instant;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Only this build's envelope reads as a copy; everything else is unreadable, never an exception or garbage. */
class CopyCodecTest {
    private final ObjectMapper mapper = new ObjectMapper();
    private final CopyCodec<Point> codec =
            new CopyCodec<>(mapper, mapper.constructType(Point.class), UnaryOperator.identity());

    record Point(int x, String label) {
        Point {
            java.util.Objects.requireNonNull(label, "label");
        }
    }

    @Test
    void a_written_copy_reads_back_equal() {
        SharedCopy<Point> copy =
                new SharedCopy<>(new Point(1, "a"), Instant.ofEpochMilli(1_700_000_000_123L), Duration.ofMinutes(5));

        assertThat(codec.read(codec.write(copy))).isEqualTo(new CopyCodec.Decoded.Readable<>(copy));
        assertThat(codec.write(copy)).startsWith("{\"format\":" + CopyCodec.FORMAT + ",");
    }

    @Test
    void another_format_version_is_unreadable() {
        String json = "{\"format\":2,\"loaded_at_ms\":1,\"fresh_for_ms\":1000,\"value\":{\"x\":1,\"label\":\"a\"}}";

        assertThat(codec.read(json))
                .isInstanceOfSatisfying(
                        CopyCodec.Decoded.Unreadable.class,
                        bad -> assertThat(bad.reason()).contains("format 2"));
    }

    @Test
    void text_that_is_not_json_or_not_an_envelope_is_unreadable() {
        assertThat(codec.read("{not json")).isInstanceOf(CopyCodec.Decoded.Unreadable.class);
        assertThat(codec.read("[1,2]")).isInstanceOf(CopyCodec.Decoded.Unreadable.class);
        assertThat(codec.read("{\"format\":1}")).isInstanceOf(CopyCodec.Decoded.Unreadable.class);
    }

    @Test
    void a_value_of_another_shape_is_unreadable() {
        String unknownField =
                "{\"format\":1,\"loaded_at_ms\":1,\"fresh_for_ms\":1000,\"value\":{\"x\":1,\"label\":\"a\",\"y\":2}}";
        String missingField = "{\"format\":1,\"loaded_at_ms\":1,\"fresh_for_ms\":1000,\"value\":{\"x\":1}}";
        String badFreshness =
                "{\"format\":1,\"loaded_at_ms\":1,\"fresh_for_ms\":0,\"value\":{\"x\":1,\"label\":\"a\"}}";

        assertThat(codec.read(unknownField)).isInstanceOf(CopyCodec.Decoded.Unreadable.class);
        assertThat(codec.read(missingField)).isInstanceOf(CopyCodec.Decoded.Unreadable.class);
        assertThat(codec.read(badFreshness)).isInstanceOf(CopyCodec.Decoded.Unreadable.class);
    }
}
