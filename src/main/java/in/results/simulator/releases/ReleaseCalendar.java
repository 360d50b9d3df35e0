package in.results.simulator.releases;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.TreeMap;

/**
 * Release date of an exam code. The university numbers exams in the order it schedules them, so
 * dates rise with the code; between known releases we interpolate linearly. The anchors are real
 * release dates where we have them, nudged so that the sequence never goes backwards.
 */
final class ReleaseCalendar {

    private static final TreeMap<Integer, LocalDate> ANCHORS = new TreeMap<>(Map.ofEntries(
            Map.entry(1323, LocalDate.of(2019, 3, 15)),
            Map.entry(1356, LocalDate.of(2019, 7, 14)),
            Map.entry(1381, LocalDate.of(2019, 9, 16)),
            Map.entry(1391, LocalDate.of(2020, 2, 16)),
            Map.entry(1404, LocalDate.of(2020, 3, 3)),
            Map.entry(1425, LocalDate.of(2021, 1, 11)),
            Map.entry(1437, LocalDate.of(2021, 1, 25)),
            Map.entry(1449, LocalDate.of(2021, 7, 19)),
            Map.entry(1467, LocalDate.of(2021, 9, 6)),
            Map.entry(1503, LocalDate.of(2021, 12, 16)),
            Map.entry(1545, LocalDate.of(2022, 5, 5)),
            Map.entry(1861, LocalDate.of(2025, 7, 1))));

    private ReleaseCalendar() {}

    /** The release date of {@code code}; codes outside the anchors continue the nearest segment's pace. */
    static LocalDate dateOf(int code) {
        Map.Entry<Integer, LocalDate> low = ANCHORS.floorEntry(code);
        Map.Entry<Integer, LocalDate> high = ANCHORS.higherEntry(code);
        if (low == null) {
            low = ANCHORS.firstEntry();
            high = ANCHORS.higherEntry(low.getKey());
        } else if (high == null) {
            if (low.getKey() == code) {
                return low.getValue();
            }
            high = low;
            low = ANCHORS.lowerEntry(high.getKey());
        }
        long days = ChronoUnit.DAYS.between(low.getValue(), high.getValue());
        double perCode = (double) days / (high.getKey() - low.getKey());
        return low.getValue().plusDays(Math.round((code - low.getKey()) * perCode));
    }
}
