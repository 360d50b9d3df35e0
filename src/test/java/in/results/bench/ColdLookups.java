package in.results.bench;

import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.testing.ReleaseLists;
import io.javalin.Javalin;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Cold all-semesters lookups in one world (a university as of some day, its list possibly trimmed), on a fresh
 * service: per regulation and batch, latency in units of L, upstream {@code /resultAction} requests per lookup, and
 * those requests divided by the result pages the student really has (exam and RC/RV pages: the floor of any exact
 * lookup). Also counts requests for built-in codes above the newest code of the list, which must be none.
 */
final class ColdLookups {
    /** One lookup's measurements. */
    record Lookup(int batch, double latencyInL, long requests, int pages) {}

    /** Measures {@code world}; prints the table rows. */
    void measure(String worldName, UniversitySimulator.Builder world) throws Exception {
        Cohort cohort = world.cohort();
        try (UniversitySimulator simulator = world.start(0)) {
            simulator.setLatency(Benchmarks.L, Duration.ZERO);
            simulator.setMaxConcurrent(Benchmarks.SERVER_CAPACITY);
            Javalin service = Benchmarks.startService(simulator, Map.of());
            String base = "http://127.0.0.1:" + service.port();
            Benchmarks.get(base + "/new/all"); // the release list is fetched once per 30 minutes, not per lookup
            int newest = ReleaseLists.newestCode(ReleaseLists.pageOf(simulator));
            System.out.printf(
                    "%n== %s: %d releases listed, newest code %d%n",
                    worldName, cohort.exams().size(), newest);
            for (String regulation : Benchmarks.REGULATIONS) {
                // Each regulation's picks have a seed of their own: R18's are the same students as before R22 existed.
                lookups(cohort, simulator, base, regulation, new Random(regulation.equals("R18") ? 7 : 22));
            }
            Map<String, Long> byExam = simulator.resultRequestsByExam();
            long unreleased = ReleaseLists.builtInCodesAbove(newest).stream()
                    .mapToLong(code -> byExam.getOrDefault(code, 0L))
                    .sum();
            System.out.printf(
                    "requests for built-in codes above the list's newest code (%d): %d%n", newest, unreleased);
            service.stop();
        }
    }

    /** Looks up students of each batch of {@code regulation} once each, printing a row per batch and one in all. */
    private void lookups(Cohort cohort, UniversitySimulator simulator, String base, String regulation, Random random)
            throws Exception {
        String path = "/all-" + regulation.toLowerCase(Locale.ROOT) + "/";
        Map<Integer, List<Student>> byBatch = cohort.students().stream()
                .filter(s -> !s.results().isEmpty() && s.regulation().equals(regulation))
                .collect(Collectors.groupingBy(Student::admissionYear, TreeMap::new, Collectors.toList()));
        List<Lookup> all = new ArrayList<>();
        for (var batch : byBatch.entrySet()) {
            List<Student> students = new ArrayList<>(batch.getValue());
            Collections.shuffle(students, random);
            List<Lookup> ofBatch = new ArrayList<>();
            for (Student student : students.subList(0, Math.min(Benchmarks.STUDENTS_PER_BATCH, students.size()))) {
                long before = simulator.requestCount("/resultAction");
                long start = System.nanoTime();
                HttpResponse<String> reply = Benchmarks.get(base + path + student.hallTicket());
                double inL = (System.nanoTime() - start) / (double) Benchmarks.L.toNanos();
                if (reply.statusCode() != 200) {
                    throw new IllegalStateException(
                            path + " answered " + reply.statusCode() + " for " + student.hallTicket());
                }
                ofBatch.add(new Lookup(
                        batch.getKey(),
                        inL,
                        simulator.requestCount("/resultAction") - before,
                        student.results().size() + student.rcrvResults().size()));
                if (Boolean.getBoolean("bench.verbose")) {
                    System.out.printf(
                            "  %s %.2f L, %d requests%n",
                            student.hallTicket(), inL, ofBatch.getLast().requests());
                }
            }
            print(regulation + " batch " + batch.getKey(), ofBatch);
            all.addAll(ofBatch);
        }
        if (!all.isEmpty()) {
            print(regulation + " all", all);
        }
    }

    /** One table row: lookups, latency in L, requests per lookup, requests per real result page. */
    static void print(String name, List<Lookup> lookups) {
        System.out.printf(
                "| %-14s | %3d | %s L | %s | %s |%n",
                name,
                lookups.size(),
                Spread.of(lookups.stream().map(Lookup::latencyInL).toList()).format(2),
                Spread.of(lookups.stream().map(Lookup::requests).toList()).format(0),
                Spread.of(lookups.stream()
                                .map(l -> l.requests() / (double) l.pages())
                                .toList())
                        .format(2));
    }
}
