package in.results.bench;

import in.results.catalog.ExamCatalog;
import in.results.lookup.SearchReplay;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Student;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The search of every student of the cohort with results in a world, replayed against the ground truth without HTTP
 * ({@link SearchReplay}): upstream requests per lookup and the number of rounds (each one wave of at most 32
 * requests, so about one L). Exact and free of the machine's load: the figures a change to the plan is judged by.
 */
final class ReplayedSearches {

    void measure(String worldName, UniversitySimulator.Builder world) throws Exception {
        ExamCatalog catalog = SearchReplay.catalogOf(world);
        Map<String, List<SearchReplay>> byRegulation = new TreeMap<>();
        for (Student student : world.cohort().students()) {
            if (!student.hasNoResult()) {
                byRegulation
                        .computeIfAbsent(student.regulation(), r -> new ArrayList<>())
                        .add(SearchReplay.of(student, catalog));
            }
        }
        byRegulation.forEach((regulation, replays) -> {
            List<Integer> requests =
                    replays.stream().map(SearchReplay::requests).toList();
            int[] byRounds = new int
                    [replays.stream().mapToInt(r -> r.rounds().size()).max().orElse(0) + 1];
            replays.forEach(r -> byRounds[r.rounds().size()]++);
            StringBuilder rounds = new StringBuilder();
            for (int n = 1; n < byRounds.length; n++) {
                rounds.append(String.format(Locale.ROOT, " %d: %.1f %%", n, 100.0 * byRounds[n] / replays.size()));
            }
            System.out.printf(
                    Locale.ROOT,
                    "| %s, %s, all %d students | requests %s (mean %.1f) | rounds%s |%n",
                    worldName,
                    regulation,
                    replays.size(),
                    Spread.of(requests).format(0),
                    requests.stream().mapToInt(Integer::intValue).average().orElse(0),
                    rounds);
        });
    }
}
