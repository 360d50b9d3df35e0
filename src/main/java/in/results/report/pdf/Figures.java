package in.results.report.pdf;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;

/**
 * Reads the figures of the report body ({@code GET /report}'s JSON before it is written: maps, lists, numbers,
 * strings and nulls) and writes them as the PDF prints them.
 */
final class Figures {
    private Figures() {}

    /**
     * An SGPA, CGPA or percentage as the body holds it: a number to two decimals; "not awarded" for an SGPA's FAIL,
     * "not computed" for null.
     */
    static String twoDecimals(Object value) {
        if (value instanceof Number number) {
            return decimal(number).setScale(2, RoundingMode.HALF_UP).toPlainString();
        }
        return value == null ? "not computed" : "not awarded";
    }

    /** Credits and counts: as few decimals as they need ({@code 19.5}, {@code 160}); {@code null} is "not known". */
    static String number(Object value) {
        if (value instanceof Number number) {
            BigDecimal plain = decimal(number).stripTrailingZeros();
            return (plain.scale() < 0 ? plain.setScale(0) : plain).toPlainString();
        }
        return value == null ? "not known" : String.valueOf(value);
    }

    private static BigDecimal decimal(Number number) {
        return number instanceof BigDecimal exact ? exact : new BigDecimal(number.toString());
    }

    /** The text under {@code key}, or "" when it is absent or not text. */
    static String text(Map<?, ?> map, String key) {
        return map.get(key) instanceof String text ? text : "";
    }

    /** The map under {@code key}, or an empty one. */
    static Map<?, ?> map(Map<?, ?> map, String key) {
        return map.get(key) instanceof Map<?, ?> inner ? inner : Map.of();
    }

    /** The maps listed under {@code key}; anything else listed there is left out. */
    static List<Map<?, ?>> maps(Map<?, ?> map, String key) {
        if (!(map.get(key) instanceof List<?> list)) {
            return List.of();
        }
        return list.stream()
                .filter(Map.class::isInstance)
                .<Map<?, ?>>map(Map.class::cast)
                .toList();
    }
}
