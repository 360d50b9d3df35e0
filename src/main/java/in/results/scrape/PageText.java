package in.results.scrape;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the bytes of an upstream answer into text.
 *
 * <p>The university's pages are not reliably UTF-8: its Tomcat error page is windows-1252 (an en
 * dash as byte {@code 0x96}), and its headers do not always say so. {@link #decode} therefore
 * checks that the bytes really are valid in a charset before trusting it.
 */
public final class PageText {
    private static final Pattern CHARSET_PARAM = Pattern.compile("(?i)(?:^|;)\\s*charset\\s*=\\s*\"?([^\";\\s]+)\"?");
    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

    private PageText() {}

    /**
     * Decodes a response body.
     *
     * <ol>
     *   <li>the charset named in {@code contentTypeHeaderOrNull}, if it names a charset this JVM
     *       knows and every byte is valid in it ({@code ISO-8859-1} is read as windows-1252, as
     *       browsers do, so that bytes 0x80–0x9F become the punctuation they were meant as);
     *   <li>otherwise UTF-8, if every byte is valid UTF-8;
     *   <li>otherwise windows-1252, with U+FFFD for its five undefined bytes.
     * </ol>
     *
     * A {@code <meta charset>} inside the page is not consulted. Never throws on bad bytes or a
     * malformed header.
     *
     * @param body the raw body, not null
     * @param contentTypeHeaderOrNull the {@code Content-Type} header value, or null when absent
     */
    public static String decode(byte[] body, String contentTypeHeaderOrNull) {
        Objects.requireNonNull(body, "body");
        Charset declared = declaredCharset(contentTypeHeaderOrNull);
        if (declared != null) {
            String text = strictly(body, declared);
            if (text != null) {
                return text;
            }
        }
        String utf8 = strictly(body, StandardCharsets.UTF_8);
        if (utf8 != null) {
            return utf8;
        }
        return new String(body, WINDOWS_1252);
    }

    private static Charset declaredCharset(String contentType) {
        if (contentType == null) {
            return null;
        }
        Matcher m = CHARSET_PARAM.matcher(contentType);
        if (!m.find()) {
            return null;
        }
        try {
            Charset charset = Charset.forName(m.group(1).toLowerCase(Locale.ROOT));
            return charset.equals(StandardCharsets.ISO_8859_1) ? WINDOWS_1252 : charset;
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return null; // an unknown label is as good as no label
        }
    }

    /** The text if every byte is valid in {@code charset}, else null. */
    private static String strictly(byte[] body, Charset charset) {
        try {
            return charset.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
