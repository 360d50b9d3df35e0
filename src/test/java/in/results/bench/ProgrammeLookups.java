package in.results.bench;

import in.results.e2e.ExpectedTranscript;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Programme;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The {@code programmes} suite: cold {@code /all/<hallticket>} lookups in the real list's world
 * ({@link Cohort#onRealList}) as it stood on several days, per programme and regulation (B.Tech R18, R22, the other
 * programmes' R22…), with {@link ColdLookups}' measures, every answer compared with
 * {@link ExpectedTranscript#of(Cohort, Student)}, and the targets checked per row; then every B.Tech student's search
 * replayed on each day's list and two variants of it ({@link RealListReplay}), to see which rows cost requests.
 */
final class ProgrammeLookups {
    /** Students looked up per programme and regulation in each world. */
    static final int PER_GROUP = Integer.getInteger("bench.programmes.perGroup", 25);
    /** The days: late 2023, October 2024, the day of the real list. */
    static final List<String> WORLDS =
            List.of(System.getProperty("bench.programmes.worlds", "2023-11-30,2024-10-31,2025-03-27")
                    .split(","));

    static final double MEDIAN_TARGET_L = 1.3;
    static final double P90_TARGET_L = 2.5;
    static final double MEDIAN_TARGET_REQUESTS = 25;
    static final double P90_TARGET_REQUESTS = 60;

    /** A table row's group: students of one programme and regulation, B.Tech first. */
    private record Group(Programme programme, String regulation) implements Comparable<Group> {
        @Override
        public int compareTo(Group other) {
            return Comparator.comparing(Group::programme)
                    .thenComparing(Group::regulation)
                    .compare(this, other);
        }

        String label() {
            return programme.title() + " " + regulation;
        }
    }

    void run() throws Exception {
        Cohort real = Cohort.onRealList(Cohort.DEFAULT_SEED);
        System.out.println("\n| real-list world, programme | n | latency median / p90 / max | upstream requests median"
                + " / p90 / max | requests per real result page median / p90 / max | requests for codes not released that day,"
                + " in lookups | mismatches (first) | targets |");
        for (String world : WORLDS) {
            measure(world, Benchmarks.world(real, world));
        }
        System.out.println(
                "\n| replayed B.Tech searches, every student: day, regulation, list | students | requests median"
                        + " / p90 / max | lookups of 1 / 2 / 3 / 4+ rounds | requests for codes not released that day"
                        + " | asked after round 1 by 90 % or more (* not released) |");
        for (String world : WORLDS) {
            new RealListReplay().measure(world, Benchmarks.world(real, world));
        }
    }

    private void measure(String worldName, UniversitySimulator.Builder world) throws Exception {
        try (ColdLookups.World open = new ColdLookups.World(world)) {
            Cohort truth = open.truth;
            System.out.printf(
                    "%n== real list, %s: %d releases listed%n",
                    worldName, truth.exams().size());
            Map<Group, List<Student>> byGroup = truth.students().stream()
                    .filter(s -> !s.hasNoResult())
                    .collect(Collectors.groupingBy(
                            s -> new Group(s.programme(), s.regulation()), TreeMap::new, Collectors.toList()));
            for (var group : byGroup.entrySet()) {
                // A seed per group, the same in every world: a group's picks change only as students get results.
                Random random = new Random(group.getKey().label().hashCode());
                List<ColdLookups.Lookup> lookups = new ArrayList<>();
                for (Student student : ColdLookups.picks(group.getValue(), PER_GROUP, random)) {
                    lookups.add(open.lookUp("/all/", student, s -> ExpectedTranscript.of(truth, s)));
                }
                System.out.println(
                        ColdLookups.row(worldName + ", " + group.getKey().label(), lookups) + " | "
                                + unreleased(truth, lookups) + " | " + mismatches(lookups) + " | " + targets(lookups)
                                + " |");
            }
        }
    }

    /**
     * Requests, over all the lookups, naming a code of the student's programme that has no release that day, neither
     * exam nor RC/RV (the simulator counts RC/RV requests under their exam's code), and the lookups that sent any:
     * requests the list, read as the truth, proves unnecessary.
     */
    private static String unreleased(Cohort truth, List<ColdLookups.Lookup> lookups) {
        long requests = 0;
        int lookupsAsking = 0;
        for (ColdLookups.Lookup lookup : lookups) {
            Programme programme = lookup.student().programme();
            long ofLookup = lookup.requestsByExam().entrySet().stream()
                    .filter(e -> truth.exam(programme, e.getKey()).isEmpty()
                            && truth.rcrvExam(programme, e.getKey()).isEmpty())
                    .mapToLong(Map.Entry::getValue)
                    .sum();
            requests += ofLookup;
            lookupsAsking += ofLookup > 0 ? 1 : 0;
        }
        return requests + " in " + lookupsAsking;
    }

    /** {@code 0}, or the count of answers other than the expected body and the first one's hall ticket. */
    private static String mismatches(List<ColdLookups.Lookup> lookups) {
        List<String> wrong = lookups.stream()
                .filter(l -> l.exactness() == ColdLookups.Exactness.MISMATCH)
                .map(l -> l.student().hallTicket())
                .toList();
        return wrong.isEmpty() ? "0" : wrong.size() + " (" + wrong.getFirst() + ")";
    }

    /** {@code met}, or which of the targets the row misses. */
    private static String targets(List<ColdLookups.Lookup> lookups) {
        Spread latency =
                Spread.of(lookups.stream().map(ColdLookups.Lookup::latencyInL).toList());
        Spread requests =
                Spread.of(lookups.stream().map(ColdLookups.Lookup::requests).toList());
        List<String> missed = new ArrayList<>();
        if (latency.median() > MEDIAN_TARGET_L) {
            missed.add("latency median");
        }
        if (latency.p90() > P90_TARGET_L) {
            missed.add("latency p90");
        }
        if (requests.median() > MEDIAN_TARGET_REQUESTS) {
            missed.add("requests median");
        }
        if (requests.p90() > P90_TARGET_REQUESTS) {
            missed.add("requests p90");
        }
        if (lookups.stream().anyMatch(l -> l.exactness() != ColdLookups.Exactness.EXACT)) {
            missed.add("exactness");
        }
        return missed.isEmpty() ? "met" : "MISSED: " + String.join(", ", missed).toLowerCase(Locale.ROOT);
    }
}
