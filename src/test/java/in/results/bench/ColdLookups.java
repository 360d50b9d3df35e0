package in.results.bench;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Cold all-semesters lookups in one world (a university as of some day, its list possibly trimmed), on a fresh
 * service: per group of students (a regulation's batch; a programme and regulation), latency in units of L, upstream
 * {@code /resultAction} requests per lookup, and those requests divided by the result pages the student really has
 * (exam and RC/RV pages: the floor of any exact lookup). The {@code cold} suite ({@link #measure}) groups by
 * regulation and batch and also counts requests for built-in codes above the newest code of the list, which must be
 * none; the {@code programmes} suite ({@link ProgrammeLookups}) uses the same {@link World} and {@link #lookUp}.
 */
final class ColdLookups {
    private static final ObjectMapper JSON =
            new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /**
     * One lookup's measurements: the student, latency in L, upstream requests, real result pages, the requests per
     * exam code named (as the simulator counts them: RC/RV requests under their exam's code) and, when the answer was
     * checked, whether it was exactly the expected body.
     */
    record Lookup(
            Student student,
            double latencyInL,
            long requests,
            int pages,
            Map<String, Long> requestsByExam,
            Exactness exactness) {}

    /** Whether an answer was compared with the simulator's truth, and its verdict. */
    enum Exactness {
        NOT_CHECKED,
        EXACT,
        MISMATCH
    }

    /**
     * A world on loopback with a fresh service in front of it: the simulator answering in L with
     * {@link Benchmarks#SERVER_CAPACITY} at once, the release list already fetched (as in production, once per 30
     * minutes, not per lookup).
     */
    static final class World implements AutoCloseable {
        final Cohort truth;
        final UniversitySimulator simulator;
        final String base;
        private final Javalin service;

        World(UniversitySimulator.Builder world) throws Exception {
            truth = world.cohort();
            simulator = world.start(0);
            simulator.setLatency(Benchmarks.L, Duration.ZERO);
            simulator.setMaxConcurrent(Benchmarks.SERVER_CAPACITY);
            service = Benchmarks.startService(simulator, Map.of());
            base = "http://127.0.0.1:" + service.port();
            Benchmarks.get(base + "/new/all");
        }

        /**
         * Looks {@code student} up once at {@code path} (e.g. {@code /all/}), timed; when {@code expected} is given,
         * compares the answer with the body it gives for the student. Anything but a 200 is an error.
         */
        Lookup lookUp(String path, Student student, Function<Student, JsonNode> expected) throws Exception {
            Map<String, Long> byExamBefore = simulator.resultRequestsByExam();
            long before = simulator.requestCount("/resultAction");
            long start = System.nanoTime();
            HttpResponse<String> reply = Benchmarks.get(base + path + student.hallTicket());
            double inL = (System.nanoTime() - start) / (double) Benchmarks.L.toNanos();
            if (reply.statusCode() != 200) {
                throw new IllegalStateException(
                        path + " answered " + reply.statusCode() + " for " + student.hallTicket());
            }
            long requests = simulator.requestCount("/resultAction") - before;
            Map<String, Long> byExam = new TreeMap<>();
            simulator.resultRequestsByExam().forEach((code, count) -> {
                long added = count - byExamBefore.getOrDefault(code, 0L);
                if (added > 0) {
                    byExam.put(code, added);
                }
            });
            Exactness exactness = expected == null
                    ? Exactness.NOT_CHECKED
                    : JSON.readTree(reply.body()).equals(expected.apply(student))
                            ? Exactness.EXACT
                            : Exactness.MISMATCH;
            Lookup lookup = new Lookup(
                    student,
                    inL,
                    requests,
                    student.results().size() + student.rcrvResults().size(),
                    byExam,
                    exactness);
            if (Boolean.getBoolean("bench.verbose")) {
                System.out.printf(
                        Locale.ROOT,
                        "  %s %.2f L, %d requests, %d pages%s, asked %s%n",
                        student.hallTicket(),
                        inL,
                        requests,
                        lookup.pages(),
                        exactness == Exactness.MISMATCH ? ", MISMATCH" : "",
                        byExam);
            }
            return lookup;
        }

        @Override
        public void close() {
            service.stop();
            simulator.close();
        }
    }

    /** Measures {@code world}; prints the table rows. */
    void measure(String worldName, UniversitySimulator.Builder world) throws Exception {
        try (World open = new World(world)) {
            int newest = ReleaseLists.newestCode(ReleaseLists.pageOf(open.simulator));
            System.out.printf(
                    "%n== %s: %d releases listed, newest code %d%n",
                    worldName, open.truth.exams().size(), newest);
            for (String regulation : Benchmarks.REGULATIONS) {
                // Each regulation's picks have a seed of their own: R18's are the same students as before R22 existed.
                lookups(open, regulation, new Random(regulation.equals("R18") ? 7 : 22));
            }
            Map<String, Long> byExam = open.simulator.resultRequestsByExam();
            long unreleased = ReleaseLists.builtInCodesAbove(newest).stream()
                    .mapToLong(code -> byExam.getOrDefault(code, 0L))
                    .sum();
            System.out.printf(
                    "requests for built-in codes above the list's newest code (%d): %d%n", newest, unreleased);
        }
    }

    /** Looks up students of each batch of {@code regulation} once each, printing a row per batch and one in all. */
    private void lookups(World world, String regulation, Random random) throws Exception {
        String path = "/all-" + regulation.toLowerCase(Locale.ROOT) + "/";
        Map<Integer, List<Student>> byBatch = world.truth.students().stream()
                .filter(s -> !s.results().isEmpty() && s.regulation().equals(regulation))
                .collect(Collectors.groupingBy(Student::admissionYear, TreeMap::new, Collectors.toList()));
        List<Lookup> all = new ArrayList<>();
        for (var batch : byBatch.entrySet()) {
            List<Lookup> ofBatch = new ArrayList<>();
            for (Student student : picks(batch.getValue(), Benchmarks.STUDENTS_PER_BATCH, random)) {
                ofBatch.add(world.lookUp(path, student, null));
            }
            System.out.println(row(regulation + " batch " + batch.getKey(), ofBatch) + " |");
            all.addAll(ofBatch);
        }
        if (!all.isEmpty()) {
            System.out.println(row(regulation + " all", all) + " |");
        }
    }

    /** {@code n} of {@code students} (all if fewer), drawn with {@code random}. */
    static List<Student> picks(List<Student> students, int n, Random random) {
        List<Student> shuffled = new ArrayList<>(students);
        Collections.shuffle(shuffled, random);
        return shuffled.subList(0, Math.min(n, shuffled.size()));
    }

    /**
     * The cells every table of cold lookups has, without the closing bar: lookups, latency in L, requests per lookup,
     * requests per real result page.
     */
    static String row(String name, List<Lookup> lookups) {
        return String.format(
                "| %-14s | %3d | %s L | %s | %s",
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
