package in.results.e2e;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code curl} call of {@code /mcp} as a document shows it: its {@code -H} headers and its {@code -d} body, exactly
 * as written between single quotes, so that a test sends the same bytes.
 */
record DocumentedCurl(Map<String, String> headers, String body) {
    private static final Pattern CURL = Pattern.compile("curl [^\\n]*/mcp(?:[^\\n]*\\\\\\n)*[^\\n]*");
    private static final Pattern HEADER = Pattern.compile("-H '([^:']+):\\s*([^']*)'");
    private static final Pattern BODY = Pattern.compile("-d '([^']*)'");

    /** Every curl call of {@code /mcp} with a body in {@code document}, in order. */
    static List<DocumentedCurl> allIn(Path document) {
        String text;
        try {
            text = Files.readString(document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<DocumentedCurl> calls = new ArrayList<>();
        Matcher curl = CURL.matcher(text);
        while (curl.find()) {
            String command = curl.group();
            Matcher body = BODY.matcher(command);
            if (!body.find()) {
                continue;
            }
            Map<String, String> headers = new LinkedHashMap<>();
            Matcher header = HEADER.matcher(command);
            while (header.find()) {
                headers.put(header.group(1), header.group(2));
            }
            calls.add(new DocumentedCurl(headers, body.group(1)));
        }
        return calls;
    }

    private JsonNode json() {
        try {
            return ServiceClient.MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            throw new AssertionError("a documented body is not JSON: " + body, e);
        }
    }

    String method() {
        return json().path("method").asText();
    }

    /** The tool a {@code tools/call} names, or {@code ""}. */
    String tool() {
        return json().at("/params/name").asText();
    }
}
