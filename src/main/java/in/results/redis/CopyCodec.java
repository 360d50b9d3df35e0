package in.results.redis;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JavaType;
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

    /** Reads a stored text; streamed, so that decimals keep their scale ({@code 8.50} stays {@code 8.50}). */
    public Decoded<V> read(String text) {
        try (JsonParser json = mapper.createParser(text)) {
            if (json.nextToken() != JsonToken.START_OBJECT) {
                return new Decoded.Unreadable<>("not a JSON object");
            }
            String format = "none";
            long loadedAt = -1;
            long freshFor = -1;
            V value = null;
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.currentName();
                json.nextToken();
                switch (field) {
                    case "format" -> format = json.getText();
                    case "loaded_at_ms" -> loadedAt = json.getValueAsLong(-1);
                    case "fresh_for_ms" -> freshFor = json.getValueAsLong(-1);
                    case "value" -> {
                        if (!format.equals(Integer.toString(FORMAT))) { // the envelope is written format first
                            return new Decoded.Unreadable<>("format " + format + ", this version reads " + FORMAT);
                        }
                        value = settle.apply(reader.readValue(json));
                    }
                    default -> json.skipChildren();
                }
            }
            if (value == null || loadedAt < 0 || freshFor < 0) {
                return new Decoded.Unreadable<>("envelope without value, loaded_at_ms or fresh_for_ms");
            }
            return new Decoded.Readable<>(
                    new SharedCopy<>(value, Instant.ofEpochMilli(loadedAt), Duration.ofMillis(freshFor)));
        } catch (IOException | RuntimeException e) { // Jackson's errors, and what the records' constructors reject
            return new Decoded.Unreadable<>(e.getClass().getSimpleName() + ": " + firstLine(e.getMessage()));
        }
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
