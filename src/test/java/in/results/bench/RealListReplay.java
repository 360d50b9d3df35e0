package in.results.bench;

import in.results.catalog.Degree;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.core.ExamQuery;
import in.results.lookup.SearchReplay;
import in.results.scrape.ReleaseListParser;
import in.results.scrape.ReleaseListing;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Cohort;
import in.results.simulator.cohort.Student;
import in.results.simulator.releases.Programme;
import in.results.testing.ReleaseLists;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The B.Tech semester search of every student of the real list's world on a day, replayed without HTTP
 * ({@link SearchReplay}: rounds of at most 32 requests, the counts the {@code programmes} suite's lookups send), on the
 * day's release list as served and on two variants of it that take out rows the real list has and that read as
 * "released" codes where none are: the B.Tech.(CCC) rows, whose codes (99150 and up) are of another series than the
 * regulations' (the newest B.Tech code of a list is what proves a built-in code unreleased), and RC/RV rows whose exam
 * the day's list does not show (the real list dates the RC/RV row of 1762 on 4 March 2023, its exam on 17 February
 * 2024). Per regulation: requests, rounds, requests for codes with no release that day, and the queries that at least
 * 90 % of the lookups sent after their first round (* = a code with no release that day); per batch on the list as
 * served.
 */
final class RealListReplay {
    private static final Predicate<ExamRelease> CCC_SERIES =
            r -> r.degree() == Degree.BTECH && r.code().length() > 4;

    void measure(String day, UniversitySimulator.Builder world) throws Exception {
        Cohort truth = world.cohort();
        List<ReleaseListing> listings;
        try (UniversitySimulator site = world.start(0)) {
            listings = ReleaseListParser.parse(ReleaseLists.pageOf(site));
        }
        Set<String> listedExams = listings.stream()
                .map(ExamCatalog::releaseOf)
                .flatMap(Optional::stream)
                .filter(r -> !r.rcrv())
                .map(r -> r.degree() + "/" + r.code())
                .collect(Collectors.toSet());
        Predicate<ExamRelease> rcrvOfUnlistedExam = r -> r.rcrv() && !listedExams.contains(r.degree() + "/" + r.code());
        Map<String, List<ReleaseListing>> lists = new LinkedHashMap<>();
        lists.put("list as served", listings);
        lists.put("without CCC rows", without(listings, CCC_SERIES));
        lists.put("… and RC/RV rows of unlisted exams", without(listings, CCC_SERIES.or(rcrvOfUnlistedExam)));
        List<Integer> ccc = listings.stream()
                .map(ExamCatalog::releaseOf)
                .flatMap(Optional::stream)
                .filter(CCC_SERIES)
                .map(r -> Integer.parseInt(r.code()))
                .sorted()
                .toList();
        System.out.printf(
                "%n%s: the variants leave out %d CCC rows (B.Tech codes %d to %d) and %d RC/RV rows of unlisted exams"
                        + " (%s)%n",
                day,
                ccc.size(),
                ccc.getFirst(),
                ccc.getLast(),
                lists.get("without CCC rows").size()
                        - lists.get("… and RC/RV rows of unlisted exams").size(),
                codesOf(listings, rcrvOfUnlistedExam.and(CCC_SERIES.negate())));
        Map<String, List<Student>> byRegulation = truth.students().stream()
                .filter(s -> s.programme() == Programme.BTECH && !s.hasNoResult())
                .collect(Collectors.groupingBy(Student::regulation, TreeMap::new, Collectors.toList()));
        for (var regulation : byRegulation.entrySet()) {
            for (var list : lists.entrySet()) {
                ExamCatalog catalog = ExamCatalog.from(list.getValue());
                List<SearchReplay> replays = regulation.getValue().stream()
                        .map(s -> SearchReplay.of(s, catalog))
                        .toList();
                print(day + ", " + regulation.getKey() + ", " + list.getKey(), truth, regulation.getValue(), replays);
                if (list.getKey().equals("list as served")) {
                    Map<Integer, List<Integer>> byBatch = new TreeMap<>();
                    for (int i = 0; i < replays.size(); i++) {
                        byBatch.computeIfAbsent(regulation.getValue().get(i).admissionYear(), b -> new ArrayList<>())
                                .add(i);
                    }
                    byBatch.forEach((batch, indexes) -> print(
                            "  batch " + batch,
                            truth,
                            indexes.stream().map(regulation.getValue()::get).toList(),
                            indexes.stream().map(replays::get).toList()));
                }
            }
        }
    }

    private static List<ReleaseListing> without(List<ReleaseListing> listings, Predicate<ExamRelease> leftOut) {
        return listings.stream()
                .filter(l -> ExamCatalog.releaseOf(l).filter(leftOut).isEmpty())
                .toList();
    }

    private static String codesOf(List<ReleaseListing> listings, Predicate<ExamRelease> which) {
        return listings.stream()
                .map(ExamCatalog::releaseOf)
                .flatMap(Optional::stream)
                .filter(which)
                .map(r -> r.degree().name().toLowerCase(Locale.ROOT) + " " + r.code())
                .distinct()
                .collect(Collectors.joining(", "));
    }

    private static void print(String name, Cohort truth, List<Student> students, List<SearchReplay> replays) {
        List<Integer> requests = replays.stream().map(SearchReplay::requests).toList();
        int[] byRounds = new int[5];
        long unreleased = 0;
        Map<String, Integer> later = new TreeMap<>();
        for (SearchReplay replay : replays) {
            byRounds[Math.min(replay.rounds().size(), 4)]++;
            for (int round = 0; round < replay.rounds().size(); round++) {
                for (ExamQuery query : replay.rounds().get(round)) {
                    boolean released = truth.exam(Programme.BTECH, query.examCode())
                                    .isPresent()
                            || truth.rcrvExam(Programme.BTECH, query.examCode()).isPresent();
                    unreleased += released ? 0 : 1;
                    if (round > 0) {
                        later.merge(
                                query.examCode() + (query.isRcrv() ? " RC/RV" : "") + (released ? "" : "*"),
                                1,
                                Integer::sum);
                    }
                }
            }
        }
        int n = students.size();
        String common = later.entrySet().stream()
                .filter(e -> e.getValue() >= 0.9 * n)
                .map(Map.Entry::getKey)
                .collect(Collectors.joining(", "));
        System.out.printf(
                Locale.ROOT,
                "| %s | %d | %s | %.0f / %.0f / %.0f / %.0f %% | %d | %s |%n",
                name,
                n,
                Spread.of(requests).format(0),
                100.0 * byRounds[1] / n,
                100.0 * byRounds[2] / n,
                100.0 * byRounds[3] / n,
                100.0 * byRounds[4] / n,
                unreleased,
                common.isEmpty() ? "-" : common);
    }
}
