package in.results.api;

import io.javalin.http.Context;
import java.util.Locale;

/**
 * The form a finished class answer is written in: JSON, or a spreadsheet — CSV (the per-student rows) or XLSX (those
 * rows, and the summary on a second sheet). {@code ?format=json|csv|xlsx} wins; without it the {@code Accept} header
 * chooses (the media type with the highest weight the answer has, the first listed among equals), JSON by default.
 */
enum AnswerFormat {
    JSON("json", JsonWriter.CONTENT_TYPE, "application/json"),
    CSV("csv", "text/csv; charset=utf-8", "text/csv"),
    XLSX(
            "xlsx",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");

    static final String PARAMETER = "format";

    private final String name;
    private final String contentType;
    private final String mediaType;

    AnswerFormat(String name, String contentType, String mediaType) {
        this.name = name;
        this.contentType = contentType;
        this.mediaType = mediaType;
    }

    /** As {@code ?format=} and file names write it. */
    String extension() {
        return name;
    }

    String contentType() {
        return contentType;
    }

    /**
     * The format the request asks for; 400 naming {@code format} for a value other than json, csv or xlsx. Sets
     * {@code Vary: Accept}, since the answer depends on that header.
     */
    static AnswerFormat of(Context ctx) {
        ctx.res().addHeader("Vary", "Accept"); // added: CORS may have said Vary: Origin
        String asked = ctx.queryParam(PARAMETER);
        if (asked != null) {
            for (AnswerFormat format : values()) {
                if (format.name.equals(asked.toLowerCase(Locale.ROOT))) {
                    return format;
                }
            }
            throw ApiException.invalidParameter(PARAMETER, "must be json, csv or xlsx");
        }
        return ofAccept(ctx.header("Accept"));
    }

    /** The format an {@code Accept} header prefers: its heaviest media type this answer has; JSON otherwise. */
    static AnswerFormat ofAccept(String accept) {
        if (accept == null) {
            return JSON;
        }
        AnswerFormat best = JSON;
        double bestWeight = 0;
        for (String range : accept.split(",")) {
            String[] parts = range.split(";");
            String type = parts[0].strip().toLowerCase(Locale.ROOT);
            double weight = weightOf(parts);
            for (AnswerFormat format : values()) {
                if (format.mediaType.equals(type) && weight > bestWeight) {
                    best = format;
                    bestWeight = weight;
                }
            }
        }
        return best;
    }

    private static double weightOf(String[] parts) {
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].strip();
            if (parameter.startsWith("q=") || parameter.startsWith("Q=")) {
                try {
                    return Double.parseDouble(parameter.substring(2));
                } catch (NumberFormatException unreadable) {
                    return 0;
                }
            }
        }
        return 1;
    }
}
