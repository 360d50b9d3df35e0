package in.results.simulator;

import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Counts requests received: in total, per path, per exam and per hall ticket and exam. */
final class RequestCounters {

    private final LongAdder total = new LongAdder();
    private final ConcurrentHashMap<String, LongAdder> byPath = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> byExam = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> byStudentAndExam = new ConcurrentHashMap<>();

    void request(String path) {
        total.increment();
        byPath.computeIfAbsent(path, key -> new LongAdder()).increment();
    }

    void resultRequest(String hallTicket, String examCode) {
        if (examCode == null) {
            return;
        }
        String exam = examCode.strip();
        byExam.computeIfAbsent(exam, key -> new LongAdder()).increment();
        if (hallTicket != null) {
            byStudentAndExam
                    .computeIfAbsent(key(hallTicket, exam), key -> new LongAdder())
                    .increment();
        }
    }

    long total() {
        return total.sum();
    }

    long forPath(String path) {
        LongAdder count = byPath.get(path);
        return count == null ? 0 : count.sum();
    }

    long forExam(String examCode) {
        LongAdder count = byExam.get(examCode);
        return count == null ? 0 : count.sum();
    }

    Map<String, Long> byExam() {
        Map<String, Long> counts = new TreeMap<>();
        byExam.forEach((exam, count) -> counts.put(exam, count.sum()));
        return Collections.unmodifiableMap(counts);
    }

    long forStudentAndExam(String hallTicket, String examCode) {
        LongAdder count = byStudentAndExam.get(key(hallTicket, examCode));
        return count == null ? 0 : count.sum();
    }

    void reset() {
        total.reset();
        byPath.clear();
        byExam.clear();
        byStudentAndExam.clear();
    }

    private static String key(String hallTicket, String examCode) {
        return hallTicket.strip().toUpperCase(Locale.ROOT) + "/" + examCode.strip();
    }
}
