package in.results.lookup;

import in.results.catalog.Course;
import in.results.catalog.Degree;
import in.results.catalog.ExamCatalog;
import in.results.catalog.ExamRelease;
import in.results.catalog.Semester;
import in.results.core.ExamQuery;
import in.results.core.HallTicket;
import in.results.core.Regulation;
import in.results.grading.Attempt;
import in.results.grading.AttemptMerger;
import in.results.scrape.ReleaseListParser;
import in.results.scrape.ResultPage;
import in.results.scrape.StudentDetails;
import in.results.scrape.SubjectResult;
import in.results.simulator.UniversitySimulator;
import in.results.simulator.cohort.Mark;
import in.results.simulator.cohort.Student;
import in.results.testing.ReleaseLists;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One student's {@link AttemptSearch} run to its end against the simulator's ground truth, without HTTP: its rounds,
 * the codes it asked and the transcript its answers make. Used by {@code AttemptSearchTest} (exactness) and by the
 * benchmark's {@code replay} suite (requests and rounds of every student, exact and free of timing).
 *
 * @param rounds     the queries of each round, in order
 * @param askedCodes every exam code asked (RC/RV queries under their own code)
 * @param transcript per semester key, the merged rows as {@code "code grade total"}, sorted
 */
public record SearchReplay(List<Set<ExamQuery>> rounds, Set<String> askedCodes, Map<String, List<String>> transcript) {
    /** The most queries in one round: the service's default requests in flight per upstream host. */
    public static final int ROUND_SIZE = 32;

    /** Replays {@code student}'s search of their own regulation in a university whose release list is {@code catalog}. */
    public static SearchReplay of(Student student, ExamCatalog catalog) {
        Course course = new Course(Degree.BTECH, Regulation.valueOf(student.regulation()));
        AttemptWindow window = new AttemptWindow(new HallTicket(student.hallTicket()), catalog, course);
        AttemptSearch search = new AttemptSearch(window, catalog, ROUND_SIZE);
        List<Set<ExamQuery>> rounds = new ArrayList<>();
        Set<String> codes = new HashSet<>();
        for (Set<ExamQuery> round = search.nextRound(); !round.isEmpty(); round = search.nextRound()) {
            rounds.add(round);
            for (ExamQuery query : round) {
                search.record(query, answerOf(student, query));
                codes.add(query.examCode());
            }
        }
        Map<String, List<String>> transcript = new TreeMap<>();
        for (Semester semester : Semester.values()) {
            List<Attempt> attempts = new ArrayList<>();
            for (ExamRelease release : window.possible(semester)) {
                search.attemptOf(release).ifPresent(attempts::add);
            }
            if (!attempts.isEmpty()) {
                transcript.put(
                        semester.key(),
                        AttemptMerger.finalRows(attempts, search.gradingOf(window.possible(semester))).stream()
                                .map(row -> row.code() + " " + row.grade() + " " + row.total())
                                .sorted()
                                .toList());
            }
        }
        return new SearchReplay(rounds, codes, transcript);
    }

    /** Upstream requests of the whole search. */
    public int requests() {
        return rounds.stream().mapToInt(Set::size).sum();
    }

    /** The exam catalog the service builds from {@code world}'s release list. */
    public static ExamCatalog catalogOf(UniversitySimulator.Builder world) throws Exception {
        return ExamCatalog.from(ReleaseListParser.parse(releaseList(world)));
    }

    /** The newest exam code on {@code world}'s release list. */
    public static int newestListedCode(UniversitySimulator.Builder world) throws Exception {
        return ReleaseLists.newestCode(releaseList(world));
    }

    /** What the university answers: the student's page of the exam (RC/RV page for an RC/RV query), or none. */
    static ExamAnswer answerOf(Student student, ExamQuery query) {
        List<Mark> rows = (query.isRcrv() ? student.rcrvResults() : student.results()).get(query.examCode());
        if (rows == null) {
            return new ExamAnswer.NoResult(Instant.EPOCH);
        }
        StudentDetails details =
                new StudentDetails(student.hallTicket(), student.name(), student.fatherName(), student.collegeCode());
        return new ExamAnswer.Found(
                new ResultPage(
                        "exam " + query.examCode(),
                        details,
                        rows.stream()
                                .map(m -> new SubjectResult(
                                        m.code(),
                                        m.name(),
                                        m.internal(),
                                        m.external(),
                                        m.total(),
                                        m.grade(),
                                        m.credits()))
                                .toList()),
                Instant.EPOCH);
    }

    private static String releaseList(UniversitySimulator.Builder world) throws Exception {
        try (UniversitySimulator site = world.start(0)) {
            return ReleaseLists.pageOf(site);
        }
    }
}
