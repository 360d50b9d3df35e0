package in.results.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** The arithmetic every class figure shares: percentages, averages and ranks, each as the API documents it. */
final class ClassFigures {
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private ClassFigures() {}

    /** part / whole × 100, rounded half-up to 2 decimals; 0 when {@code whole} is 0. */
    static BigDecimal percent(int part, int whole) {
        return whole == 0
                ? BigDecimal.ZERO.setScale(2)
                : BigDecimal.valueOf(part).multiply(HUNDRED).divide(BigDecimal.valueOf(whole), 2, RoundingMode.HALF_UP);
    }

    /** The mean, rounded half-up to 2 decimals; 0 when there is nothing to average. */
    static BigDecimal average(List<BigDecimal> values) {
        return values.isEmpty()
                ? BigDecimal.ZERO.setScale(2)
                : values.stream()
                        .reduce(BigDecimal.ZERO, BigDecimal::add)
                        .divide(BigDecimal.valueOf(values.size()), 2, RoundingMode.HALF_UP);
    }

    /**
     * {@code entries} sorted best first (a stable sort: equal values keep their order, roll order when given so), each
     * with its competition rank — 1 + the number of entries with a higher value, so that ties share a rank and the
     * next rank skips (1, 2, 2, 4).
     */
    static <E> List<Ranked<E>> ranked(List<E> entries, Function<E, BigDecimal> value) {
        List<E> best = entries.stream()
                .sorted((a, b) -> value.apply(b).compareTo(value.apply(a)))
                .toList();
        List<Ranked<E>> ranked = new ArrayList<>();
        for (int i = 0; i < best.size(); i++) {
            boolean tied = i > 0 && value.apply(best.get(i - 1)).compareTo(value.apply(best.get(i))) == 0;
            ranked.add(new Ranked<>(tied ? ranked.get(i - 1).rank() : i + 1, best.get(i)));
        }
        return ranked;
    }

    /** An entry and its rank. */
    record Ranked<E>(int rank, E entry) {}
}
