package in.results.bench;

import java.util.List;
import java.util.Locale;

/** Median, 90th percentile and maximum of some measurements (nearest rank), for the benchmark's tables. */
record Spread(double median, double p90, double max, int count) {

    static Spread of(List<? extends Number> values) {
        List<Double> sorted = values.stream().map(Number::doubleValue).sorted().toList();
        if (sorted.isEmpty()) {
            return new Spread(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        return new Spread(percentile(sorted, 0.5), percentile(sorted, 0.9), sorted.getLast(), sorted.size());
    }

    /** The value at {@code p} (0..1) of {@code values} in any order, rounding the rank to the nearest. */
    static double percentileOf(List<? extends Number> values, double p) {
        return percentile(values.stream().map(Number::doubleValue).sorted().toList(), p);
    }

    /** The value at {@code p} (0..1) of {@code sorted}, rounding the rank to the nearest. */
    static double percentile(List<Double> sorted, double p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.floor(p * (sorted.size() - 1) + 0.5)));
    }

    /** {@code "1.23 / 2.34 / 3.45"} with the given number of decimals. */
    String format(int decimals) {
        String number = "%." + decimals + "f";
        return String.format(Locale.ROOT, number + " / " + number + " / " + number, median, p90, max);
    }
}
