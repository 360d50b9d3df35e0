package in.results.redis;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Writes a {@link SharedCopy} as JSON in an envelope carrying the format version,
 * {@code {"format":1,"loaded_at_ms":…,"fresh_for_ms":…,"value":…}}, and reads it back. Anything else — another
 * format version, text that is not JSON, a value of another shape — reads as {@link Decoded.Unreadable}, never as
 * a value. {@link #FORMAT} changes whenever a stored type changes meaning; a change of shape (a field added,
 * renamed or removed) is caught even without it, because unknown and missing fields do not read.
 */
public final class CopyCodec<V> {
    /** The version of what this build writes; a copy of any other version is a miss. */
    public static final int FORMAT = 1;

    private final ObjectMapper mapper;
    private final ObjectWriter writer;
    private final ObjectReader reader;
    private final UnaryOperator<V> settle;

    /**
     * @param mapper reads and writes the value type (polymorphic types configured on it)
     * @param type   the value's declared type
     * @param settle applied to every value read (e.g. {@code List::copyOf} to make a read list unmodifiable)
     */
    public CopyCodec(ObjectMapper mapper, JavaType type, UnaryOperator<V> settle) {
        this.mapper = Objects.requireNonNull(mapper, "mapper");
        this.writer = mapper.writerFor(type);
        this.reader = mapper.readerFor(type);
        this.settle = Objects.requireNonNull(settle, "settle");
    }

    /** What a stored text read as. */
    public sealed interface Decoded<V> {
        record Readable<V>(SharedCopy<V> copy) implements Decoded<V> {}

        /** Written by another version, not JSON, or not of the expected shape; {@code reason} is for the log. */
        record Unreadable<V>(String reason) implements Decoded<V> {}
    }

    public String write(SharedCopy<V> copy) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = mapper.createGenerator(out)) {
            json.writeStartObject();
            json.writeNumberField("format", FORMAT);
            json.writeNumberField("loaded_at_ms", copy.loadedAt().toEpochMilli());
            json.writeNumberField("fresh_for_ms", copy.freshFor().toMillis());
            json.writeFieldName("value");
            writer.writeValue(json, copy.value());
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    public Decoded<V> read(String text) {
        try {
            JsonNode root = mapper.readTree(text);
            if (root == null || !root.isObject()) {
                return new Decoded.Unreadable<>("not a JSON object");
            }
            int format = root.path("format").asInt(-1);
            if (format != FORMAT) {
                return new Decoded.Unreadable<>("format " + root.path("format") + ", this version reads " + FORMAT);
            }
            JsonNode loadedAt = root.path("loaded_at_ms");
            JsonNode freshFor = root.path("fresh_for_ms");
            if (!loadedAt.canConvertToLong() || !freshFor.canConvertToLong() || !root.has("value")) {
                return new Decoded.Unreadable<>("envelope without loaded_at_ms, fresh_for_ms or value");
            }
            V value = settle.apply(reader.readValue(root.get("value")));
            return new Decoded.Readable<>(new SharedCopy<>(value, Instant.ofEpochMilli(loadedAt.asLong()),
                    Duration.ofMillis(freshFor.asLong())));
        } catch (IOException | RuntimeException e) { // Jackson's errors, and what the records' constructors reject
            return new Decoded.Unreadable<>(e.getClass().getSimpleName() + ": " + firstLine(e.getMessage()));
        }
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
