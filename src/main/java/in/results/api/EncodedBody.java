package in.results.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.GZIPOutputStream;

/**
 * An answer body ready for the wire: its bytes (JSON, or the Atom feed's XML), their entity tag, and its gzip form,
 * made once by the first request that accepts gzip. The arrays are shared by every request that writes this body and
 * never modified.
 */
final class EncodedBody {
    /** Smaller bodies are sent as they are (as Javalin does): they fit one packet anyway. */
    static final int MIN_GZIP_BYTES = 1500;

    private final byte[] json;
    private final String tag;
    private volatile byte[] gzip;

    EncodedBody(byte[] json) {
        this.json = json;
        this.tag = EntityTag.of(json);
    }

    byte[] json() {
        return json;
    }

    /** The weak entity tag of the JSON bytes (the same for the gzip form: weak tags compare content). */
    String tag() {
        return tag;
    }

    /** Whether the body is large enough to be sent compressed to a client that accepts gzip. */
    boolean compressible() {
        return json.length >= MIN_GZIP_BYTES;
    }

    /** The gzip form; two first requests at once may both compress, and either result is kept. */
    byte[] gzip() {
        byte[] compressed = gzip;
        if (compressed == null) {
            compressed = gzipOf(json);
            gzip = compressed;
        }
        return compressed;
    }

    private static byte[] gzipOf(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 4 + 64);
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("compressing in memory cannot fail", e);
        }
        return out.toByteArray();
    }
}
