package in.results.api;

import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * Proactive content negotiation on the {@code Accept} header (RFC 9110 §12.5.1): which of the media types an endpoint
 * offers the client prefers. Each offered type takes the weight ({@code q}) of the most specific range that matches
 * it ({@code application/pdf} over {@code application/*} over {@code *}{@code /*}); the heaviest wins, and on a tie
 * the one offered first. A missing header, or one that accepts none of them, gets the first: the endpoint's default,
 * as the RFC allows instead of a 406. A range whose weight is malformed is ignored.
 */
final class AcceptHeader {
    /** A weight: 0 to 1 with at most three decimals. */
    private static final Pattern WEIGHT = Pattern.compile("0(\\.\\d{0,3})?|1(\\.0{0,3})?");

    private AcceptHeader() {}

    /** The type of {@code offered} (lower-case {@code type/subtype}, the default first) that {@code accept} prefers. */
    static String preferred(String accept, List<String> offered) {
        if (accept == null || accept.isBlank()) {
            return offered.getFirst();
        }
        String best = offered.getFirst();
        double bestWeight = 0;
        for (String type : offered) {
            double weight = weightOf(accept, type);
            if (weight > bestWeight) {
                best = type;
                bestWeight = weight;
            }
        }
        return best;
    }

    /** The weight {@code accept} gives {@code type}: that of its most specific matching range, 0 when none. */
    private static double weightOf(String accept, String type) {
        int bestSpecificity = -1;
        double weight = 0;
        for (String element : accept.split(",")) {
            String[] parts = element.split(";");
            String range = parts[0].strip().toLowerCase(Locale.ROOT);
            int specificity = specificity(range, type);
            if (specificity <= bestSpecificity) {
                continue;
            }
            OptionalDouble q = weightParameter(parts);
            if (q.isPresent()) {
                bestSpecificity = specificity;
                weight = q.getAsDouble();
            }
        }
        return weight;
    }

    /** 2 for the type itself, 1 for its {@code type/*}, 0 for {@code *}{@code /*}, -1 for a range that does not match. */
    private static int specificity(String range, String type) {
        if (range.equals(type)) {
            return 2;
        }
        if (range.equals("*/*")) {
            return 0;
        }
        return range.endsWith("/*") && type.startsWith(range.substring(0, range.length() - 1)) ? 1 : -1;
    }

    /** The {@code q} of a range's parameters, 1 without one, empty when it is malformed. */
    private static OptionalDouble weightParameter(String[] parts) {
        for (int i = 1; i < parts.length; i++) {
            String[] parameter = parts[i].split("=", 2);
            if (parameter[0].strip().equalsIgnoreCase("q")) {
                String value = parameter.length == 2 ? parameter[1].strip() : "";
                return WEIGHT.matcher(value).matches()
                        ? OptionalDouble.of(Double.parseDouble(value))
                        : OptionalDouble.empty();
            }
        }
        return OptionalDouble.of(1);
    }
}
